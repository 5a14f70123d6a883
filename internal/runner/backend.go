// Package runner runs an agent on a set of competitions, several seeds each,
// in sealed sandboxes, and collects what the original MLE-bench's
// run_agent.py collects (environment-and-agents.md §2.3–2.8): a run group
// directory runs/<timestamp>_run-group_<agent name>/ with one run directory
// <competition id>_<uuid4> per (seed, competition) holding submission/,
// logs/, code/ and run.log, and the group's metadata.json (4-space Python
// JSON, runs in completion order, written when every run has finished).
//
// It works kind-style: [NewPlan] fixes the runs and writes them to disk
// (plan.json plus a status.json in every run directory) before anything
// runs; [Runner.Execute] runs whatever the disk says is unfinished. Resuming
// a run group after a crash or Ctrl-C is therefore [LoadPlan] followed by
// Execute.
//
// Additions to the original: a harness-enforced time limit per run;
// snapshots of the submission taken while the agent works
// (snapshots/<elapsed seconds>.csv, whenever it changed; a version seen
// before is a hard link to its first copy); a cap on what a run writes to
// its run directory ([OutputBudget], Config.MaxOutputBytes: files that do
// not fit are skipped and listed, snapshots get a quarter of it); every
// process of the sandbox is stopped (Sandbox.Wait) before anything is
// copied out; infrastructure
// failures (the sandbox could not be started, outputs could not be
// collected) are told apart from agent failures (non-zero exit, time limit)
// and retried; per-run status.json files (state, attempts, failure kind,
// timings) make a run group resumable.
//
// A run group on disk:
//
//	runs/<timestamp>_run-group_<agent name>/
//	  plan.json                 the plan (settings, runs in order)       [mlebench]
//	  metadata.json             the original's, once every run finished
//	  <competition id>_<uuid4>/ one per run
//	    run.log                 the original's per-run log ([Container] lines)
//	    submission/ logs/ code/ copied out of the sandbox
//	    status.json             state, attempts, failure kind, timings    [mlebench]
//	    snapshots/<s>.csv       the submission after s seconds            [mlebench]
//	    server/audit.jsonl      the validation server's audit log         [mlebench]
//
// The runner never imports its backends: a [Backend] is passed in.
// Package runnertest is the lifecycle suite every backend passes.
package runner

import (
	"context"
	"errors"
	"io"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
)

// Backend starts sandboxes. Implementations: runner/docker (containers) and
// runner/local (host processes).
type Backend interface {
	// Start creates the sandbox for one run: the validation server (with
	// the private answers, out of the agent's reach), the agent's /home
	// (public data read-only at /home/data), and launches the agent
	// command. It returns once the agent runs.
	Start(ctx context.Context, spec *Spec) (Sandbox, error)
}

// Sandbox is one started run.
type Sandbox interface {
	// Wait blocks until the agent exits and returns its exit status. If
	// ctx ends first, Wait terminates the agent and returns ctx's error.
	// Either way, when Wait returns every process of the sandbox has been
	// stopped — the agent and whatever it left running (daemons that
	// called setsid, processes holding leases or locks on its files) — so
	// nothing can change the outputs any more; they stay available for
	// CopyOut.
	Wait(ctx context.Context) (exitCode int, err error)
	// CopyOut copies the sandbox directory /home/<name> (name is
	// "submission", "logs" or "code") to <dst>/<name>. It returns an error
	// wrapping ErrNotFound when the directory does not exist. It may be
	// called while the agent runs (snapshots). It writes at most what
	// Spec.Outputs allows: each regular file's size is reserved from it
	// before any byte is written, and a file that does not fit is skipped
	// with a note (Skip), so a sparse file is never expanded past the cap.
	CopyOut(ctx context.Context, name, dst string) error
	// Stop terminates everything still running and releases the sandbox
	// (removing it unless the spec says to retain it). It is idempotent.
	Stop(ctx context.Context) error
}

// Preparer is implemented by backends that need one-time work per agent
// before runs start (building images, staging binaries).
type Preparer interface {
	Prepare(ctx context.Context, a *agent.Agent) error
}

// Reaper is implemented by backends that can find and remove what an
// earlier, killed runner left behind for a run group (e.g. containers
// labelled with it). Execute calls it before running anything.
type Reaper interface {
	Reap(ctx context.Context, runGroup string) error
}

// ErrNotFound is wrapped by CopyOut when the sandbox has no such directory.
var ErrNotFound = errors.New("nothing found in the sandbox at that path")

// Spec is everything a backend needs for one run.
type Spec struct {
	RunGroup    string
	RunID       string
	RunDir      string // absolute host path of the run directory
	Competition *competition.Competition
	DataDir     string // absolute host data root (public and private dirs below it)
	Agent       *agent.Agent
	// Argv launches the agent; paths are in the container layout (/home/…).
	Argv []string
	// Env is the agent environment (COMPETITION_ID, the agent's env_vars
	// with secrets resolved); the backend adds the layout variables.
	Env       []string
	Container ContainerConfig
	// HomeFiles are written to the sandbox's /home before the agent starts,
	// byte for byte (name → content): the original's instructions.txt and
	// instructions_obfuscated.txt, and validate_submission.sh (mode from
	// agent.HomeFileMode). Nil writes nothing.
	HomeFiles map[string][]byte
	// Output receives the agent's stdout and stderr.
	Output io.Writer
	Retain bool
	// Outputs is the run's allowance for what CopyOut writes (never nil
	// when the runner starts a sandbox; backends treat nil as no limit).
	Outputs *OutputBudget
}

// ServerDir is the run-directory subdirectory where backends keep the
// validation server's files (audit.jsonl, the server's own log).
const ServerDir = "server"

// AuditFile is the validation audit log's name inside ServerDir.
const AuditFile = "audit.jsonl"

// AgentIdentifier is implemented by backends that can name exactly what the
// agent ran as: an image reference and its content digest (docker), or the
// SHA-256 of the agent's program (local). It feeds the run manifests.
type AgentIdentifier interface {
	AgentIdentity(ctx context.Context, a *agent.Agent) (image, digest, binarySHA256 string)
}
