package runnertest

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
)

// RunTiming is when things happened in one run, as seen from the runner's
// side of the backend interface.
type RunTiming struct {
	RunID string
	// Begun is when the runner began the attempt (status.json started_at).
	Begun time.Time
	// Start: Backend.Start was called; Started: it returned.
	Start, Started time.Time
	// FirstOutput and LastOutput: the agent's first and last output bytes
	// reached the runner (the dummy prints first thing and exits right
	// after its last line, so they stand for its first instruction and
	// its exit).
	FirstOutput, LastOutput time.Time
	// Exited: Sandbox.Wait returned (every process of the sandbox stopped).
	Exited time.Time
	// CopiedOut: the last CopyOut returned (results on disk).
	CopiedOut time.Time
	// Stopped: Sandbox.Stop returned (sandbox removed).
	Stopped time.Time
}

// ToFirstInstruction is from the runner beginning the run to the agent's
// first instruction.
func (r *RunTiming) ToFirstInstruction() time.Duration { return r.FirstOutput.Sub(r.Begun) }

// ExitToResults is from the agent's exit to its results on disk.
func (r *RunTiming) ExitToResults() time.Duration { return r.CopiedOut.Sub(r.LastOutput) }

// Timed wraps a backend and records a RunTiming per run. It counts the
// runner's Prepare calls (the builds a backend may do) and passes Reap and
// AgentIdentity through.
type Timed struct {
	Inner runner.Backend

	mu       sync.Mutex
	runs     map[string]*RunTiming
	prepares int
}

// NewTimed wraps b.
func NewTimed(b runner.Backend) *Timed { return &Timed{Inner: b, runs: map[string]*RunTiming{}} }

// Prepare passes through to the inner backend's Prepare.
func (t *Timed) Prepare(ctx context.Context, a *agent.Agent) error {
	t.mu.Lock()
	t.prepares++
	t.mu.Unlock()
	if p, ok := t.Inner.(runner.Preparer); ok {
		return p.Prepare(ctx, a)
	}
	return nil
}

// Prepares is how often the runner called Prepare.
func (t *Timed) Prepares() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.prepares
}

// Reap passes through.
func (t *Timed) Reap(ctx context.Context, group string) error {
	if r, ok := t.Inner.(runner.Reaper); ok {
		return r.Reap(ctx, group)
	}
	return nil
}

// AgentIdentity passes through.
func (t *Timed) AgentIdentity(ctx context.Context, a *agent.Agent) (string, string, string) {
	if r, ok := t.Inner.(runner.AgentIdentifier); ok {
		return r.AgentIdentity(ctx, a)
	}
	return "", "", ""
}

// Runs returns the timings recorded, in no particular order.
func (t *Timed) Runs() []*RunTiming {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []*RunTiming
	for _, r := range t.runs {
		c := *r
		out = append(out, &c)
	}
	return out
}

type stampWriter struct {
	t  *Timed
	rt *RunTiming
	w  io.Writer
}

func (s *stampWriter) Write(p []byte) (int, error) {
	now := time.Now()
	s.t.mu.Lock()
	if s.rt.FirstOutput.IsZero() {
		s.rt.FirstOutput = now
	}
	s.rt.LastOutput = now
	s.t.mu.Unlock()
	return s.w.Write(p)
}

// Start records the call and wraps the agent's output.
func (t *Timed) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	rt := &RunTiming{RunID: spec.RunID, Start: time.Now()}
	t.mu.Lock()
	t.runs[spec.RunID] = rt
	t.mu.Unlock()
	out := spec.Output
	if out == nil {
		out = io.Discard
	}
	spec.Output = &stampWriter{t: t, rt: rt, w: out}
	sb, err := t.Inner.Start(ctx, spec)
	t.stamp(&rt.Started)
	if err != nil {
		return nil, err
	}
	return &timedSandbox{Sandbox: sb, t: t, rt: rt}, nil
}

func (t *Timed) stamp(at *time.Time) {
	now := time.Now()
	t.mu.Lock()
	*at = now
	t.mu.Unlock()
}

type timedSandbox struct {
	runner.Sandbox
	t  *Timed
	rt *RunTiming
}

func (s *timedSandbox) Wait(ctx context.Context) (int, error) {
	code, err := s.Sandbox.Wait(ctx)
	s.t.stamp(&s.rt.Exited)
	return code, err
}

func (s *timedSandbox) CopyOut(ctx context.Context, name, dst string) error {
	err := s.Sandbox.CopyOut(ctx, name, dst)
	s.t.mu.Lock()
	if !s.rt.Exited.IsZero() { // not a snapshot
		s.rt.CopiedOut = time.Now()
	}
	s.t.mu.Unlock()
	return err
}

func (s *timedSandbox) Stop(ctx context.Context) error {
	err := s.Sandbox.Stop(ctx)
	s.t.stamp(&s.rt.Stopped)
	return err
}

// GroupTiming is one measured run group.
type GroupTiming struct {
	Runs, Workers int
	Wall          time.Duration // Execute, from call to return
	PerRun        []*RunTiming
	Prepares      int
}

// MeasureGroup runs a group of the dummy agent, runs seeds of h's first
// competition with the given workers, through a Timed wrapper of
// h.Backend, and returns the timings. The run group must succeed.
func MeasureGroup(tb testing.TB, h Harness, runs, workers int) *GroupTiming {
	tb.Helper()
	timed := NewTimed(h.Backend)
	cfg := runner.Config{
		AgentID:        h.Agent.ID,
		AgentName:      h.Agent.Name,
		CompetitionIDs: h.Competitions[:1],
		Seeds:          runs,
		TimeLimit:      runner.Duration(5 * time.Minute),
		Container:      h.Container,
	}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: h.Agent, Backend: timed, Workers: workers, HomeFiles: HomeFiles(tb)}
	dir := tb.TempDir()
	os.Chmod(dir, 0o755)
	plan, err := runner.NewPlan(dir, cfg, time.Now())
	if err != nil {
		tb.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	t0 := time.Now()
	res, err := r.Execute(ctx, plan)
	wall := time.Since(t0)
	if err != nil {
		tb.Fatalf("Execute: %v", err)
	}
	g := &GroupTiming{Runs: runs, Workers: workers, Wall: wall, Prepares: timed.Prepares()}
	byID := map[string]*RunTiming{}
	for _, rt := range timed.Runs() {
		byID[rt.RunID] = rt
	}
	for i, task := range plan.Tasks {
		st := res.Statuses[i]
		if st.State != runner.StateDone || st.ExitCode == nil || *st.ExitCode != 0 {
			tb.Fatalf("run %s: %+v", task.RunID, st)
		}
		rt := byID[task.RunID]
		if rt == nil || st.StartedAt == nil || rt.FirstOutput.IsZero() || rt.CopiedOut.IsZero() {
			tb.Fatalf("run %s: incomplete timing %+v", task.RunID, rt)
		}
		rt.Begun = *st.StartedAt
		g.PerRun = append(g.PerRun, rt)
	}
	return g
}

// Quantiles are the median, 90th percentile and maximum of durations.
func Quantiles(ds []time.Duration) (median, p90, maxd time.Duration) {
	if len(ds) == 0 {
		return
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) time.Duration {
		i := int(q*float64(len(s)) + 0.5)
		return s[min(max(i-1, 0), len(s)-1)]
	}
	return at(0.5), at(0.9), s[len(s)-1]
}

// Row is the group's Markdown table row: backend, runs, workers, then
// median / p90 / max of start→first instruction, of the sandbox start
// (Backend.Start), of exit→results on disk and of its copy-out part, the
// teardown (Stop), and the group's wall time.
func (g *GroupTiming) Row(backend string) string {
	var first, start, exit, copyOut, stop []time.Duration
	for _, r := range g.PerRun {
		first = append(first, r.ToFirstInstruction())
		start = append(start, r.Started.Sub(r.Start))
		exit = append(exit, r.ExitToResults())
		copyOut = append(copyOut, r.CopiedOut.Sub(r.Exited))
		if !r.Stopped.IsZero() {
			stop = append(stop, r.Stopped.Sub(r.CopiedOut))
		}
	}
	q := func(ds []time.Duration) string {
		m, p, x := Quantiles(ds)
		ms := func(d time.Duration) string { return fmt.Sprintf("%.0f", float64(d)/float64(time.Millisecond)) }
		return ms(m) + " / " + ms(p) + " / " + ms(x)
	}
	return fmt.Sprintf("| %s | %d | %d | %s | %s | %s | %s | %s | %.1f s |", backend, g.Runs, g.Workers,
		q(first), q(start), q(exit), q(copyOut), q(stop), g.Wall.Seconds())
}

// TableHeader is the header of [GroupTiming.Row]'s table.
const TableHeader = "| backend | runs | workers | start → first instruction (ms, median / p90 / max) | of which Backend.Start | agent exit → results on disk | of which copy-out | teardown (Stop) | group wall |\n" +
	"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"

// CountingGoTool writes a wrapper of the go command that appends a line to
// a file for every invocation, for agent.StageOptions.GoTool; count reads
// how many builds ran.
func CountingGoTool(tb testing.TB) (tool string, count func() int) {
	tb.Helper()
	goPath, err := exec.LookPath("go")
	if err != nil {
		tb.Skip("no go toolchain to build agent binaries with")
	}
	dir := tb.TempDir()
	log := filepath.Join(dir, "builds.log")
	tool = filepath.Join(dir, "go")
	script := fmt.Sprintf("#!/bin/sh\necho \"$*\" >> '%s'\nexec '%s' \"$@\"\n", log, goPath)
	if err := os.WriteFile(tool, []byte(script), 0o755); err != nil {
		tb.Fatal(err)
	}
	return tool, func() int {
		b, err := os.ReadFile(log)
		if err != nil {
			return 0
		}
		return strings.Count(string(b), "\n")
	}
}

// BuildsOnce runs a group of three runs of h's first competition with two
// workers and fails if the agent's binaries were built more than once
// (binaryBuilds, e.g. from [CountingGoTool]) or, when imageBuilds is not
// nil, the agent's image more than once: building belongs to the group,
// not to each run.
func BuildsOnce(t *testing.T, h Harness, binaryBuilds, imageBuilds func() int) {
	t.Helper()
	before, imgBefore := binaryBuilds(), 0
	if imageBuilds != nil {
		imgBefore = imageBuilds()
	}
	g := MeasureGroup(t, h, 3, 2)
	builds := binaryBuilds() - before
	if want := len(h.Agent.Binaries); builds != want {
		t.Errorf("a group of %d runs built the agent's binaries %d times, want %d (once per group)", g.Runs, builds, want)
	}
	if imageBuilds != nil {
		if n := imageBuilds() - imgBefore; n > 1 {
			t.Errorf("a group of %d runs built the agent's image %d times, want at most once", g.Runs, n)
		}
	}
	t.Logf("%d runs, %d workers: %d binary build(s), Prepare called %d time(s), %v", g.Runs, g.Workers, builds, g.Prepares, g.Wall.Round(time.Millisecond))
}

// BenchmarkOverhead runs, on h's backend, a warm-up run and then groups of
// MLEBENCH_RUNNER_BENCH_RUNS runs (default 8) with 1, 2 and 4 workers,
// logs the Markdown table ([TableHeader], [GroupTiming.Row]) and reports
// the medians of the last group as metrics.
func BenchmarkOverhead(b *testing.B, backend string, h Harness) {
	runs := 8
	if s := os.Getenv("MLEBENCH_RUNNER_BENCH_RUNS"); s != "" {
		if _, err := fmt.Sscan(s, &runs); err != nil || runs < 1 {
			b.Fatalf("MLEBENCH_RUNNER_BENCH_RUNS=%q: want a positive number", s)
		}
	}
	for range b.N {
		MeasureGroup(b, h, 1, 1) // images, binaries and caches warm
		rows := []string{TableHeader}
		var last *GroupTiming
		for _, w := range []int{1, 2, 4} {
			last = MeasureGroup(b, h, runs, w)
			rows = append(rows, last.Row(backend))
		}
		b.Logf("\n%s", strings.Join(rows, "\n"))
		var first, exit []time.Duration
		for _, r := range last.PerRun {
			first = append(first, r.ToFirstInstruction())
			exit = append(exit, r.ExitToResults())
		}
		m1, _, _ := Quantiles(first)
		m2, _, _ := Quantiles(exit)
		b.ReportMetric(float64(m1)/1e6, "ms-to-first-instruction")
		b.ReportMetric(float64(m2)/1e6, "ms-exit-to-results")
	}
}
