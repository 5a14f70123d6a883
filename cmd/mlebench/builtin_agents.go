package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/agents"
	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/agent/dummyagent"
	"github.com/mlebench/mlebench/internal/demo/baseline"
)

// Staged into a sandbox as a built-in agent's program, this binary (or a
// test binary of this package) is that agent.
func init() {
	if code, ok := runBuiltInProgram(os.Args); ok {
		os.Exit(code)
	}
}

// runBuiltInProgram runs the built-in agent program named by argv[0]
// (mlebench is a multi-call binary: staged as dummy-agent or
// baseline-agent it is that agent). ok is false for any other name.
func runBuiltInProgram(args []string) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch filepath.Base(args[0]) {
	case "dummy-agent":
		return dummyagent.Main(args[1:], os.Stdout, os.Getenv), true
	case "baseline-agent":
		return baseline.Main(args[1:], os.Stdout, os.Stderr), true
	}
	return 0, false
}

// isBuiltInAgent reports whether id is one of the agents shipped inside
// the binary.
func isBuiltInAgent(id string) bool { return slices.Contains(agents.BuiltInNames, id) }

// builtInAgentsDir writes the embedded definitions of the built-in agents
// into a new temporary agents directory; remove it with the returned
// function.
func builtInAgentsDir() (string, func(), error) {
	dir, err := os.MkdirTemp("", "mlebench-agents-")
	if err != nil {
		return "", nil, fmt.Errorf("built-in agents: %w", err)
	}
	cleanup := func() { os.RemoveAll(dir) }
	err = fs.WalkDir(agents.BuiltIn, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.Mkdir(target, 0o755)
		}
		b, err := agents.BuiltIn.ReadFile(p)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if filepath.Ext(p) == ".sh" {
			mode = 0o755
		}
		return os.WriteFile(target, b, mode)
	})
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("built-in agents: %w", err)
	}
	return dir, cleanup, nil
}

// builtInStage makes the running program the built-in agents' programs:
// always on the local backend (its sandbox mounts the host's libraries),
// on docker only when it is static (FROM-scratch images). ok is false when
// the program cannot serve (a cgo build on docker): the programs must then
// be built from a checkout.
func builtInStage(backend string) (agent.StageOptions, bool) {
	exe, err := os.Executable()
	if err != nil {
		return agent.StageOptions{}, false
	}
	static := agent.CheckStatic(exe) == nil
	if backend != "local" && !static {
		return agent.StageOptions{}, false
	}
	opt := agent.StageOptions{Prebuilt: map[string]string{}, PrebuiltMayBeDynamic: backend == "local"}
	for name := range agents.BuiltInPrograms {
		opt.Prebuilt[name] = exe
	}
	return opt, true
}

// errNoBuiltIn: the running program cannot serve as the built-in agents'
// programs on this backend and no checkout is at hand to build them.
var errNoBuiltIn = errors.New("this mlebench is dynamically linked (built with cgo), so it cannot serve as the built-in agents' programs in a FROM-scratch image: install it with CGO_ENABLED=0, use --backend local, or run from a checkout")
