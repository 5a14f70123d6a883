package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

var (
	staticOnce                sync.Once
	staticDir                 string
	staticServer, staticProbe string
	staticErr                 error
)

// staticBinaries builds, once per test process, a static mlebench (for the
// validation server image) and the probe agent (testdata/probeagent).
func staticBinaries(t *testing.T) (server, probe string) {
	t.Helper()
	staticOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mlebench-test-static-")
		if err != nil {
			staticErr = err
			return
		}
		staticDir = dir
		staticServer, staticProbe = filepath.Join(dir, "mlebench"), filepath.Join(dir, "probeagent")
		for out, pkg := range map[string]string{staticServer: "./cmd/mlebench", staticProbe: "./cmd/mlebench/testdata/probeagent"} {
			cmd := exec.Command("go", "build", "-trimpath", "-o", out, pkg)
			cmd.Dir = runnertest.RepoRoot(t)
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
			if b, err := cmd.CombinedOutput(); err != nil {
				staticErr = fmt.Errorf("building %s: %v\n%s", pkg, err, b)
				return
			}
		}
	})
	if staticErr != nil {
		t.Fatal(staticErr)
	}
	return staticServer, staticProbe
}

// originalSchemaAgents writes an agents/ directory exactly in the
// original's schema — config.yaml, Dockerfile, start.sh and additional
// files, no mlebench extension — whose image is built FROM scratch: the
// probe program as /bin/bash and a rootfs of its own (users, /home
// directories), since there is no mlebench-env to derive from. Its
// additional_notes.txt is the original's aide notes, as in a checkout.
func originalSchemaAgents(t *testing.T, upstream, probe string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "agents")
	dir := filepath.Join(root, "probe")
	files := map[string]string{
		"config.yaml": `probe:
  start: probe/start.sh
  dockerfile: probe/Dockerfile
  kwargs_type: argparse
  kwargs:
    steps: 3
    fast: True
  env_vars:
    PROBE_TOKEN: ${{ secrets.PROBE_TOKEN }}
`,
		"start.sh": "#!/bin/bash\nexec \"$(dirname \"$0\")/bash\" --probe \"$@\"\n",
		"Dockerfile": `FROM scratch
ARG SUBMISSION_DIR
ARG LOGS_DIR
ARG CODE_DIR
ARG AGENT_DIR
COPY rootfs/ /
COPY bash /bin/bash
COPY start.sh additional_notes.txt ${AGENT_DIR}/
ENV SUBMISSION_DIR=${SUBMISSION_DIR} LOGS_DIR=${LOGS_DIR} CODE_DIR=${CODE_DIR} AGENT_DIR=${AGENT_DIR}
WORKDIR /home
ENTRYPOINT ["/bin/bash", "idle"]
`,
		"rootfs/etc/passwd": "root:x:0:0:root:/root:/bin/bash\nnonroot:x:1000:1000::/home/nonroot:/bin/bash\n",
		"rootfs/etc/group":  "root:x:0:\nnonroot:x:1000:\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(dir, "start.sh"), 0o755)
	for _, d := range []string{"home/submission", "home/logs", "home/code", "home/agent", "home/nonroot", "tmp"} {
		p := filepath.Join(dir, "rootfs", d)
		os.MkdirAll(p, 0o777)
		os.Chmod(p, 0o777)
	}
	notes, err := os.ReadFile(filepath.Join(upstream, "agents", "aide", "additional_notes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "additional_notes.txt"), notes, 0o644)
	b, err := os.ReadFile(probe)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "bash"), b, 0o755)
	return root
}

func requireDocker(t *testing.T) {
	t.Helper()
	b, err := docker.New(docker.Options{})
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = b.Ping(ctx)
		cancel()
		b.Close()
	}
	if err != nil {
		if os.Getenv("MLEBENCH_REQUIRE_DOCKER") == "1" {
			t.Fatalf("MLEBENCH_REQUIRE_DOCKER=1 but no Docker engine: %v", err)
		}
		t.Skipf("no Docker engine: %v", err)
	}
}

// TestRunOriginalSchemaAgent runs an agent definition in the original's
// schema on both backends, and checks that the file the agent reads as
// /home/instructions.txt (and the obfuscated variant, and its
// additional_notes.txt) is byte for byte the original's, that it was
// started as run_agent.py starts it (bash /home/agent/start.sh, argparse
// kwargs, env_vars with the secret resolved, not root), and that its
// submission was collected.
func TestRunOriginalSchemaAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds static binaries and runs agents; skipped with -short")
	}
	upstream := prepareUpstreamDir(t)
	server, probe := staticBinaries(t)
	data, ids := runTestData(t)
	agents := originalSchemaAgents(t, upstream, probe)
	set := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(set, []byte(ids[0]+"\n"), 0o644)
	t.Setenv("PROBE_TOKEN", "s3cret")
	want := map[string]string{
		"seen_instructions.txt":            filepath.Join(upstream, "environment", "instructions.txt"),
		"seen_instructions_obfuscated.txt": filepath.Join(upstream, "environment", "instructions_obfuscated.txt"),
		"seen_additional_notes.txt":        filepath.Join(upstream, "agents", "aide", "additional_notes.txt"),
	}
	for _, backend := range []string{"local", "docker"} {
		t.Run(backend, func(t *testing.T) {
			args := []string{"run", "--agent-id", "probe", "--competition-set", set, "--backend", backend,
				"--data-dir", data, "--agents-dir", agents, "--upstream-dir", upstream, "--time-limit", "2m"}
			switch backend {
			case "local":
				// The original's own container config: no network mode.
				args = append(args, "--allow-unsealed", "--container-config", filepath.Join(upstream, "environment", "container-config-default.json"))
			case "docker":
				requireDocker(t)
				// This engine has no bridge network (dockerd --bridge=none).
				args = append(args, "--server-binary", server, "--network", "none")
			}
			runs := t.TempDir()
			args = append(args, "--runs-dir", runs)
			stdout, stderr, code := cliRun(t, args...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
			}
			logs, _ := filepath.Glob(filepath.Join(runs, "*_run-group_probe", ids[0]+"_*", "logs"))
			if len(logs) != 1 {
				t.Fatalf("run logs: %v\n%s", logs, stderr)
			}
			for seen, orig := range want {
				got, err := os.ReadFile(filepath.Join(logs[0], seen))
				if err != nil {
					runLog, _ := os.ReadFile(filepath.Join(filepath.Dir(logs[0]), "run.log"))
					t.Fatalf("%s: %v\nrun.log:\n%s", seen, err, runLog)
				}
				w, _ := os.ReadFile(orig)
				if string(got) != string(w) {
					t.Errorf("%s is not byte-identical to %s", seen, orig)
				}
			}
			env, _ := os.ReadFile(filepath.Join(logs[0], "seen_env.txt"))
			for _, line := range []string{"args=--steps 3 --fast True\n", "COMPETITION_ID=" + ids[0] + "\n", "PROBE_TOKEN=s3cret\n"} {
				if !strings.Contains(string(env), line) {
					t.Errorf("agent saw %q, lacks %q", env, line)
				}
			}
			if strings.Contains(string(env), "uid=0\n") && backend == "docker" {
				t.Errorf("agent ran as root: %q", env)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(logs[0]), "submission", "submission.csv")); err != nil {
				t.Errorf("submission not collected: %v", err)
			}
			plan, err := runner.LoadPlan(filepath.Dir(filepath.Dir(logs[0])))
			if err != nil {
				t.Fatal(err)
			}
			if backend == "local" && plan.Config.Container.Network != "" {
				t.Errorf("the original's container config planned network %q, want the engine default", plan.Config.Container.Network)
			}
		})
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if staticDir != "" {
		os.RemoveAll(staticDir)
	}
	os.Exit(code)
}
