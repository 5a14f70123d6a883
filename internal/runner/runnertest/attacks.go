package runnertest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
)

// AttackerAgent returns an agent whose command is the attacker program
// (package ./internal/runner/runnertest/attacker, built static by the
// backend as the agent's binary "attacker") with args. Its image, for the
// Docker backend, is FROM scratch with the runner's minimal root tree and
// the binary in /home/agent; its keep-alive main process is `attacker
// idle`.
func AttackerAgent(t testing.TB, args ...string) *agent.Agent {
	t.Helper()
	root := RepoRoot(t)
	agentsDir := filepath.Join(root, "agents")
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	dockerfile := "FROM scratch\nCOPY _mlebench/rootfs/ /\nCOPY attacker /home/agent/attacker\nWORKDIR /home\nENTRYPOINT [\"/home/agent/attacker\", \"idle\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(agentsDir, filepath.Join(dir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	return &agent.Agent{
		ID: "attacker", Name: "mlebench-attacker", Dockerfile: rel,
		Command:   append([]string{"/home/agent/attacker"}, args...),
		Binaries:  []agent.Binary{{Name: "attacker", Package: "./internal/runner/runnertest/attacker"}},
		AgentsDir: agentsDir, ConfigDir: dir,
	}
}

// RunAttacker executes a one-run group of the attacker agent (args) on
// the first competition with the runner, as `mlebench run` does, and
// returns the run directory and its status. tune adjusts the config.
func RunAttacker(t *testing.T, h Harness, tune func(*runner.Config), args ...string) (string, *runner.Status) {
	t.Helper()
	a := AttackerAgent(t, args...)
	cfg := runner.Config{
		AgentID: a.ID, AgentName: a.Name, CompetitionIDs: h.Competitions[:1], Seeds: 1,
		TimeLimit: runner.Duration(2 * time.Minute), Container: h.Container,
	}
	if tune != nil {
		tune(&cfg)
	}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: a, Backend: h.Backend}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := r.Execute(ctx, plan); err != nil {
		t.Fatalf("Execute: %v", err)
	}
	dir := plan.RunDir(plan.Tasks[0])
	st, err := runner.ReadStatus(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, st
}

// usage sums the apparent and allocated sizes of the distinct regular
// files below dir (hard links once), leaving out the files of skip (hard
// links to them).
func usage(dir string, skip ...string) (apparent, allocated int64) {
	seen := map[uint64]bool{}
	for _, p := range skip {
		var st syscall.Stat_t
		if syscall.Stat(p, &st) == nil {
			seen[st.Ino] = true
		}
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || !info.Mode().IsRegular() {
			return nil
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			if seen[st.Ino] {
				return nil
			}
			seen[st.Ino] = true
			allocated += st.Blocks * 512
		}
		apparent += info.Size()
		return nil
	})
	return apparent, allocated
}

// Attacks runs the copy-out attacks against a backend through the runner:
//
//   - DaemonStoppedBeforeCopyOut: the agent leaves a setsid daemon that
//     holds a write lease on submission.csv and its output stream, and
//     rewrites the file after the agent exited. The run must end when the
//     agent exits (not at the time limit), status.json must say so, and
//     the graded submission must be the agent's, not the daemon's.
//   - SparseLogCapped: a 1 GiB sparse log is not expanded on the host; the
//     run directory stays within the output cap and says what it skipped.
//   - SparseSubmissionSnapshots: a 32 MiB sparse submission changed four
//     times costs at most a quarter of the cap in snapshots.
func Attacks(t *testing.T, h Harness) {
	t.Run("DaemonStoppedBeforeCopyOut", func(t *testing.T) {
		t0 := time.Now()
		dir, st := RunAttacker(t, h, func(c *runner.Config) {
			c.TimeLimit = runner.Duration(90 * time.Second)
			c.SnapshotInterval = runner.Duration(time.Second)
		}, "lease-daemon")
		log, _ := os.ReadFile(filepath.Join(dir, "run.log"))
		if !strings.Contains(string(log), "daemon holds a write lease") {
			t.Fatalf("the daemon did not take its lease:\n%s", log)
		}
		if st.TimedOut || st.ExitCode == nil || *st.ExitCode != 0 {
			t.Errorf("status says timed_out=%v exit_code=%v; the agent exited 0 after ~4 s", st.TimedOut, st.ExitCode)
		}
		if st.AgentSeconds <= 0 || st.AgentSeconds > 30 || st.DurationSeconds > 60 {
			t.Errorf("agent_seconds %.1f, duration_seconds %.1f, want the agent's ~4 s", st.AgentSeconds, st.DurationSeconds)
		}
		b, err := os.ReadFile(filepath.Join(dir, "submission", "submission.csv"))
		if err != nil || string(b) != "agent\n" {
			t.Errorf("graded submission %q (%v), want the agent's \"agent\\n\"", b, err)
		}
		snaps, _ := filepath.Glob(filepath.Join(dir, "snapshots", "*.csv"))
		for _, s := range snaps {
			if b, _ := os.ReadFile(s); strings.Contains(string(b), "late") {
				t.Errorf("snapshot %s was written after the agent exited: %q", filepath.Base(s), b)
			}
		}
		t.Logf("run took %v; status %+v", time.Since(t0).Round(time.Millisecond), st)
	})

	t.Run("SparseLogCapped", func(t *testing.T) {
		const capBytes = 64 << 20
		dir, st := RunAttacker(t, h, func(c *runner.Config) { c.MaxOutputBytes = capBytes }, "sparse-log", "1073741824")
		apparent, allocated := usage(dir)
		t.Logf("run directory: %d bytes apparent, %d allocated; warnings %q", apparent, allocated, st.Warnings)
		if apparent > capBytes+1<<20 || allocated > capBytes+1<<20 {
			t.Errorf("run directory holds %d bytes (%d allocated), over the %d-byte cap", apparent, allocated, capBytes)
		}
		if !strings.Contains(strings.Join(st.Warnings, "\n"), "logs/big.log") {
			t.Errorf("no warning names the skipped log: %q", st.Warnings)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "submission", "submission.csv")); err != nil || string(b) != "agent\n" {
			t.Errorf("submission %q, %v", b, err)
		}
	})

	t.Run("SparseSubmissionSnapshots", func(t *testing.T) {
		const capBytes = 64 << 20
		dir, st := RunAttacker(t, h, func(c *runner.Config) {
			c.MaxOutputBytes = capBytes
			c.SnapshotInterval = runner.Duration(300 * time.Millisecond)
		}, "sparse-submission", "33554432", "4", "1200")
		// The last snapshot is a hard link to the copied-out submission.
		apparent, allocated := usage(filepath.Join(dir, "snapshots"), filepath.Join(dir, "submission", "submission.csv"))
		t.Logf("snapshots: %d bytes apparent, %d allocated; warnings %q", apparent, allocated, st.Warnings)
		if apparent > capBytes/4 {
			t.Errorf("snapshots hold %d bytes, over a quarter of the %d-byte cap", apparent, capBytes)
		}
		all, _ := usage(dir)
		if all > capBytes+1<<20 {
			t.Errorf("run directory holds %d bytes, over the %d-byte cap", all, capBytes)
		}
		if !strings.Contains(strings.Join(st.Warnings, "\n"), "Snapshot skipped") {
			t.Errorf("no warning about skipped snapshots: %q", st.Warnings)
		}
	})
}
