// Package agent reads agent definitions in the original MLE-bench's
// config.yaml schema (environment-and-agents.md §2.1) and turns them into
// what a sandbox needs: the argv of the agent's start command with its
// kwargs rendered as argparse or omegaconf arguments (values in Python's
// str() form), the container environment with `${{ secrets.NAME }}`
// references resolved from the host environment, and the privileged gate.
//
// YAML is read as PyYAML's safe_load reads it: YAML 1.1 scalars (yes/no/on/
// off are booleans, 1e5 is a string, 0o17 is not octal but 017 is), anchors,
// aliases and `<<` merge keys with Python dict ordering (merged keys first).
//
// It also loads the texts the sandbox shows the agent — the original's
// instructions.txt, instructions_obfuscated.txt and additional_notes.txt,
// read at run time from the original's files (see [LoadTexts]; mlebench
// ships no substitute) — and holds validate_submission.sh, the /home layout
// constants of agents/.shared_env, and the staging of an agent's files
// (copying its directory, adding the original's files it needs and building
// the static Go binaries it declares).
//
// Extensions to the original's schema (ignored by nothing, used by mlebench
// only; each optional):
//
//   - command: the argv that launches the agent instead of
//     `bash /home/agent/start.sh` (kwargs are appended). Needed by images
//     without a shell, such as the FROM-scratch dummy.
//   - binaries: a mapping of file name → Go package path (relative to the
//     repository root, the parent of agents/) compiled statically into the
//     agent's directory before its image is built or its files are staged.
//   - seed_env: the name of an environment variable the runner sets, in each
//     run's sandbox, to the run's seed (0 … n_seeds−1), so that a seeded
//     agent (the demo's baseline) does something different on each seed
//     and reproducibly the same on a seed. Agents without it get the
//     original's environment unchanged.
//   - upstream_files: file names taken from the original's agents/<name>/
//     directory when the agent's own directory lacks them (the original's
//     additional_notes.txt, which mlebench does not ship); see
//     [Agent.LoadUpstreamFiles].
package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Param is one key/value of kwargs or env_vars, in config order.
type Param struct {
	Key   string
	Value Value
}

// Agent is one agent definition.
type Agent struct {
	ID         string // the top-level key, e.g. "aide/o1-preview"
	Name       string // the directory holding config.yaml, e.g. "aide": the image tag
	Start      string // start script, relative to the agents dir
	Dockerfile string // relative to the agents dir
	Kwargs     []Param
	KwargsType string // "argparse", "omegaconf", or anything else (forwards nothing)
	EnvVars    []Param
	Privileged bool

	// Extensions (see the package doc).
	Command       []string
	Binaries      []Binary
	UpstreamFiles []string
	SeedEnv       string

	// Extra are files added to the agent's directory when it is staged
	// (filled by [Agent.LoadUpstreamFiles]), by file name.
	Extra map[string][]byte

	AgentsDir string // absolute path of the agents directory
	ConfigDir string // absolute path of the directory holding config.yaml
}

// Binary is a static Go program built into the agent's directory.
type Binary struct {
	Name    string // file name in the agent directory
	Package string // Go package path relative to the repository root, e.g. ./cmd/dummy-agent
}

// ErrNotFound is wrapped by Load when no config defines the id.
var ErrNotFound = errors.New("agent not found")

// configFiles lists every config.yaml under dir, recursively, in sorted
// order (the original walks in filesystem order, which is unspecified; we
// make it deterministic).
func configFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "config.yaml" {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scanning agents dir: %w", err)
	}
	sort.Strings(out)
	return out, nil
}

func readConfig(path string) (*Map, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if doc.Kind == 0 {
		return newMap(), nil
	}
	v, err := construct(&doc, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	switch v.Kind {
	case Mapping:
		return v.Map, nil
	case Null:
		return newMap(), nil
	}
	return nil, fmt.Errorf("%s: top level is not a mapping", path)
}

// IDs lists every top-level key of every config.yaml under agentsDir that
// looks like an agent (a mapping with a "start" key), in lookup order.
// Keys starting with "." are helpers for YAML anchors, not agents.
func IDs(agentsDir string) ([]string, error) {
	files, err := configFiles(agentsDir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, f := range files {
		m, err := readConfig(f)
		if err != nil {
			return nil, err
		}
		for _, k := range m.Keys {
			if v := m.Values[k]; v.Kind == Mapping && !strings.HasPrefix(k, ".") {
				if _, ok := v.Map.Get("start"); ok {
					ids = append(ids, k)
				}
			}
		}
	}
	return ids, nil
}

// Load finds the agent id as in the original: the first config.yaml under
// agentsDir (recursive) that has id as a top-level key. Secrets are not
// resolved here (see [Agent.Env] and [Agent.Args]).
func Load(agentsDir, id string) (*Agent, error) {
	abs, err := filepath.Abs(agentsDir)
	if err != nil {
		return nil, err
	}
	files, err := configFiles(abs)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		m, err := readConfig(f)
		if err != nil {
			return nil, err
		}
		v, ok := m.Get(id)
		if !ok {
			continue
		}
		a, err := fromValue(id, v, abs, filepath.Dir(f))
		if err != nil {
			return nil, fmt.Errorf("agent %s (%s): %w", id, f, err)
		}
		return a, nil
	}
	return nil, fmt.Errorf("Agent with id %s not found: %w", id, ErrNotFound)
}

func fromValue(id string, v Value, agentsDir, configDir string) (*Agent, error) {
	if v.Kind != Mapping {
		return nil, fmt.Errorf("entry is not a mapping")
	}
	m := v.Map
	a := &Agent{ID: id, Name: filepath.Base(configDir), AgentsDir: agentsDir, ConfigDir: configDir}
	str := func(key string, required bool) (string, error) {
		x, ok := m.Get(key)
		if !ok {
			if required {
				return "", fmt.Errorf("missing key %q", key)
			}
			return "", nil
		}
		if x.Kind != Str {
			return "", fmt.Errorf("%s must be a string", key)
		}
		return x.Text, nil
	}
	var err error
	if a.Start, err = str("start", true); err != nil {
		return nil, err
	}
	if a.Dockerfile, err = str("dockerfile", true); err != nil {
		return nil, err
	}
	if a.KwargsType, err = str("kwargs_type", false); err != nil {
		return nil, err
	}
	params := func(key string) ([]Param, error) {
		x, ok := m.Get(key)
		if !ok || x.Kind == Null {
			return nil, nil
		}
		if x.Kind != Mapping {
			return nil, fmt.Errorf("%s must be a mapping", key)
		}
		out := make([]Param, 0, len(x.Map.Keys))
		for _, k := range x.Map.Keys {
			out = append(out, Param{Key: k, Value: x.Map.Values[k]})
		}
		return out, nil
	}
	if a.Kwargs, err = params("kwargs"); err != nil {
		return nil, err
	}
	if a.EnvVars, err = params("env_vars"); err != nil {
		return nil, err
	}
	if len(a.Kwargs) > 0 {
		if _, ok := m.Get("kwargs_type"); !ok {
			return nil, fmt.Errorf("kwargs_type is required when kwargs is set")
		}
	}
	if p, ok := m.Get("privileged"); ok {
		switch p.Kind {
		case Bool:
			a.Privileged = p.Text == "True"
		case Null:
		default:
			return nil, fmt.Errorf("privileged must be a boolean")
		}
	}
	if c, ok := m.Get("command"); ok {
		if c.Kind != List || len(c.Items) == 0 {
			return nil, fmt.Errorf("command must be a non-empty list of strings")
		}
		for _, it := range c.Items {
			if it.Kind == List || it.Kind == Mapping {
				return nil, fmt.Errorf("command must be a list of strings")
			}
			a.Command = append(a.Command, it.Text)
		}
	}
	if b, ok := m.Get("binaries"); ok {
		if b.Kind != Mapping {
			return nil, fmt.Errorf("binaries must be a mapping of file name to Go package")
		}
		for _, k := range b.Map.Keys {
			pkg := b.Map.Values[k]
			if pkg.Kind != Str || k == "" || strings.ContainsAny(k, `/\`) {
				return nil, fmt.Errorf("binaries: %q must map a plain file name to a Go package path", k)
			}
			a.Binaries = append(a.Binaries, Binary{Name: k, Package: pkg.Text})
		}
	}
	if v, ok := m.Get("seed_env"); ok {
		if v.Kind != Str || !envName().MatchString(v.Text) {
			return nil, fmt.Errorf("seed_env must be an environment variable name")
		}
		a.SeedEnv = v.Text
	}
	if u, ok := m.Get("upstream_files"); ok {
		if u.Kind != List {
			return nil, fmt.Errorf("upstream_files must be a list of file names")
		}
		for _, it := range u.Items {
			if it.Kind != Str || it.Text == "" || strings.ContainsAny(it.Text, `/\`) || it.Text == "." || it.Text == ".." {
				return nil, fmt.Errorf("upstream_files: %q is not a plain file name", it.Text)
			}
			a.UpstreamFiles = append(a.UpstreamFiles, it.Text)
		}
	}
	for _, rel := range []string{a.Start, a.Dockerfile} {
		if _, err := os.Stat(filepath.Join(agentsDir, rel)); err != nil {
			return nil, fmt.Errorf("%s does not exist", filepath.Join(agentsDir, rel))
		}
	}
	return a, nil
}

// DockerfilePath is the absolute path of the agent's Dockerfile.
func (a *Agent) DockerfilePath() string { return filepath.Join(a.AgentsDir, a.Dockerfile) }

// secretRE is the original's secrets pattern, matched at the start only.
var secretRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\$\{\{\s*secrets\.(\w+)\s*\}\}`) })

// resolve replaces a string value that starts with `${{ secrets.NAME }}`
// entirely by the host variable NAME.
func resolve(v Value, getenv func(string) (string, bool)) (string, error) {
	if v.Kind != Str {
		return v.PyStr(), nil
	}
	m := secretRE().FindStringSubmatch(v.Text)
	if m == nil {
		return v.Text, nil
	}
	val, ok := getenv(m[1])
	if !ok {
		return "", fmt.Errorf("Environment variable `%s` is not set!", m[1])
	}
	return val, nil
}

// Args renders the kwargs as the original passes them to start.sh:
// argparse → "--key", "value" per kwarg; omegaconf → "key=value"; any other
// kwargs_type → nothing. Values are Python str() forms; secrets resolved
// through getenv (nil means os.LookupEnv).
func (a *Agent) Args(getenv func(string) (string, bool)) ([]string, error) {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	var out []string
	for _, p := range a.Kwargs {
		val, err := resolve(p.Value, getenv)
		if err != nil {
			return nil, err
		}
		switch a.KwargsType {
		case "argparse":
			out = append(out, "--"+p.Key, val)
		case "omegaconf":
			out = append(out, p.Key+"="+val)
		}
	}
	return out, nil
}

// Argv is the full command that launches the agent inside the sandbox:
// Command (or `bash /home/agent/start.sh`) followed by [Agent.Args].
func (a *Agent) Argv(getenv func(string) (string, bool)) ([]string, error) {
	args, err := a.Args(getenv)
	if err != nil {
		return nil, err
	}
	cmd := a.Command
	if len(cmd) == 0 {
		cmd = []string{"bash", AgentDir + "/start.sh"}
	}
	return append(append([]string(nil), cmd...), args...), nil
}

// Env is the agent's container environment in the original's order:
// COMPETITION_ID first, then env_vars in config order (a var of the same
// name overrides COMPETITION_ID in place). Values are Python str() forms; a
// null value gives a bare "KEY" (docker-py's rendering). Secrets are
// resolved through getenv (nil means os.LookupEnv).
func (a *Agent) Env(competitionID string, getenv func(string) (string, bool)) ([]string, error) {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	keys := []string{"COMPETITION_ID"}
	vals := map[string]*string{"COMPETITION_ID": &competitionID}
	for _, p := range a.EnvVars {
		if _, ok := vals[p.Key]; !ok {
			keys = append(keys, p.Key)
		}
		if p.Value.Kind == Null {
			vals[p.Key] = nil
			continue
		}
		s, err := resolve(p.Value, getenv)
		if err != nil {
			return nil, err
		}
		vals[p.Key] = &s
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if v := vals[k]; v != nil {
			out = append(out, k+"="+*v)
		} else {
			out = append(out, k)
		}
	}
	return out, nil
}

var envName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// WithSeed returns env (from [Agent.Env]) with the agent's SeedEnv set to
// seed; env itself when the agent declares no seed_env.
func (a *Agent) WithSeed(env []string, seed int) []string {
	if a.SeedEnv == "" {
		return env
	}
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k != a.SeedEnv {
			out = append(out, kv)
		}
	}
	return append(out, fmt.Sprintf("%s=%d", a.SeedEnv, seed))
}

// PrivilegedGateVar is the host variable that must be true, 1 or t to run a
// privileged agent.
const PrivilegedGateVar = "I_ACCEPT_RUNNING_PRIVILEGED_CONTAINERS"

// CheckPrivileged applies the original's gate: a privileged agent runs only
// when the host variable I_ACCEPT_RUNNING_PRIVILEGED_CONTAINERS, lower-cased,
// is "true", "1" or "t".
func (a *Agent) CheckPrivileged(getenv func(string) (string, bool)) error {
	if !a.Privileged {
		return nil
	}
	if getenv == nil {
		getenv = os.LookupEnv
	}
	v, _ := getenv(PrivilegedGateVar)
	switch strings.ToLower(v) {
	case "true", "1", "t":
		return nil
	}
	return fmt.Errorf("agent %s runs a privileged container, which gives it full access to the host; "+
		"set %s=true to accept this (see agents/README.md)", a.ID, PrivilegedGateVar)
}
