//go:build linux

package local_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// Adversarial agents: each test runs a shell script as the agent (a uid of
// the agents' range) that tries to get at the private answers or at other runs, and
// checks that it fails.

// shellAgent is an agent whose command is `/bin/sh -c script`.
func shellAgent(t *testing.T, script string) *agent.Agent {
	t.Helper()
	dir := t.TempDir()
	return &agent.Agent{ID: "attacker", Name: "attacker", Command: []string{"/bin/sh", "-c", script},
		AgentsDir: filepath.Dir(dir), ConfigDir: dir}
}

// startShell starts a sandbox for the first competition running script.
func startShell(t *testing.T, h runnertest.Harness, script string, env ...string) (runner.Sandbox, *runner.Spec, *runnertest.Buffer) {
	t.Helper()
	return startShellRun(t, h, "_attack", script, env...)
}

// startShellRun is startShell with a run id suffix (concurrent runs need
// distinct run ids).
func startShellRun(t *testing.T, h runnertest.Harness, suffix, script string, env ...string) (runner.Sandbox, *runner.Spec, *runnertest.Buffer) {
	t.Helper()
	return startAgentRun(t, h, suffix, shellAgent(t, script), script, env...)
}

// startHelperRun is startShellRun with this test binary staged as
// /home/agent/helper (see TestMain).
func startHelperRun(t *testing.T, h runnertest.Harness, suffix, script string, env ...string) (runner.Sandbox, *runner.Spec, *runnertest.Buffer) {
	t.Helper()
	a := shellAgent(t, script)
	a.ConfigDir = helperAgentDir(t)
	a.AgentsDir = filepath.Dir(a.ConfigDir)
	return startAgentRun(t, h, suffix, a, script, env...)
}

func startAgentRun(t *testing.T, h runnertest.Harness, suffix string, a *agent.Agent, script string, env ...string) (runner.Sandbox, *runner.Spec, *runnertest.Buffer) {
	t.Helper()
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	out := &runnertest.Buffer{}
	runDir := t.TempDir()
	os.Chmod(runDir, 0o755)
	os.Chmod(filepath.Dir(runDir), 0o755)
	spec := &runner.Spec{RunGroup: "g", RunID: comp.ID + suffix, RunDir: runDir, Competition: comp, DataDir: h.DataDir,
		Agent: a, Argv: []string{"/bin/sh", "-c", script}, Env: append([]string{"COMPETITION_ID=" + comp.ID}, env...),
		Container: h.Container, HomeFiles: runnertest.HomeFiles(t), Output: out}
	sb, err := h.Backend.Start(t.Context(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { sb.Stop(context.Background()) })
	return sb, spec, out
}

// TestAttackRawAndOtherCompetitions: the raw download (which holds the
// test labels) and the answers of competitions other than the run's own
// must be out of the agent's reach too.
func TestAttackRawAndOtherCompetitions(t *testing.T) {
	h := harness(t)
	var targets []string
	for _, id := range h.Competitions {
		comp, _ := h.Catalog.Lookup(id)
		p := comp.PathsIn(h.DataDir)
		os.MkdirAll(p.Raw, 0o755)
		raw := filepath.Join(p.Raw, "train.csv")
		if err := os.WriteFile(raw, []byte("RAW-LABELS\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(p.Root, id+".zip"), []byte("ZIP-LABELS\n"), 0o644)
		os.Chmod(p.Private, 0o755)
		targets = append(targets, raw, filepath.Join(p.Root, id+".zip"), p.Answers)
	}
	script := `for f in ` + strings.Join(targets, " ") + `; do if cat "$f" >/dev/null 2>&1; then echo "LEAK $f"; fi; done
ls "` + h.DataDir + `" >/dev/null 2>&1 && echo "LEAK listed data dir"; true`
	sb, _, out := startShell(t, h, script)
	code, err := sb.Wait(t.Context())
	if err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	if strings.Contains(out.String(), "LEAK") {
		t.Errorf("the agent read data outside its public directory:\n%s", out)
	}
}

// TestAttackSymlinkRaceOnCopyOut: while the runner copies the submission
// out (as root, for snapshots), the agent keeps swapping a regular file and
// a symlink to the answers under the same name. The copy must never
// contain the answers.
func TestAttackSymlinkRaceOnCopyOut(t *testing.T) {
	h := harness(t)
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	answers, err := os.ReadFile(comp.PathsIn(h.DataDir).Answers)
	if err != nil {
		t.Fatal(err)
	}
	ans := comp.PathsIn(h.DataDir).Answers
	priv := comp.PathsIn(h.DataDir).Private
	script := `cd "$SUBMISSION_DIR" || exit 1
mkdir d; echo decoy > d/` + filepath.Base(ans) + `
ln -s "` + priv + `" dl
echo decoy > f.csv
while :; do
  ln -s "` + ans + `" s.tmp; mv -T s.tmp f.csv
  echo decoy > r.tmp; mv -T r.tmp f.csv
  mv -T d dir.tmp; mv -T dl d; mv -T d dl; mv -T dir.tmp d
done`
	sb, _, out := startShell(t, h, script)
	// Unfixed, the answers leaked within a dozen copies (a fraction of a
	// second); 2s gives hundreds.
	deadline := time.Now().Add(2 * time.Second)
	n := 0
	for time.Now().Before(deadline) {
		dst := t.TempDir()
		sb.CopyOut(t.Context(), "submission", dst)
		n++
		filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			if b, _ := os.ReadFile(p); bytes.Equal(b, answers) {
				t.Fatalf("copy %d: %s holds the private answers", n, p)
			}
			return nil
		})
	}
	t.Logf("%d copies, none leaked; agent output:\n%s", n, out)
}

// TestAttackSymlinksInOutputs: symlinks (to the answers, to /) and FIFOs
// left in the output directories are not followed when copying out.
func TestAttackSymlinksInOutputs(t *testing.T) {
	h := harness(t)
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	p := comp.PathsIn(h.DataDir)
	script := `cd "$SUBMISSION_DIR" && ln -s "` + p.Answers + `" submission.csv && ln -s / root && ln -s "` + p.Private + `" priv && mkfifo fifo &&
mkdir -p "$LOGS_DIR/sub" && ln -s "` + p.Private + `" "$LOGS_DIR/sub/x"`
	sb, _, out := startShell(t, h, script)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	dst := t.TempDir()
	done := make(chan error, 1)
	go func() {
		for _, name := range []string{"submission", "logs"} {
			if err := sb.CopyOut(t.Context(), name, dst); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("CopyOut: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("CopyOut hangs (opened a FIFO?)")
	}
	var got []string
	filepath.WalkDir(dst, func(q string, d os.DirEntry, err error) error {
		if err == nil && q != dst {
			rel, _ := filepath.Rel(dst, q)
			got = append(got, rel)
		}
		return nil
	})
	want := "logs logs/sub submission"
	if strings.Join(got, " ") != want {
		t.Errorf("copied %v, want only %s", got, want)
	}
}

// TestAttackEscapedProcessIsKilled: a process that leaves the agent's
// process group (setsid) and outlives the agent must not survive the run:
// it could keep working after the time limit, or tamper with later runs.
func TestAttackEscapedProcessIsKilled(t *testing.T) {
	h := harness(t)
	marker := "mlebench-escapee-" + strings.ReplaceAll(t.Name(), "/", "-")
	script := `cp /bin/sleep /tmp/` + marker + ` && setsid /tmp/` + marker + ` 600 </dev/null >/dev/null 2>&1 &
sleep 0.5; [ -x /tmp/` + marker + ` ] && echo started`
	sb, _, out := startShell(t, h, script)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 || !strings.Contains(out.String(), "started") {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	deadline := time.Now().Add(5 * time.Second)
	for processAlive(marker) {
		if time.Now().After(deadline) {
			t.Fatalf("a setsid'ed child of the agent survived the agent's exit")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAttackEscapedProcessAfterTimeLimit: the same after the harness's
// time limit.
func TestAttackEscapedProcessAfterTimeLimit(t *testing.T) {
	h := harness(t)
	marker := "mlebench-escapee-" + strings.ReplaceAll(t.Name(), "/", "-")
	script := `cp /bin/sleep /tmp/` + marker + ` && setsid /tmp/` + marker + ` 600 </dev/null >/dev/null 2>&1 &
sleep 0.5; [ -x /tmp/` + marker + ` ] && echo started; sleep 600`
	sb, _, out := startShell(t, h, script)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	if _, err := sb.Wait(ctx); err == nil || !strings.Contains(out.String(), "started") {
		t.Fatalf("Wait returned before the time limit, or the escapee did not start\n%s", out)
	}
	deadline := time.Now().Add(5 * time.Second)
	for processAlive(marker) {
		if time.Now().After(deadline) {
			t.Fatalf("a setsid'ed child of the agent survived the time limit")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func processAlive(marker string) bool {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), marker) {
			return true
		}
	}
	return false
}

// TestAttackOtherRunsOfTheGroup: an agent must not read what earlier runs
// of its group produced (other seeds' submissions, snapshots, logs, audit
// logs), neither in their run directories nor in their sandbox
// directories (kept here by Retain).
func TestAttackOtherRunsOfTheGroup(t *testing.T) {
	h := harness(t)
	// The attacker knows where the runs and the sandboxes are on the host.
	script := `find "$RUNS" "$SANDBOXES" -maxdepth 7 -type f 2>/dev/null | while read -r f; do
  cat "$f" >/dev/null 2>&1 && echo "LEAK $f"
done
ls -a "$SANDBOXES" 2>/dev/null && echo "LEAK listed $SANDBOXES"
echo "seed output" > "$SUBMISSION_DIR/submission.csv"; true`
	a := shellAgent(t, script)
	runs := t.TempDir()
	os.Chmod(runs, 0o755)
	os.Chmod(filepath.Dir(runs), 0o755)
	a.EnvVars = []agent.Param{{Key: "RUNS", Value: agent.Value{Kind: agent.Str, Text: runs}},
		{Key: "SANDBOXES", Value: agent.Value{Kind: agent.Str, Text: filepath.Join(os.TempDir(), ".mlebench-sandboxes")}}}
	cfg := runner.Config{AgentID: a.ID, AgentName: a.Name, CompetitionIDs: h.Competitions[:1], Seeds: 3,
		TimeLimit: runner.Duration(time.Minute), SnapshotInterval: runner.Duration(time.Hour), Container: h.Container, Retain: true}
	plan, err := runner.NewPlan(runs, cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, task := range plan.Tasks {
			for _, d := range sandboxDirs(task.RunID) {
				os.RemoveAll(d) // retained
			}
		}
	})
	// Give the finished runs something to read.
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: a, Backend: h.Backend, HomeFiles: runnertest.HomeFiles(t)}
	if _, err := r.Execute(t.Context(), plan); err != nil {
		t.Fatal(err)
	}
	for _, task := range plan.Tasks {
		log, _ := os.ReadFile(filepath.Join(plan.RunDir(task), "run.log"))
		if bytes.Contains(log, []byte("LEAK")) {
			t.Errorf("run %s read another run's outputs:\n%s", task.RunID, log)
		}
	}
}

// TestAttackSetuidPrograms: the agent runs with no_new_privs, so setuid and
// setgid programs (sudo, su, crontab, at) cannot lend it privileges or
// schedule work outside its PID namespace.
func TestAttackSetuidPrograms(t *testing.T) {
	h := harness(t)
	sb, _, out := startShell(t, h, `grep NoNewPrivs /proc/self/status`)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	if !strings.Contains(out.String(), "NoNewPrivs:\t1") {
		t.Errorf("the agent runs without no_new_privs:\n%s", out)
	}
}

// TestAttackConcurrentRun: two agents run at the same time; the second
// knows where the first's work tree is and tries to read and overwrite its
// files, directly and through /proc/<pid>/cwd, and to signal it.
func TestAttackConcurrentRun(t *testing.T) {
	h := harness(t)
	victim, vspec, vout := startShellRun(t, h, "_victim", `echo secret > "$SUBMISSION_DIR/secret.txt"; chmod 644 "$SUBMISSION_DIR/secret.txt"
echo ready; sleep 4; cat "$SUBMISSION_DIR/secret.txt"; echo alive`)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(vout.String(), "ready") {
		if time.Now().After(deadline) {
			t.Fatalf("victim did not start:\n%s", vout)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The victim's /home on the host.
	dirs := sandboxDirs(vspec.RunID)
	if len(dirs) != 1 {
		t.Fatalf("victim's sandbox directory: %v", dirs)
	}
	home := filepath.Join(dirs[0], "home")
	script := `T="$TARGET/submission/secret.txt"
cat "$T" 2>/dev/null && echo "LEAK read $T"
ls "$TARGET" >/dev/null 2>&1 && echo "LEAK listed $TARGET"
echo pwned > "$T" 2>/dev/null && echo "LEAK wrote $T"
for p in /proc/[0-9]*; do
  cat "$p/cwd/submission/secret.txt" 2>/dev/null && echo "LEAK read via $p/cwd"
  cat "$p/root$T" 2>/dev/null && echo "LEAK read via $p/root"
  grep -q "^MLEBENCH_HOME=$TARGET" "$p/environ" 2>/dev/null && echo "LEAK environ $p"
done
kill -9 -1 2>/dev/null; true`
	attacker, _, aout := startShellRun(t, h, "_attacker", script, "TARGET="+home)
	if code, err := attacker.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("attacker Wait = %d, %v\n%s", code, err, aout)
	}
	if strings.Contains(aout.String(), "LEAK") {
		t.Errorf("an agent reached a concurrent run's work tree:\n%s", aout)
	}
	if code, err := victim.Wait(t.Context()); err != nil || code != 0 || !strings.Contains(vout.String(), "secret\nalive") {
		t.Errorf("the victim was disturbed: Wait = %d, %v\n%s", code, err, vout)
	}
}

// TestAttackForkBomb: the agent's processes are bounded by the pids limit
// (RLIMIT_NPROC of its uid), DefaultPidsLimit by default.
func TestAttackForkBomb(t *testing.T) {
	h := harness(t)
	h.Container.PidsLimit = 40
	// A bounded "bomb": 150 background sleepers (the shell stops at the
	// first failed fork); all die with the agent (its PID namespace).
	sb, _, out := startShell(t, h, `i=0; while [ $i -lt 150 ]; do sleep 30 & echo started; i=$((i+1)); done`)
	sb.Wait(t.Context())
	n := strings.Count(out.String(), "started")
	t.Logf("%d of 150 processes started", n)
	if n == 0 || n > 40 {
		t.Errorf("the agent started %d processes with pids_limit 40:\n%s", n, out)
	}
	h.Container.PidsLimit = 0
	sb, _, out = startShellRun(t, h, "_default", `ulimit -p`)
	sb.Wait(t.Context())
	if got := strings.TrimSpace(out.String()); got != strconv.Itoa(local.DefaultPidsLimit) {
		t.Errorf("default process limit %q, want %d", got, local.DefaultPidsLimit)
	}
}

// TestAttackSharedTmp: files an agent leaves in /tmp, /var/tmp and
// /dev/shm (a note to a later run, or a trap for a concurrent one) are
// neither on the host nor visible to the next run.
func TestAttackSharedTmp(t *testing.T) {
	h := harness(t)
	name := fmt.Sprintf("mlebench-note-%d", time.Now().UnixNano())
	dirs := []string{"/tmp", "/var/tmp", "/dev/shm"}
	var write, read string
	for _, d := range dirs {
		write += fmt.Sprintf("echo note > %s/%s || echo FAILED %s; ", d, name, d)
		read += fmt.Sprintf("cat %s/%s 2>/dev/null && echo LEAK %s; ", d, name, d)
		t.Cleanup(func() { os.Remove(filepath.Join(d, name)) })
	}
	// The agent's own work tree (below /tmp here) stays usable.
	write += `echo ok > /tmp/x && cat /tmp/x && cd "$SUBMISSION_DIR" && echo id > submission.csv`
	sb, _, out := startShellRun(t, h, "_writer", write)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 || strings.Contains(out.String(), "FAILED") || !strings.Contains(out.String(), "ok") {
		t.Fatalf("writer Wait = %d, %v\n%s", code, err, out)
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			t.Errorf("the agent's %s/%s is on the host", d, name)
		}
	}
	dst := t.TempDir()
	if err := sb.CopyOut(t.Context(), "submission", dst); err != nil {
		t.Errorf("CopyOut: %v", err)
	} else if b, _ := os.ReadFile(filepath.Join(dst, "submission", "submission.csv")); string(b) != "id\n" {
		t.Errorf("copied submission %q", b)
	}
	sb.Stop(t.Context())
	sb, _, out = startShellRun(t, h, "_reader", read+"true")
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 || strings.Contains(out.String(), "LEAK") {
		t.Errorf("reader Wait = %d, %v\n%s", code, err, out)
	}
}
