package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/report"
	"github.com/mlebench/mlebench/internal/runner"
)

// DefaultAgents are the agents the demo runs, in report order.
var DefaultAgents = []string{"baseline", "dummy"}

// DefaultSnapshotInterval is the demo's snapshot interval: the runner names
// snapshots in whole elapsed seconds, so one second is the finest that
// keeps snapshots taken at different ticks apart. The baseline agent keeps
// each version of its submission longer than that (BASELINE_STAGE_PAUSE in
// agents/baseline/config.yaml), so every stage is caught.
const DefaultSnapshotInterval = time.Second

// Options configure [Run].
type Options struct {
	// OutDir holds everything: data/ (prepared competitions and simulated
	// leaderboards), runs/ (one run group per agent per invocation) and the
	// reports.
	OutDir string
	// DataSeed seeds the generated data (0 is a valid seed; the command
	// passes DefaultSeed).
	DataSeed uint64
	// Seeds is the number of runs per agent and competition (≥ 1).
	Seeds int
	// Workers is the number of runs in parallel (< 1 means 1).
	Workers int
	// TimeLimit bounds each run (0: none).
	TimeLimit time.Duration
	// SnapshotInterval is how often the runner saves a changed
	// submission.csv as <run dir>/snapshots/<elapsed whole seconds>.csv
	// (0: never); the agents' reports grade the snapshots into the
	// any-medal-over-time curve. The command uses [DefaultSnapshotInterval].
	SnapshotInterval time.Duration
	// Agents are the agents to run, in report order.
	Agents []*agent.Agent
	// BackendName is recorded in each run group's plan ("local", "docker").
	BackendName string
	// NewBackend builds the sandbox backend once the demo catalog exists.
	NewBackend func(cat *competition.Catalog) (runner.Backend, error)
	// Container is the sandbox configuration of every run.
	Container runner.ContainerConfig
	// HomeFiles are the files of each sandbox's /home (the original's
	// instructions; see runner.Spec.HomeFiles). Nil writes none.
	HomeFiles map[string][]byte
	// ForcePrepare regenerates the data even when it can be reused.
	ForcePrepare bool
	// Event, when set, receives one line per step (for the terminal).
	Event func(string)
	// Log receives the runner's and grader's log lines (nil: discarded).
	Log *slog.Logger
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

func (o *Options) event(format string, args ...any) {
	if o.Event != nil {
		o.Event(fmt.Sprintf(format, args...))
	}
}

func (o *Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Result is everything one demo invocation produced.
type Result struct {
	OutDir, DataDir, RunsDir string
	Prepared                 []PrepareResult
	Competitions             []*competition.Competition // catalog order
	Agents                   []*AgentResult             // Options.Agents order
	Seeds                    int
	Backend                  string
	StartedAt                time.Time
	Duration                 time.Duration
	// Files written by WriteReports.
	Files []string

	catalog *competition.Catalog
	grader  *grade.Grader
}

// AgentResult is one agent's run group, graded.
type AgentResult struct {
	AgentID       string
	RunGroup      string // name
	RunGroupDir   string
	GradingReport string // path of <run group>/<timestamp>_grading_report.json
	Reports       []*grade.Report
	Aggregate     *report.Aggregate
	Statuses      []*runner.Status // plan order
	InfraFailures int              // runs the sandbox could not complete
	// Page is the agent's full results report (set by WriteReports),
	// including the any-medal-over-time curve graded from the snapshots.
	Page *report.Page
}

// DataDir is where the demo keeps its prepared competitions.
func DataDir(outDir string) string { return filepath.Join(outDir, "data") }

// RunsDir is where the demo keeps its run groups.
func RunsDir(outDir string) string { return filepath.Join(outDir, "runs") }

// Run is the whole benchmark on the demo competitions: prepare (or reuse)
// the data, run every agent in the sandbox backend on every competition
// Seeds times (one new run group per agent), grade each run group as the
// original's README does (make_submission → grade → grading report in the
// run group directory) and aggregate the any-medal percentage over seeds.
// Reports are written by [Result.WriteReports].
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Seeds < 1 {
		return nil, errors.New("demo: need at least one seed")
	}
	if len(opt.Agents) == 0 || opt.NewBackend == nil {
		return nil, errors.New("demo: Agents and NewBackend are required")
	}
	out, err := filepath.Abs(opt.OutDir)
	if err != nil {
		return nil, err
	}
	res := &Result{OutDir: out, DataDir: DataDir(out), RunsDir: RunsDir(out), Seeds: opt.Seeds, Backend: opt.BackendName, StartedAt: opt.now()}
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}

	opt.event("Preparing %d demo competitions in %s", len(specs), res.DataDir)
	res.Prepared, err = Prepare(ctx, res.DataDir, PrepareOptions{Seed: opt.DataSeed, Force: opt.ForcePrepare})
	if err != nil {
		return nil, err
	}
	for _, p := range res.Prepared {
		if p.Reused {
			opt.event("  %-24s reused (already prepared for seed %d)", p.ID, opt.DataSeed)
		} else {
			opt.event("  %-24s generated in %.1fs; %d simulated teams on its leaderboard", p.ID, p.Duration.Seconds(), p.Teams)
		}
	}
	cat, err := LoadCatalog(res.DataDir)
	if err != nil {
		return nil, err
	}
	res.Competitions = cat.All()
	backend, err := opt.NewBackend(cat)
	if err != nil {
		return nil, err
	}
	if c, ok := backend.(interface{ Close() error }); ok {
		defer c.Close()
	}

	grader := &grade.Grader{Catalog: cat, DataDir: res.DataDir, Log: log, Now: opt.Now}
	res.catalog, res.grader = cat, grader
	for _, a := range opt.Agents {
		ar, err := runAgent(ctx, &opt, cat, backend, grader, a, res)
		if err != nil {
			return nil, err
		}
		res.Agents = append(res.Agents, ar)
	}
	res.Duration = opt.now().Sub(res.StartedAt)
	return res, nil
}

func runAgent(ctx context.Context, opt *Options, cat *competition.Catalog, backend runner.Backend, grader *grade.Grader, a *agent.Agent, res *Result) (*AgentResult, error) {
	ids := cat.IDs()
	var plan *runner.Plan
	for try := 0; ; try++ {
		var err error
		plan, err = runner.NewPlan(res.RunsDir, runner.Config{
			AgentID: a.ID, AgentName: a.Name, CompetitionIDs: ids, Seeds: opt.Seeds,
			TimeLimit: runner.Duration(opt.TimeLimit), SnapshotInterval: runner.Duration(opt.SnapshotInterval),
			Container: opt.Container, Backend: opt.BackendName,
		}, opt.now())
		if err != nil {
			return nil, err
		}
		// Run group names have a resolution of one second: an invocation
		// right after another one waits for a fresh name.
		if _, err := os.Stat(plan.Dir); err != nil || try == 2 {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	if err := plan.Write(); err != nil {
		return nil, err
	}
	if pr, ok := backend.(runner.Preparer); ok {
		// Execute would do this too; doing it first names the step, which
		// takes a while the first time (compiling the agent's static
		// binaries, building its image).
		opt.event("Preparing agent %s for the %s backend (the first time compiles its binary)", a.ID, opt.BackendName)
		start := time.Now()
		if err := pr.Prepare(ctx, a); err != nil {
			return nil, fmt.Errorf("preparing agent %s: %w", a.ID, err)
		}
		opt.event("  ready in %.1fs", time.Since(start).Seconds())
	}
	opt.event("Running agent %s: %d competitions × %d seed(s) in %s", a.ID, len(ids), opt.Seeds, plan.Dir)
	r := &runner.Runner{
		Catalog: cat, DataDir: res.DataDir, Agent: a, Backend: backend, Workers: opt.Workers,
		Retries: 1, RetryDelay: time.Second, Log: opt.Log, Now: opt.Now, HomeFiles: opt.HomeFiles,
		OnProgress: func(p runner.Progress) {
			switch p.Event {
			case "done", "timed_out", "failed", "retrying":
				opt.event("  %-9s %-24s seed %d  (%d/%d finished, %d failed)", strings.ReplaceAll(p.Event, "_", " "), p.CompetitionID, p.Seed, p.Done, p.Total, p.Failed)
			}
		},
	}
	exec, err := r.Execute(ctx, plan)
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", a.ID, err)
	}
	ar := &AgentResult{AgentID: a.ID, RunGroup: plan.RunGroup, RunGroupDir: plan.Dir, Statuses: exec.Statuses, InfraFailures: exec.Failed()}

	// Grade as the README procedure does: metadata.json → submission.jsonl
	// → grading report in the run group directory.
	lines, err := report.MakeSubmission(filepath.Join(plan.Dir, runner.MetadataFile), report.MakeSubmissionOptions{})
	if err != nil {
		return nil, fmt.Errorf("grading %s: %w", a.ID, err)
	}
	if err := os.WriteFile(filepath.Join(plan.Dir, "submission.jsonl"), report.EncodeSubmissionJSONL(lines), 0o644); err != nil {
		return nil, err
	}
	entries := make([]grade.Entry, len(lines))
	for i, l := range lines {
		entries[i] = grade.Entry{CompetitionID: l.CompetitionID, SubmissionPath: "None"}
		if l.SubmissionPath != nil {
			entries[i].SubmissionPath = *l.SubmissionPath
		}
	}
	ar.Reports, err = grader.GradeEntries(ctx, entries, nil)
	if err != nil {
		return nil, fmt.Errorf("grading %s: %w", a.ID, err)
	}
	ar.GradingReport, err = grade.Summarize(ar.Reports).WriteFile(plan.Dir, opt.now())
	if err != nil {
		return nil, fmt.Errorf("writing the grading report of %s: %w", a.ID, err)
	}
	flags, err := report.ReadGradingReport(ar.GradingReport)
	if err != nil {
		return nil, err
	}
	// Pad missing seeds (runs that failed in the sandbox) with failing
	// scores, as the leaderboard does for incomplete seeds.
	ar.Aggregate, err = report.AggregateReports(flags, ids, report.AggregateOptions{NumSeeds: report.AllSeeds, PadMissing: true})
	if err != nil {
		return nil, fmt.Errorf("aggregating %s: %w", a.ID, err)
	}
	medals := 0
	for _, rep := range ar.Reports {
		if rep.AnyMedal {
			medals++
		}
	}
	opt.event("  graded %d runs of %s: %d medals; report %s", len(ar.Reports), a.ID, medals, ar.GradingReport)
	return ar, nil
}
