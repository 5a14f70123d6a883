package docker_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

var (
	buildOnce sync.Once
	serverBin string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if serverBin != "" {
		os.RemoveAll(filepath.Dir(serverBin))
	}
	os.Exit(code)
}

// serverBinary builds a static mlebench once per test process for the
// validation server image.
func serverBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mlebench-test-server-")
		if err != nil {
			buildErr = err
			return
		}
		serverBin = filepath.Join(dir, "mlebench")
		cmd := exec.Command("go", "build", "-trimpath", "-o", serverBin, "./cmd/mlebench")
		cmd.Dir = runnertest.RepoRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building mlebench: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return serverBin
}

// backend returns a backend on a reachable engine; without one the test
// is skipped, or fails when MLEBENCH_REQUIRE_DOCKER=1 (CI).
func backend(t testing.TB) *docker.Backend {
	t.Helper()
	return backendWith(t, docker.Options{StopTimeout: 5 * time.Second})
}

// backendWith is backend with options (ServerBinary is set here).
func backendWith(t testing.TB, opt docker.Options) *docker.Backend {
	t.Helper()
	b, err := docker.New(docker.Options{StopTimeout: 5 * time.Second})
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = b.Ping(ctx)
		cancel()
		b.Close()
	}
	if err != nil {
		if os.Getenv("MLEBENCH_REQUIRE_DOCKER") == "1" {
			t.Fatalf("MLEBENCH_REQUIRE_DOCKER=1 but: %v", err)
		}
		t.Skipf("no Docker engine: %v", err)
	}
	opt.ServerBinary = serverBinary(t)
	b, err = docker.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func harness(t testing.TB) runnertest.Harness {
	t.Helper()
	return harnessWith(t, backend(t))
}

// harnessWith is harness on a given backend.
func harnessWith(t testing.TB, b *docker.Backend) runnertest.Harness {
	t.Helper()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	ids := runnertest.PrepareCompetitions(t, cat, data, 2)
	cfg := runner.DefaultContainerConfig()
	cfg.MemLimit = 512 << 20
	cfg.PidsLimit = 256
	return runnertest.Harness{Backend: b, Catalog: cat, DataDir: data, Agent: runnertest.DummyAgent(t), Competitions: ids, Container: cfg}
}

func containersOf(t *testing.T, group string) int {
	t.Helper()
	cli, err := client.New(client.FromEnv)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	res, err := cli.ContainerList(context.Background(), client.ContainerListOptions{All: true, Filters: make(client.Filters).Add("label", docker.LabelRunGroup+"="+group)})
	if err != nil {
		t.Fatal(err)
	}
	return len(res.Items)
}

func TestSuite(t *testing.T) {
	runnertest.Suite(t, harness(t))
}

func TestEndToEnd(t *testing.T) {
	h := harness(t)
	t0 := time.Now()
	res := runnertest.EndToEnd(t, h, t.TempDir(), nil)
	t.Logf("2 competitions × 2 seeds, 2 workers: %v (images ready)", time.Since(t0).Round(time.Millisecond))
	if n := containersOf(t, res.Plan.RunGroup); n != 0 {
		t.Errorf("%d containers left after the run group", n)
	}
	// The validation server ran in its own container and logged the
	// dummy's request.
	for _, task := range res.Plan.Tasks {
		audit, err := os.ReadFile(filepath.Join(res.Plan.RunDir(task), runner.ServerDir, runner.AuditFile))
		if err != nil || !strings.Contains(string(audit), `"verdict":"valid"`) {
			t.Errorf("%s: audit %q, %v", task.RunID, audit, err)
		}
	}
}

// TestReapAfterKilledRunner: a runner that dies leaves containers and its
// snapshot helper volume behind; the next Execute of the group (resume)
// removes them first.
func TestReapAfterKilledRunner(t *testing.T) {
	h := harness(t)
	a := runnertest.DummyAgent(t)
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "1h"}})
	if err := h.Backend.(runner.Preparer).Prepare(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	argv, _ := a.Argv(nil)
	env, _ := a.Env(comp.ID, nil)
	// Unique across test processes (TempDir's parent has a random suffix).
	group := "reap-test-" + strings.ToLower(filepath.Base(filepath.Dir(t.TempDir())))
	spec := &runner.Spec{RunGroup: group, RunID: "r1", RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: a,
		Argv: argv, Env: env, Container: h.Container, HomeFiles: runnertest.HomeFiles(t), Output: &runnertest.Buffer{}}
	if _, err := h.Backend.Start(context.Background(), spec); err != nil {
		t.Fatal(err)
	}
	// No Stop: the runner "died".
	if n := containersOf(t, group); n != 2 {
		t.Fatalf("%d containers for the group, want 2", n)
	}
	if n := helperVolumesOf(t, group); n != 1 {
		t.Fatalf("%d helper volumes for the group, want 1", n)
	}
	// The resumed runner is another process: another backend.
	if err := backend(t).Reap(context.Background(), group); err != nil {
		t.Fatal(err)
	}
	if n := containersOf(t, group); n != 0 {
		t.Errorf("%d containers left after Reap", n)
	}
	if n := helperVolumesOf(t, group); n != 0 {
		t.Errorf("%d helper volumes left after Reap", n)
	}
}

// TestCancelAndResume: Ctrl-C mid-run stops and removes the containers;
// the resumed group finishes with every run done once.
func TestCancelAndResume(t *testing.T) {
	h := harness(t)
	slow := runnertest.DummyAgent(t)
	slow.EnvVars = append(slow.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "1h"}})
	cfg := runner.Config{AgentID: slow.ID, AgentName: slow.Name, CompetitionIDs: h.Competitions, Seeds: 1,
		TimeLimit: runner.Duration(time.Minute), Container: h.Container}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: slow, Backend: h.Backend, Workers: 2, HomeFiles: runnertest.HomeFiles(t),
		OnProgress: func(p runner.Progress) {
			if p.Running == 2 {
				time.AfterFunc(2*time.Second, cancel)
			}
		}}
	if _, err := r.Execute(ctx, plan); !errors.Is(err, context.Canceled) {
		t.Fatalf("Execute = %v, want canceled", err)
	}
	if n := containersOf(t, plan.RunGroup); n != 0 {
		t.Errorf("%d containers left after Ctrl-C", n)
	}
	sts, _ := plan.Statuses()
	for _, s := range sts {
		if s.State != runner.StateInterrupted {
			t.Errorf("%s: %s after Ctrl-C", s.RunID, s.State)
		}
	}
	r2 := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: h.Agent, Backend: h.Backend, Workers: 2, HomeFiles: runnertest.HomeFiles(t)}
	loaded, err := runner.LoadPlan(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	loaded.Config.AgentID = h.Agent.ID
	res, err := r2.Execute(context.Background(), loaded)
	if err != nil {
		t.Fatal(err)
	}
	if res.Ran != len(plan.Tasks) {
		t.Errorf("resume ran %d, want %d", res.Ran, len(plan.Tasks))
	}
	for _, task := range plan.Tasks {
		log, _ := os.ReadFile(filepath.Join(plan.RunDir(task), "run.log"))
		if n := strings.Count(string(log), "Run completed in"); n != 1 {
			t.Errorf("%s completed %d times", task.RunID, n)
		}
	}
	if _, err := os.Stat(filepath.Join(plan.Dir, runner.MetadataFile)); err != nil {
		t.Error(err)
	}
}
