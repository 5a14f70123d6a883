package agent

import (
	_ "embed"
	"fmt"
	"strings"
)

// The sandbox layout (the constants of the original's agents/.shared_env,
// plus the data and private mount points of environment-and-agents.md §1.2).
const (
	Home          = "/home"
	DataDir       = "/home/data"
	SubmissionDir = "/home/submission"
	LogsDir       = "/home/logs"
	CodeDir       = "/home/code"
	AgentDir      = "/home/agent"
	PrivateDir    = "/private"
	// ValidateURL is where the validation server answers inside a sandbox.
	ValidateURL = "http://localhost:5000/validate"
	// User is the unprivileged account agents run as in the container.
	User = "nonroot"
)

// Variables mlebench adds to every agent's environment (extensions; the
// original's agents read the fixed /home paths instead).
const (
	EnvValidateURL = "MLEBENCH_VALIDATE_URL" // the validation endpoint
	EnvHome        = "MLEBENCH_HOME"         // the sandbox's /home
	EnvPrivateDir  = "MLEBENCH_PRIVATE_DIR"  // where private data would be (for the dummy's self-check)
)

// validateScript is mlebench's /home/validate_submission.sh (a program,
// not a text the agent reads as instructions).
//
//go:embed files/validate_submission.sh
var validateScript string

// SharedEnv is the content of agents/.shared_env (no trailing newline).
func SharedEnv() string {
	return fmt.Sprintf("SUBMISSION_DIR=%s\nLOGS_DIR=%s\nCODE_DIR=%s\nAGENT_DIR=%s", SubmissionDir, LogsDir, CodeDir, AgentDir)
}

// Layout places the sandbox's /home somewhere else (the local backend) and
// gives the validation URL the agent should use.
type Layout struct {
	Home        string // replaces "/home"
	ValidateURL string // replaces ValidateURL
	PrivateDir  string // replaces "/private"
}

// Container is the layout inside an agent container.
var Container = Layout{Home: Home, ValidateURL: ValidateURL, PrivateDir: PrivateDir}

// Path maps a /home-based path (or any string containing one, such as
// "--data=/home/data") to the layout.
func (l Layout) Path(s string) string {
	if l.Home != Home && l.Home != "" {
		s = strings.ReplaceAll(s, Home+"/", strings.TrimSuffix(l.Home, "/")+"/")
		if s == Home {
			s = l.Home
		}
	}
	if l.ValidateURL != "" && l.ValidateURL != ValidateURL {
		s = strings.ReplaceAll(s, ValidateURL, l.ValidateURL)
	}
	return s
}

// DirEnv are the *_DIR variables of .shared_env and the mlebench extension
// variables, mapped to the layout.
func (l Layout) DirEnv() []string {
	return []string{
		"SUBMISSION_DIR=" + l.Path(SubmissionDir),
		"LOGS_DIR=" + l.Path(LogsDir),
		"CODE_DIR=" + l.Path(CodeDir),
		"AGENT_DIR=" + l.Path(AgentDir),
		EnvHome + "=" + l.Path(Home),
		EnvValidateURL + "=" + l.Path(ValidateURL),
		EnvPrivateDir + "=" + l.PrivateDir,
	}
}

// ValidateScript is /home/validate_submission.sh (it honours
// $MLEBENCH_VALIDATE_URL, defaulting to the container URL).
func ValidateScript() string { return validateScript }
