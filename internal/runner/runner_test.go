package runner_test

import (
	"github.com/mlebench/mlebench/internal/manifest"

	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/runner"
)

var testComps = []string{"spaceship-titanic", "spooky-author-identification"}

// fixture: facts-only catalog, prepared dirs, an agent.
func fixture(t *testing.T, agentYAML string) (*competition.Catalog, string, *agent.Agent) {
	t.Helper()
	cat, err := competition.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	for _, id := range testComps {
		comp, _ := cat.Lookup(id)
		p := comp.PathsIn(data)
		os.MkdirAll(p.Public, 0o755)
		os.MkdirAll(p.Private, 0o755)
		os.WriteFile(p.Answers, []byte("id,y\n1,0\n"), 0o644)
		os.WriteFile(p.SampleSubmission, []byte("id,y\n1,1\n"), 0o644)
	}
	agents := t.TempDir()
	os.MkdirAll(filepath.Join(agents, "fake"), 0o755)
	if agentYAML == "" {
		agentYAML = "fake:\n  start: fake/start.sh\n  dockerfile: fake/Dockerfile\n  env_vars:\n    MODE: ok\n"
	}
	os.WriteFile(filepath.Join(agents, "fake", "config.yaml"), []byte(agentYAML), 0o644)
	os.WriteFile(filepath.Join(agents, "fake", "start.sh"), nil, 0o755)
	os.WriteFile(filepath.Join(agents, "fake", "Dockerfile"), nil, 0o644)
	a, err := agent.Load(agents, "fake")
	if err != nil {
		t.Fatal(err)
	}
	return cat, data, a
}

// fakeBackend runs "agents" in memory. Behaviour per run comes from
// behave(spec, start number of that run).
type fakeBackend struct {
	mu       sync.Mutex
	starts   map[string]int
	running  int
	maxConc  int
	prepared int
	reaped   []string
	behave   func(spec *runner.Spec, n int) behaviour
}

type behaviour struct {
	startErr error
	code     int
	block    bool          // until ctx ends
	delay    time.Duration // before exiting
	// after, when set, holds the agent back until it is closed (before
	// the delay): runs that must overlap do, however slow the machine.
	after   <-chan struct{}
	files   map[string]string
	rewrite map[string]string // after half the delay
	copyErr error
	// run, when set, is the agent: it gets the sandbox's home and its
	// return value is the exit status.
	run func(home string) int
	// fileReader makes the sandbox a runner.FileReader.
	fileReader bool
	// stallWhileRunning makes CopyOut and ReadFile block until their ctx
	// ends while the agent runs (a lease on Docker).
	stallWhileRunning bool
}

func (b *fakeBackend) Prepare(ctx context.Context, a *agent.Agent) error {
	b.mu.Lock()
	b.prepared++
	b.mu.Unlock()
	return nil
}

func (b *fakeBackend) Reap(ctx context.Context, group string) error {
	b.mu.Lock()
	b.reaped = append(b.reaped, group)
	b.mu.Unlock()
	return nil
}

func (b *fakeBackend) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	b.mu.Lock()
	if b.starts == nil {
		b.starts = map[string]int{}
	}
	b.starts[spec.RunID]++
	n := b.starts[spec.RunID]
	beh := behaviour{files: map[string]string{"submission/submission.csv": "id,y\n1,1\n", "logs/a.log": "x", "code/a.py": "y"}}
	if b.behave != nil {
		beh = b.behave(spec, n)
	}
	if beh.startErr != nil {
		b.mu.Unlock()
		return nil, beh.startErr
	}
	b.running++
	if b.running > b.maxConc {
		b.maxConc = b.running
	}
	b.mu.Unlock()
	home, err := os.MkdirTemp("", "fakehome")
	if err != nil {
		return nil, err
	}
	write := func(files map[string]string) {
		for f, c := range files {
			os.MkdirAll(filepath.Join(home, filepath.Dir(f)), 0o755)
			os.WriteFile(filepath.Join(home, f), []byte(c), 0o644)
		}
	}
	write(beh.files)
	fmt.Fprintf(spec.Output, "fake agent for %s\nargv %v env %v\n", spec.RunID, spec.Argv, spec.Env)
	sb := &fakeSandbox{b: b, home: home, beh: beh, write: write, running: make(chan struct{})}
	if beh.fileReader {
		return &fileReaderSandbox{sb}, nil
	}
	return sb, nil
}

type fileReaderSandbox struct{ *fakeSandbox }

func (s *fileReaderSandbox) ReadFile(ctx context.Context, rel string, max int64) (io.ReadCloser, int64, error) {
	if err := s.stall(ctx); err != nil {
		return nil, 0, err
	}
	return runner.OpenNoWait(filepath.Join(s.home, rel), max)
}

// stall blocks until ctx ends while the agent runs, if the behaviour asks.
func (s *fakeSandbox) stall(ctx context.Context) error {
	if !s.beh.stallWhileRunning {
		return nil
	}
	select {
	case <-s.running:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

type fakeSandbox struct {
	b       *fakeBackend
	home    string
	beh     behaviour
	write   func(map[string]string)
	stopped bool
	running chan struct{} // closed when Wait returns
	once    sync.Once
}

func (s *fakeSandbox) Wait(ctx context.Context) (int, error) {
	defer s.once.Do(func() { close(s.running) })
	if s.beh.run != nil {
		return s.beh.run(s.home), nil
	}
	if s.beh.block {
		<-ctx.Done()
		return -1, ctx.Err()
	}
	if s.beh.after != nil {
		select {
		case <-s.beh.after:
		case <-ctx.Done():
			return -1, ctx.Err()
		}
	}
	if s.beh.delay > 0 {
		select {
		case <-time.After(s.beh.delay / 2):
		case <-ctx.Done():
			return -1, ctx.Err()
		}
		s.write(s.beh.rewrite)
		select {
		case <-time.After(s.beh.delay / 2):
		case <-ctx.Done():
			return -1, ctx.Err()
		}
	}
	return s.beh.code, nil
}

func (s *fakeSandbox) CopyOut(ctx context.Context, name, dst string) error {
	if s.beh.copyErr != nil {
		return s.beh.copyErr
	}
	if err := s.stall(ctx); err != nil {
		return err
	}
	src := filepath.Join(s.home, name)
	if _, err := os.Stat(src); err != nil {
		return runner.ErrNotFound
	}
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.home, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

func (s *fakeSandbox) Stop(ctx context.Context) error {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if !s.stopped {
		s.stopped = true
		s.b.running--
		os.RemoveAll(s.home)
	}
	return nil
}

func plan(t *testing.T, a *agent.Agent, seeds int, tune func(*runner.Config)) *runner.Plan {
	t.Helper()
	cfg := runner.Config{AgentID: a.ID, AgentName: a.Name, CompetitionIDs: testComps, Seeds: seeds, TimeLimit: runner.Duration(time.Minute)}
	if tune != nil {
		tune(&cfg)
	}
	p, err := runner.NewPlan(t.TempDir(), cfg, time.Date(2024, 10, 8, 14, 3, 56, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlanLayout(t *testing.T) {
	_, _, a := fixture(t, "")
	p := plan(t, a, 2, nil)
	if p.RunGroup != "2024-10-08T14-03-56-GMT_run-group_fake" {
		t.Errorf("run group %q", p.RunGroup)
	}
	var order []string
	for _, task := range p.Tasks {
		order = append(order, fmt.Sprintf("%d:%s", task.Seed, task.CompetitionID))
		if !strings.HasPrefix(task.RunID, task.CompetitionID+"_") || len(task.RunID) != len(task.CompetitionID)+1+36 {
			t.Errorf("run id %q", task.RunID)
		}
		st, err := runner.ReadStatus(p.RunDir(task))
		if err != nil || st.State != runner.StatePending {
			t.Errorf("status %+v, %v", st, err)
		}
	}
	want := []string{"0:spaceship-titanic", "0:spooky-author-identification", "1:spaceship-titanic", "1:spooky-author-identification"}
	if !slices.Equal(order, want) {
		t.Errorf("plan order %v, want %v", order, want)
	}
	loaded, err := runner.LoadPlan(p.Dir)
	if err != nil || !slices.Equal(loaded.Tasks, p.Tasks) || loaded.Config.TimeLimit != p.Config.TimeLimit {
		t.Errorf("LoadPlan = %+v, %v", loaded, err)
	}
	if err := p.Write(); err == nil {
		t.Error("writing a plan over an existing run group succeeded")
	}
}

func TestExecuteWritesMetadataInCompletionOrder(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 2, nil)
	// Later-planned runs finish first, once all four have started.
	allStarted := make(chan struct{})
	started := 0
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		d := 400 * time.Millisecond
		if strings.HasPrefix(spec.RunID, "spooky") {
			d = 50 * time.Millisecond
		}
		if started++; started == 4 {
			close(allStarted)
		}
		return behaviour{delay: d, after: allStarted, files: map[string]string{"submission/submission.csv": "id,y\n1,1\n"}}
	}}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be, Workers: 4}
	res, err := r.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if be.maxConc != 4 || be.prepared != 1 || len(be.reaped) != 1 || be.reaped[0] != p.RunGroup {
		t.Errorf("concurrency %d, prepared %d, reaped %v", be.maxConc, be.prepared, be.reaped)
	}
	b, err := os.ReadFile(filepath.Join(p.Dir, "metadata.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if strings.HasSuffix(s, "\n") || !strings.HasPrefix(s, "{\n    \"run_group\": \""+p.RunGroup+"\",\n    \"created_at\": \"") {
		t.Errorf("metadata.json format:\n%s", s)
	}
	var spookyLast, spaceFirst int = -1, len(s)
	for _, task := range res.Plan.Tasks {
		i := strings.Index(s, task.RunID)
		if i < 0 {
			t.Errorf("%s missing from metadata", task.RunID)
		}
		if strings.HasPrefix(task.RunID, "spooky") && i > spookyLast {
			spookyLast = i
		}
		if strings.HasPrefix(task.RunID, "spaceship") && i < spaceFirst {
			spaceFirst = i
		}
		st, _ := runner.ReadStatus(p.RunDir(task))
		if st.State != runner.StateDone || !st.Success || st.Attempts != 1 {
			t.Errorf("status %+v", st)
		}
		log, _ := os.ReadFile(filepath.Join(p.RunDir(task), "run.log"))
		if !strings.Contains(string(log), "] [runner] [Container] fake agent for "+task.RunID) {
			t.Errorf("run.log lacks the agent output:\n%s", log)
		}
		// Agent args and env: COMPETITION_ID first, then env_vars.
		if !strings.Contains(string(log), "argv [bash /home/agent/start.sh] env [COMPETITION_ID="+task.CompetitionID+" MODE=ok]") {
			t.Errorf("run.log: argv/env not as expected:\n%s", log)
		}
	}
	if spookyLast > spaceFirst {
		t.Errorf("metadata not in completion order:\n%s", s)
	}
	// The original's key layout, nested 4-space indentation.
	if !strings.Contains(s, "\n    \"runs\": {\n        \"") || !strings.Contains(s, "\": {\n            \"success\": true\n        }") {
		t.Errorf("metadata.json layout:\n%s", s)
	}
}

func TestAgentFailureAndTimeoutAreNotInfraFailures(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 1, func(c *runner.Config) { c.TimeLimit = runner.Duration(300 * time.Millisecond) })
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		if strings.HasPrefix(spec.RunID, "spooky") {
			return behaviour{block: true, files: map[string]string{"submission/submission.csv": "early"}}
		}
		return behaviour{code: 3}
	}}
	var events []runner.Progress
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be, Workers: 2, Retries: 3,
		OnProgress: func(p runner.Progress) { events = append(events, p) }}
	if _, err := r.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	// The run the time limit stopped is reported as timed out, not done.
	last := events[len(events)-1]
	if last.Done != len(p.Tasks) || last.TimedOut != 1 {
		t.Errorf("last progress %+v, want every run finished and 1 timed out", last)
	}
	for _, ev := range events {
		if strings.HasPrefix(ev.RunID, "spooky") && ev.Event == "done" || !strings.HasPrefix(ev.RunID, "spooky") && ev.Event == "timed_out" {
			t.Errorf("event %q for %s", ev.Event, ev.RunID)
		}
	}
	for _, task := range p.Tasks {
		st, _ := runner.ReadStatus(p.RunDir(task))
		if st.State != runner.StateDone || !st.Success || st.Attempts != 1 || len(st.InfraFailures) != 0 {
			t.Errorf("%s: %+v", task.CompetitionID, st)
		}
		switch task.CompetitionID {
		case "spooky-author-identification":
			if !st.TimedOut || st.FailureKind != runner.FailureTimeout {
				t.Errorf("timeout not recorded: %+v", st)
			}
			// No exit code next to timed_out: the agent had none.
			raw, _ := os.ReadFile(filepath.Join(p.RunDir(task), runner.StatusFile))
			if strings.Contains(string(raw), "exit_code") || !strings.Contains(string(raw), `"timed_out": true`) {
				t.Errorf("status.json of a timed-out run:\n%s", raw)
			}
			b, err := os.ReadFile(filepath.Join(p.RunDir(task), "submission", "submission.csv"))
			if err != nil || string(b) != "early" {
				t.Errorf("outputs not collected after the time limit: %q %v", b, err)
			}
		default:
			if st.ExitCode == nil || *st.ExitCode != 3 || st.FailureKind != runner.FailureAgent {
				t.Errorf("agent failure not recorded: %+v", st)
			}
		}
	}
}

func TestInfraFailuresAreRetriedThenRecorded(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 1, nil)
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		ok := behaviour{files: map[string]string{"submission/submission.csv": "x"}}
		switch {
		case strings.HasPrefix(spec.RunID, "spaceship") && n == 1:
			return behaviour{startErr: errors.New("engine hiccup")}
		case strings.HasPrefix(spec.RunID, "spooky"):
			return behaviour{copyErr: errors.New("archive broken")}
		}
		return ok
	}}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be, Workers: 1, Retries: 1}
	res, err := r.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() != 1 {
		t.Errorf("Failed() = %d", res.Failed())
	}
	for _, task := range p.Tasks {
		st, _ := runner.ReadStatus(p.RunDir(task))
		switch task.CompetitionID {
		case "spaceship-titanic":
			if st.State != runner.StateDone || st.Attempts != 2 || len(st.InfraFailures) != 1 || !strings.Contains(st.InfraFailures[0], "engine hiccup") {
				t.Errorf("retried run: %+v", st)
			}
		default:
			if st.State != runner.StateFailed || st.Success || st.FailureKind != runner.FailureInfra || st.Attempts != 2 || len(st.InfraFailures) != 2 {
				t.Errorf("failed run: %+v", st)
			}
		}
	}
	b, _ := os.ReadFile(filepath.Join(p.Dir, "metadata.json"))
	if !strings.Contains(string(b), "\"success\": false") || !strings.Contains(string(b), "\"success\": true") {
		t.Errorf("metadata:\n%s", b)
	}
}

// TestCancelThenResume: Ctrl-C (context cancel) in the middle of a run
// group stops the running sandboxes, writes no metadata, and a resume runs
// exactly the unfinished runs, each once.
func TestCancelThenResume(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 3, nil) // 6 runs
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	be := &fakeBackend{}
	be.behave = func(spec *runner.Spec, n int) behaviour {
		// The first two runs finish; the third start cancels everything.
		total := 0
		for _, c := range be.starts {
			total += c
		}
		if total >= 3 {
			once.Do(func() { time.AfterFunc(50*time.Millisecond, cancel) })
			return behaviour{block: true}
		}
		return behaviour{files: map[string]string{"submission/submission.csv": "x"}}
	}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be, Workers: 2}
	_, err := r.Execute(ctx, p)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Execute = %v, want canceled", err)
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "metadata.json")); !os.IsNotExist(err) {
		t.Error("metadata.json written for an interrupted run group")
	}
	if be.running != 0 {
		t.Errorf("%d sandboxes left running", be.running)
	}
	states := map[runner.State]int{}
	sts, _ := p.Statuses()
	for _, s := range sts {
		states[s.State]++
	}
	if states[runner.StateDone] != 2 || states[runner.StateInterrupted] < 1 || states[runner.StateRunning] != 0 {
		t.Fatalf("states after cancel: %v", states)
	}
	doneBefore := map[string]bool{}
	for _, s := range sts {
		if s.State == runner.StateDone {
			doneBefore[s.RunID] = true
		}
	}

	// Resume from disk with a fresh backend.
	loaded, err := runner.LoadPlan(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	be2 := &fakeBackend{}
	r2 := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be2, Workers: 2}
	res, err := r2.Execute(context.Background(), loaded)
	if err != nil {
		t.Fatal(err)
	}
	if res.Ran != 4 {
		t.Errorf("resume ran %d runs, want 4", res.Ran)
	}
	for id := range doneBefore {
		if be2.starts[id] != 0 {
			t.Errorf("finished run %s ran again", id)
		}
	}
	for _, task := range p.Tasks {
		if !doneBefore[task.RunID] && be2.starts[task.RunID] != 1 {
			t.Errorf("unfinished run %s started %d times on resume", task.RunID, be2.starts[task.RunID])
		}
		st, _ := runner.ReadStatus(p.RunDir(task))
		if st.State != runner.StateDone {
			t.Errorf("%s: %s after resume", task.RunID, st.State)
		}
		log, _ := os.ReadFile(filepath.Join(p.RunDir(task), "run.log"))
		if n := strings.Count(string(log), "Run completed in"); n != 1 {
			t.Errorf("%s completed %d times", task.RunID, n)
		}
	}
	b, _ := os.ReadFile(filepath.Join(p.Dir, "metadata.json"))
	if strings.Count(string(b), "\"success\": true") != 6 {
		t.Errorf("metadata after resume:\n%s", b)
	}
	// A second resume has nothing to do.
	be3 := &fakeBackend{}
	r3 := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be3, Workers: 2}
	if res, err := r3.Execute(context.Background(), loaded); err != nil || res.Ran != 0 || len(be3.starts) != 0 || be3.prepared != 0 {
		t.Errorf("second resume: ran %d, starts %v, err %v", res.Ran, be3.starts, err)
	}
}

func TestSnapshots(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 1, func(c *runner.Config) {
		c.CompetitionIDs = testComps[:1]
		c.SnapshotInterval = runner.Duration(100 * time.Millisecond)
	})
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		return behaviour{delay: 2200 * time.Millisecond,
			files:   map[string]string{"submission/submission.csv": "v1"},
			rewrite: map[string]string{"submission/submission.csv": "v2"}}
	}}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be}
	if _, err := r.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	snaps, _ := filepath.Glob(filepath.Join(p.RunDir(p.Tasks[0]), "snapshots", "*.csv"))
	var contents []string
	for _, s := range snaps {
		b, _ := os.ReadFile(s)
		contents = append(contents, string(b))
	}
	slices.Sort(contents)
	if !slices.Equal(contents, []string{"v1", "v2"}) {
		t.Errorf("snapshots %v: %v", snaps, contents)
	}

	// The run's manifest hashes the submission and every snapshot; the run
	// group's manifest hashes the run's manifest.
	runDir := p.RunDir(p.Tasks[0])
	m, err := manifest.ReadRun(filepath.Join(runDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if m.RunID != p.Tasks[0].RunID || m.Agent.ID != a.ID || m.TimeLimitSeconds <= 0 || m.WallSeconds <= 0 || m.Hardware.CPUModel == "" {
		t.Errorf("manifest %+v", m)
	}
	hashes := map[string]string{}
	for _, f := range m.Files {
		hashes[f.Path] = f.SHA256
	}
	want, _, _ := manifest.HashFile(filepath.Join(runDir, "submission", "submission.csv"))
	if hashes["submission/submission.csv"] != want || len(m.Files) != 1+len(snaps) {
		t.Errorf("manifest files %+v (submission %s, %d snapshots)", m.Files, want, len(snaps))
	}
	gb, err := os.ReadFile(filepath.Join(p.Dir, "manifest.json"))
	runHash, _, _ := manifest.HashFile(filepath.Join(runDir, "manifest.json"))
	if err != nil || !strings.Contains(string(gb), runHash) {
		t.Errorf("group manifest lacks the run's manifest hash %s:\n%s", runHash, gb)
	}
}

func TestChecksBeforeRunning(t *testing.T) {
	cat, data, a := fixture(t, "")
	// Not prepared.
	p := plan(t, a, 1, func(c *runner.Config) { c.CompetitionIDs = []string{"leaf-classification"} })
	be := &fakeBackend{}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be}
	_, err := r.Execute(context.Background(), p)
	if err == nil || err.Error() != "Dataset for competition `leaf-classification` is not prepared! Please run `mlebench prepare -c leaf-classification` to prepare the dataset." {
		t.Errorf("not prepared: %v", err)
	}
	if len(be.starts) != 0 || be.prepared != 0 {
		t.Error("something ran")
	}

	// Privileged gate and secrets.
	cat, data, priv := fixture(t, "fake:\n  start: fake/start.sh\n  dockerfile: fake/Dockerfile\n  privileged: true\n  env_vars:\n    KEY: ${{ secrets.MLEB_TEST_KEY }}\n")
	p = plan(t, priv, 1, nil)
	r = &runner.Runner{Catalog: cat, DataDir: data, Agent: priv, Backend: be, Getenv: func(string) (string, bool) { return "", false }}
	if _, err := r.Execute(context.Background(), p); err == nil || !strings.Contains(err.Error(), agent.PrivilegedGateVar) {
		t.Errorf("privileged gate: %v", err)
	}
	r.Getenv = func(k string) (string, bool) {
		if k == agent.PrivilegedGateVar {
			return "T", true
		}
		return "", false
	}
	if _, err := r.Execute(context.Background(), p); err == nil || err.Error() != "Environment variable `MLEB_TEST_KEY` is not set!" {
		t.Errorf("secret: %v", err)
	}
	if len(be.starts) != 0 {
		t.Error("something ran")
	}
}

func TestLockedRunGroup(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 1, nil)
	release := make(chan struct{})
	started := make(chan struct{}, 4)
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		started <- struct{}{}
		<-release
		return behaviour{}
	}}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be}
	done := make(chan error)
	go func() { _, err := r.Execute(context.Background(), p); done <- err }()
	<-started
	_, err := (&runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: &fakeBackend{}}).Execute(context.Background(), p)
	if !errors.Is(err, runner.ErrLocked) {
		t.Errorf("concurrent Execute = %v, want ErrLocked", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestParseContainerConfig(t *testing.T) {
	tests := []struct {
		in   string
		want runner.ContainerConfig
		err  bool
	}{
		{`{"mem_limit": null, "shm_size": "4G", "nano_cpus": 4e9, "runtime": "sysbox-runc"}`,
			runner.ContainerConfig{ShmSize: 4 << 30, NanoCPUs: 4e9, Runtime: "sysbox-runc"}, false}, // the original's default.json: the engine's default network
		{`{"mem_limit": "512m", "gpus": -1, "pids_limit": 100, "network_mode": "bridge"}`,
			runner.ContainerConfig{MemLimit: 512 << 20, GPUs: -1, PidsLimit: 100, Network: "bridge"}, false},
		{`{"mem_limit": 1000, "shm_size": "2GB"}`, runner.ContainerConfig{MemLimit: 1000, ShmSize: 2 << 30}, false},
		{`{"shm_size": "1.5k"}`, runner.ContainerConfig{ShmSize: 1536}, false},
		{`{"mem_limit": "4x"}`, runner.ContainerConfig{}, true},
		{`{"cpu_quota": 5}`, runner.ContainerConfig{}, true},
		{`[1]`, runner.ContainerConfig{}, true},
	}
	for _, tc := range tests {
		got, err := runner.ParseContainerConfig([]byte(tc.in))
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("ParseContainerConfig(%s) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}
