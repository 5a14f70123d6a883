package demo

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/report"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
)

// demoAgents loads the repository's baseline and dummy agents and the
// options to build their static binaries with this toolchain.
func demoAgents(t *testing.T) ([]*agent.Agent, agent.StageOptions) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	var agents []*agent.Agent
	for _, id := range DefaultAgents {
		a, err := agent.Load(filepath.Join("..", "..", "agents"), id)
		if err != nil {
			t.Fatal(err)
		}
		agents = append(agents, a)
	}
	return agents, agent.StageOptions{GoTool: goTool}
}

// The demo path end to end with the local backend: prepare, run the
// baseline and the dummy in the sandbox (snapshotting their submissions
// every second), grade, aggregate, report. The baseline earns medals, the
// dummy none; the baseline's report has an any-medal-over-time curve graded
// from its snapshots; a second invocation reuses the data and adds new run
// groups.
func TestDemoEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs agents in the sandbox (a few seconds); skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the local backend needs Linux")
	}
	agents, stage := demoAgents(t)
	out := t.TempDir()
	var sealed bool
	var events []string
	opt := Options{
		OutDir: out, DataSeed: DefaultSeed, Seeds: 1, Workers: 2, TimeLimit: 2 * time.Minute,
		SnapshotInterval: DefaultSnapshotInterval, Agents: agents, BackendName: "local", Container: runner.DefaultContainerConfig(),
		NewBackend: func(cat *competition.Catalog) (runner.Backend, error) {
			b, err := local.New(local.Options{Catalog: cat, AllowUnsealed: true, Stage: stage})
			if err == nil {
				sealed = b.Sealed()
			}
			return b, err
		},
		Event: func(s string) { events = append(events, s) },
	}
	// Reuse the data the other tests prepared (same seed).
	if err := os.CopyFS(DataDir(out), os.DirFS(preparedData(t))); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatalf("%v\n%s", err, strings.Join(events, "\n"))
	}
	for _, p := range res.Prepared {
		if !p.Reused {
			t.Errorf("%s was regenerated", p.ID)
		}
	}
	if len(res.Agents) != 2 || res.Agents[0].AgentID != "baseline" || res.Agents[1].AgentID != "dummy" {
		t.Fatalf("agents: %+v", res.Agents)
	}
	base, dummy := res.Agents[0], res.Agents[1]
	medals := func(a *AgentResult) (n int) {
		for _, r := range a.Reports {
			if r.AnyMedal {
				n++
			}
		}
		return n
	}
	for _, a := range res.Agents {
		if a.InfraFailures != 0 || len(a.Reports) != len(IDs()) {
			t.Errorf("%s: %d infra failures, %d reports", a.AgentID, a.InfraFailures, len(a.Reports))
		}
		for _, r := range a.Reports {
			if !r.ValidSubmission {
				t.Errorf("%s on %s: no valid submission", a.AgentID, r.CompetitionID)
			}
		}
		for _, f := range []string{runner.MetadataFile, "submission.jsonl", runner.PlanFile} {
			if _, err := os.Stat(filepath.Join(a.RunGroupDir, f)); err != nil {
				t.Error(err)
			}
		}
		// The grading report is where the aggregation script looks for it.
		if p, found, err := report.FindGradingReport(a.RunGroupDir); err != nil || !found || p != a.GradingReport {
			t.Errorf("%s: grading report %q found=%v err=%v", a.AgentID, p, found, err)
		}
	}
	if medals(base) < 1 {
		t.Errorf("the baseline earned no medal:\n%s", strings.Join(events, "\n"))
	}
	if medals(dummy) != 0 || dummy.Aggregate.AnyMedal().Mean != 0 {
		t.Errorf("the dummy earned a medal")
	}
	if base.Aggregate.AnyMedal().Mean != report.Percentage(medals(base), 3) {
		t.Errorf("baseline any-medal %v with %d medals", base.Aggregate.AnyMedal(), medals(base))
	}

	// The dummy's self-check: it ran unprivileged and could not read the
	// answers (when the runner is root and the sandbox sealed).
	logs, _ := filepath.Glob(filepath.Join(dummy.RunGroupDir, "*", "run.log"))
	if len(logs) != 3 {
		t.Fatalf("dummy run logs: %v", logs)
	}
	runLog, _ := os.ReadFile(logs[0])
	if sealed && !strings.Contains(string(runLog), "could not read the private answers") {
		t.Errorf("dummy log does not show the answers were sealed:\n%s", runLog)
	}

	if err := res.WriteReports(context.Background()); err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	if err := res.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	for _, want := range append(IDs(), "BASELINE", "DUMMY", "Any medal (%)", "0.00 ± 0.00") {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(md), base.AnyMedal()) || !strings.Contains(string(md), "## Leaderboard") {
		t.Errorf("report.md:\n%s", md)
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err != nil {
		t.Error(err)
	}
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil || !strings.Contains(string(html), "<html") || !strings.Contains(string(html), tabularID) || !strings.Contains(string(html), "report-baseline.html") {
		t.Errorf("report.html (%v) lacks the results", err)
	}
	for _, name := range []string{"report-baseline.html", "report-dummy.html"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || !strings.Contains(string(b), "<html") || !strings.Contains(string(b), textID) {
			t.Errorf("%s (%v) lacks the results", name, err)
		}
		// Its leaderboards are simulated, and the page says so.
		if strings.Contains(string(b), "Kaggle leaderboard") || !strings.Contains(string(b), "simulated leaderboard") {
			t.Errorf("%s calls the demo's simulated leaderboards Kaggle's", name)
		}
	}
	if len(res.Files) != 5 {
		t.Errorf("files written: %v", res.Files)
	}
	t.Run("anytime curve", func(t *testing.T) { checkAnytime(t, out, base, dummy) })

	// Again: the data is reused and new run groups are added.
	opt.Agents = agents[1:] // the dummy alone is enough
	opt.Now = func() time.Time { return time.Now().Add(time.Hour) }
	res2, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Agents[0].RunGroupDir == dummy.RunGroupDir {
		t.Error("the second invocation reused the run group")
	}
	groups, _ := os.ReadDir(RunsDir(out))
	if len(groups) != 3 {
		t.Errorf("%d run groups after two invocations, want 3", len(groups))
	}
}

// checkAnytime: the baseline's report has a non-empty any-medal-over-time
// curve, graded from every snapshot the runner saved (no run enters it any
// other way), starting at 0 (no submission yet) and ending at the final
// any-medal rate; the baseline's stages are seen as more than one snapshot.
// The dummy (one submission at once) has a flat curve at 0.
func checkAnytime(t *testing.T, out string, base, dummy *AgentResult) {
	for _, a := range []*AgentResult{base, dummy} {
		if a.Page == nil {
			t.Fatalf("%s: no report page", a.AgentID)
		}
		at := a.Page.Anytime
		snaps, _ := filepath.Glob(filepath.Join(a.RunGroupDir, "*", "snapshots", "*.csv"))
		if !at.Available || at.Snapshots != len(snaps) || at.Fallback != 0 || at.Untimed != 0 || len(at.Errors) != 0 {
			t.Fatalf("%s: curve available=%v, %d snapshots graded of %d, fallback %d, untimed %d, errors %v (%s)",
				a.AgentID, at.Available, at.Snapshots, len(snaps), at.Fallback, at.Untimed, at.Errors, at.Message)
		}
		if len(at.Series) != 1 || at.Series[0].Split != Split {
			t.Fatalf("%s: series %+v", a.AgentID, at.Series)
		}
		ser := at.Series[0]
		if len(ser.T) == 0 || len(ser.Mean) != len(ser.T) || ser.T[0] != 0 || ser.Mean[0] != 0 || (a == base && len(ser.T) < 3) {
			t.Fatalf("%s: curve T=%v mean=%v", a.AgentID, ser.T, ser.Mean)
		}
		final := a.Aggregate.AnyMedal().Mean
		if last := ser.Mean[len(ser.Mean)-1]; math.Abs(last-final) > 1e-9 {
			t.Errorf("%s: the curve ends at %v%%, the final any-medal rate is %v%% (T=%v mean=%v)", a.AgentID, last, final, ser.T, ser.Mean)
		}
		// Each run's last snapshot is its final submission.
		for _, st := range a.Statuses {
			dir := filepath.Join(a.RunGroupDir, st.RunID)
			runSnaps, _ := filepath.Glob(filepath.Join(dir, "snapshots", "*.csv"))
			if len(runSnaps) == 0 {
				t.Errorf("%s: run %s has no snapshot", a.AgentID, st.RunID)
				continue
			}
			sort.Slice(runSnaps, func(i, j int) bool { return snapshotSeconds(runSnaps[i]) < snapshotSeconds(runSnaps[j]) })
			last, _ := os.ReadFile(runSnaps[len(runSnaps)-1])
			sub, _ := os.ReadFile(filepath.Join(dir, "submission", "submission.csv"))
			if len(sub) == 0 || !bytes.Equal(last, sub) {
				t.Errorf("%s: the last snapshot of %s is not its submission", a.AgentID, st.RunID)
			}
		}
		if a == base && len(snaps) <= len(a.Statuses) {
			t.Errorf("baseline: %d snapshots for %d runs: its earlier stages were not caught", len(snaps), len(a.Statuses))
		}
	}
	if final := base.Aggregate.AnyMedal().Mean; final == 0 {
		t.Error("the baseline's curve never rises")
	}
	html, _ := os.ReadFile(filepath.Join(out, agentReportName(base.AgentID)))
	if !strings.Contains(string(html), `class="series"`) || strings.Contains(string(html), "No submission snapshots") {
		t.Errorf("%s has no anytime curve", agentReportName(base.AgentID))
	}
}

func snapshotSeconds(path string) int {
	n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(path), ".csv"))
	return n
}
