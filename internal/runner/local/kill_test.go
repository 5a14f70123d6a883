//go:build linux

package local_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// slowDummy is the dummy agent sleeping a while after its checks, so that
// runs are in flight when the runner is killed.
func slowDummy(t *testing.T, d string) *agent.Agent {
	a := runnertest.DummyAgent(t)
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: d}})
	return a
}

// TestKillAndResume runs a run group in a child process (this test
// binary), SIGKILLs it while runs are in flight, checks that no agent
// process survives it, then resumes the group here and checks that every
// run ends done exactly once.
func TestKillAndResume(t *testing.T) {
	if dir := os.Getenv("MLEBENCH_KILL_CHILD_PLAN"); dir != "" {
		killChild(t, dir, os.Getenv("MLEBENCH_KILL_CHILD_DATA"))
		return
	}
	if testing.Short() {
		t.Skip("spawns a runner process")
	}
	h := harness(t)
	a := slowDummy(t, "3s")
	cfg := runner.Config{AgentID: a.ID, AgentName: a.Name, CompetitionIDs: h.Competitions, Seeds: 2,
		TimeLimit: runner.Duration(time.Minute), Container: h.Container}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}

	child := exec.Command(os.Args[0], "-test.run=^TestKillAndResume$", "-test.v")
	// The killed child cannot clean up its staged agent files: keep them
	// in a directory this test removes (traversable: the agents' work
	// trees go there too).
	tmp := t.TempDir()
	os.Chmod(tmp, 0o755)
	os.Chmod(filepath.Dir(tmp), 0o755)
	child.Env = append(os.Environ(), "MLEBENCH_KILL_CHILD_PLAN="+plan.Dir, "MLEBENCH_KILL_CHILD_DATA="+h.DataDir, "TMPDIR="+tmp)
	var out runnertest.Buffer
	child.Stdout, child.Stderr = &out, &out
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once one run is done and the agent of another is running.
	deadline := time.Now().Add(2 * time.Minute)
	var running []string
	for {
		sts, err := plan.Statuses()
		if err != nil {
			t.Fatal(err)
		}
		done, alive := 0, false
		running = running[:0]
		for _, s := range sts {
			switch s.State {
			case runner.StateDone:
				done++
			case runner.StateRunning:
				running = append(running, s.RunID)
				alive = alive || agentAlive(s.RunID)
			}
		}
		if done >= 1 && alive {
			break
		}
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatalf("child made no progress; output:\n%s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	child.Wait()

	// The parent-death signal takes the agents down with the runner.
	for _, id := range running {
		deadline := time.Now().Add(10 * time.Second)
		for agentAlive(id) {
			if time.Now().After(deadline) {
				t.Fatalf("agent process of %s survived the runner:\n%s", id, agentProcs(id))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if _, err := os.Stat(filepath.Join(plan.Dir, runner.MetadataFile)); !os.IsNotExist(err) {
		t.Errorf("metadata.json exists after the kill")
	}

	// Resume from disk.
	loaded, err := runner.LoadPlan(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := loaded.Statuses()
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: a, Backend: h.Backend, Workers: 2, HomeFiles: runnertest.HomeFiles(t)}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	res, err := r.Execute(ctx, loaded)
	if err != nil {
		t.Fatal(err)
	}
	wantRan := 0
	for _, s := range before {
		if s.State != runner.StateDone {
			wantRan++
		}
	}
	if res.Ran != wantRan {
		t.Errorf("resume ran %d runs, want %d", res.Ran, wantRan)
	}
	for i, task := range loaded.Tasks {
		st, _ := runner.ReadStatus(loaded.RunDir(task))
		if st.State != runner.StateDone {
			t.Errorf("%s: %s", task.RunID, st.State)
		}
		if before[i].State == runner.StateDone && st.Attempts != before[i].Attempts {
			t.Errorf("%s was done before the kill but ran again (attempts %d → %d)", task.RunID, before[i].Attempts, st.Attempts)
		}
		log, _ := os.ReadFile(filepath.Join(loaded.RunDir(task), "run.log"))
		if n := strings.Count(string(log), "Run completed in"); n != 1 {
			t.Errorf("%s completed %d times:\n%s", task.RunID, n, log)
		}
	}
	runnertest.CheckRunGroup(t, h, loaded)
}

// agentAlive reports whether a process whose command line mentions the
// run id (its work tree) still exists.
func agentAlive(runID string) bool { return agentProcs(runID) != "" }

// agentProcs describes the processes whose command line mentions the run
// id and the dummy agent: pid, command line and the state lines of
// /proc/PID/status ("" when there are none).
func agentProcs(runID string) string {
	var desc strings.Builder
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), runID) || !strings.Contains(string(b), "dummy-agent") {
			continue
		}
		fmt.Fprintf(&desc, "%s: %q\n", filepath.Dir(p), strings.ReplaceAll(string(b), "\x00", " "))
		st, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "status"))
		for _, l := range strings.Split(string(st), "\n") {
			for _, k := range []string{"State:", "PPid:", "NSpid:", "Uid:", "SigCgt:", "SigBlk:"} {
				if strings.HasPrefix(l, k) {
					fmt.Fprintf(&desc, "  %s\n", l)
				}
			}
		}
	}
	return desc.String()
}

func killChild(t *testing.T, planDir, dataDir string) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	b, err := local.New(local.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p, err := runner.LoadPlan(planDir)
	if err != nil {
		t.Fatal(err)
	}
	r := &runner.Runner{Catalog: cat, DataDir: dataDir, Agent: slowDummy(t, "3s"), Backend: b, Workers: 2, HomeFiles: runnertest.HomeFiles(t)}
	r.Execute(context.Background(), p)
}
