package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstalledBinaryRunsBuiltInAgents: one binary is enough. mlebench is
// built (static, as `CGO_ENABLED=0 go install` makes it), copied alone into
// an empty directory and run from there with no Go toolchain on PATH and no
// checkout around: `run --agent dummy` and `demo` work, the binary serving
// as the built-in agents' programs.
func TestInstalledBinaryRunsBuiltInAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mlebench and runs the demo; skipped with -short")
	}
	if os.Geteuid() != 0 {
		t.Skip("the local backend seals runs only as root")
	}
	data, ids := runTestData(t)
	upstream := prepareUpstreamDir(t)
	bin := filepath.Join(t.TempDir(), "mlebench")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir() // empty: no agents/, no checkout above it
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + t.TempDir(), "MLEBENCH_UPSTREAM_DIR="}
	mlebench := func(args ...string) (string, string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = work, env
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		return out.String(), errb.String(), err
	}
	set := filepath.Join(work, "set.txt")
	os.WriteFile(set, []byte(ids[0]+"\n"), 0o644)
	stdout, stderr, err := mlebench("run", "--agent", "dummy", "--competition-set", "set.txt", "--backend", "local",
		"--data-dir", data, "--upstream-dir", upstream, "--snapshot-interval", "0")
	if err != nil || !strings.Contains(stderr, "runs: 1/1 done") {
		t.Fatalf("run: %v\nstdout %s\nstderr:\n%s", err, stdout, stderr)
	}
	group := strings.TrimSpace(stdout)
	if !strings.HasPrefix(group, filepath.Join(work, "runs")) {
		t.Errorf("run group %q not under %s/runs", group, work)
	}
	runDirs, _ := filepath.Glob(filepath.Join(group, ids[0]+"_*"))
	if len(runDirs) != 1 {
		t.Fatalf("run dirs %v", runDirs)
	}
	if _, err := os.Stat(filepath.Join(runDirs[0], "submission", "submission.csv")); err != nil {
		t.Errorf("the dummy agent wrote no submission: %v", err)
	}
	stdout, stderr, err = mlebench("demo", "--seeds", "1", "--out", filepath.Join(work, "demo"))
	if err != nil || !strings.Contains(stdout, "Any medal (%)") {
		t.Fatalf("demo: %v\nstdout %s\nstderr:\n%s", err, stdout, stderr)
	}
}
