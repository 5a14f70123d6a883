package report

import (
	"bytes"
	"context"
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/grade"
)

func TestLoadRunGroupOriginalLayout(t *testing.T) {
	g, err := LoadRunGroup(upstreamA)
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "2024-10-08T14-03-56-GMT_run-group_alpha" || !g.HasMetadata || len(g.Runs) != 5 {
		t.Fatalf("group = %+v", g)
	}
	var ids, runs []string
	for _, e := range g.Entries {
		ids = append(ids, e.CompetitionID)
		run := "<nil>"
		if e.Run != nil {
			run = e.Run.ID[len(e.Run.ID)-2:]
		}
		runs = append(runs, run)
	}
	// Sorted stably by id; runs matched by path, the missing submission
	// ("None") by order among the metadata's leaf runs.
	if got := strings.Join(ids, " "); got != "aerial-cactus-identification aerial-cactus-identification denoising-dirty-documents denoising-dirty-documents leaf-classification" {
		t.Errorf("order: %s", got)
	}
	if got := strings.Join(runs, " "); got != "01 03 02 05 04" {
		t.Errorf("matched runs: %s", got)
	}
	nan := g.Entries[1]
	if nan.Score == nil || !math.IsNaN(*nan.Score) || !nan.ValidSubmission || nan.AnyMedal() {
		t.Errorf("NaN entry = %+v", nan)
	}
	if leaf := g.Entries[4]; leaf.Score != nil || leaf.SubmissionExist || leaf.Run.Success || leaf.Run.Status != nil {
		t.Errorf("leaf entry = %+v run %+v", leaf, leaf.Run)
	}
	th := g.Entries[2].Thresholds
	if !th.Known || !th.LowerIsBetter || th.Gold != 0.01794 || th.Median != 0.07325 {
		t.Errorf("thresholds = %+v", th)
	}

	// The flags agree with the lead's reader used by `aggregate`.
	flags, err := ReadGradingReport(g.ReportPath)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range flags {
		if f != g.Entries[i].Flags {
			t.Errorf("entry %d: %+v, aggregate reads %+v", i, g.Entries[i].Flags, f)
		}
	}
}

func TestLoadRunGroupRunnerLayout(t *testing.T) {
	g, err := LoadRunGroup(runnerToy)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Runs) != 6 {
		t.Fatalf("%d runs, want 5 from metadata + 1 unfinished", len(g.Runs))
	}
	last := g.Runs[5]
	if last.InMetadata || last.Status == nil || last.Status.State != "running" || last.CompetitionID != "toy-acc" {
		t.Errorf("unfinished run = %+v", last)
	}
	r1 := g.Runs[0]
	if len(r1.Snapshots) != 2 || r1.Snapshots[0].Elapsed != 30 || r1.Snapshots[1].Elapsed != 90 || r1.Status.DurationSeconds != 100.5 {
		t.Errorf("run 1 = %+v status %+v", r1, r1.Status)
	}
	r2 := g.Runs[1] // snapshots 60 and 200: numeric, not lexical, order
	if len(r2.Snapshots) != 2 || r2.Snapshots[0].Elapsed != 60 {
		t.Errorf("run 2 snapshots = %+v", r2.Snapshots)
	}
	for _, e := range g.Entries {
		if e.Run == nil || e.Run.CompetitionID != e.CompetitionID {
			t.Errorf("entry %s not matched: %+v", e.CompetitionID, e.Run)
		}
	}
}

// TestRecordedToyReport checks the hand-written grading report of the
// runner fixture against the grader: it is what `mlebench grade` gives.
func TestRecordedToyReport(t *testing.T) {
	g, err := LoadRunGroup(runnerToy)
	if err != nil {
		t.Fatal(err)
	}
	gr := toyGrader(t)
	for _, e := range g.Entries {
		path := filepath.Join(e.Run.Dir, "submission", "submission.csv")
		rep, err := gr.GradeCSV(context.Background(), e.CompetitionID, path)
		if err != nil {
			t.Fatal(err)
		}
		f := Flags{CompetitionID: e.CompetitionID, Gold: rep.GoldMedal, Silver: rep.SilverMedal, Bronze: rep.BronzeMedal,
			AboveMedian: rep.AboveMedian, SubmissionExist: rep.SubmissionExist, ValidSubmission: rep.ValidSubmission}
		if f != e.Flags || (rep.Score == nil) != (e.Score == nil) || rep.Score != nil && *rep.Score != *e.Score {
			t.Errorf("%s: grader gives %+v score %v, recorded %+v score %v", e.Run.ID, f, fmtScore(rep.Score), e.Flags, fmtScore(e.Score))
		}
	}
}

func TestLoadRunGroupErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := LoadRunGroup(dir)
	if !errors.Is(err, ErrNoGradingReport) || !strings.Contains(err.Error(), "mlebench grade") {
		t.Errorf("ungraded group: %v", err)
	}
	if _, err := LoadRunGroup(filepath.Join(dir, "nope")); err == nil {
		t.Error("missing directory accepted")
	}
	if _, err := LoadRunGroups([]string{upstreamA, upstreamA}); err == nil {
		t.Error("the same group twice accepted")
	}
}

func TestParseGradingReport(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		ok        bool
	}{
		{"specials", `{"competition_reports": [{"competition_id": "x", "score": -Infinity, "gold_threshold": NaN, "silver_threshold": 1, "bronze_threshold": 1, "median_threshold": 1, "submission_path": "NaN Infinity"}]}`, true},
		{"no reports", `{"total_runs": 0}`, false},
		{"no id", `{"competition_reports": [{"score": 1}]}`, false},
		{"bad score", `{"competition_reports": [{"competition_id": "x", "score": "high"}]}`, false},
		{"not json", `{"competition_reports": [`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			es, err := parseGradingReport([]byte(c.doc))
			if (err == nil) != c.ok {
				t.Fatalf("err = %v", err)
			}
			if c.ok {
				e := es[0]
				if e.Score == nil || !math.IsInf(*e.Score, -1) || !math.IsNaN(e.Thresholds.Gold) || e.SubmissionPath != "NaN Infinity" {
					t.Errorf("entry = %+v", e)
				}
			}
		})
	}
}

func TestNormalise(t *testing.T) {
	higher := Thresholds{Gold: 0.9, Silver: 0.8, Bronze: 0.7, Median: 0.6, Known: true}
	lower := Thresholds{Gold: 0.1, Silver: 0.2, Bronze: 0.3, Median: 0.6, LowerIsBetter: true, Known: true}
	for _, c := range []struct {
		t     Thresholds
		score float64
		want  float64
	}{
		{higher, 0.6, 0}, {higher, 0.9, 1}, {higher, 0.75, 0.5}, {higher, 0.3, -1},
		{lower, 0.6, 0}, {lower, 0.1, 1}, {lower, 0.35, 0.5}, {lower, 1.1, -1},
	} {
		got, ok := Normalise(c.score, c.t)
		if !ok || !near(got, c.want) {
			t.Errorf("Normalise(%v, %+v) = %v %v, want %v", c.score, c.t, got, ok, c.want)
		}
	}
	if _, ok := Normalise(1, Thresholds{Gold: 1, Median: 1, Known: true}); ok {
		t.Error("gold = median has a scale")
	}
	if _, ok := Normalise(1, Thresholds{Gold: 2}); ok {
		t.Error("unknown thresholds have a scale")
	}
	// Averaging clips, and a run without a valid score is the floor.
	score := 5.0
	if v, _ := clippedNorm(&score, higher); v != NormCeil {
		t.Errorf("clipped high = %v", v)
	}
	if v, _ := clippedNorm(nil, lower); v != NormFloor {
		t.Errorf("no score = %v", v)
	}
	nan := math.NaN()
	if v, _ := clippedNorm(&nan, lower); v != NormFloor {
		t.Errorf("NaN score = %v", v)
	}
}

func TestBuildOriginalLayout(t *testing.T) {
	p, err := Build(context.Background(), Input{RunGroups: []string{upstreamB, upstreamA}, Catalog: realCatalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	// No leaderboard split is fully covered: one split of the graded ones.
	if len(p.Splits) != 1 || p.Splits[0].Name != "graded" || p.Splits[0].Competitions != 3 {
		t.Fatalf("splits = %+v", p.Splits)
	}
	s := p.Splits[0]
	// cactus: gold, NaN, no medal; denoising: bronze, none, gold; leaf: no
	// submission once. Padded seeds: 2/3, 0/3, 1/3 medals.
	if !s.Padded || s.MinRuns != 1 || s.MaxRuns != 3 || s.Agg.NumSeeds != 3 {
		t.Errorf("padding = %+v", s)
	}
	if got := LeaderboardCell(s.Stat("any_medal_percentage")); got != "33.33 ± 19.25" {
		t.Errorf("any medal = %s", got)
	}
	if got := LeaderboardCell(s.Stat("valid_submissions_percentage")); got != "66.67 ± 0.00" {
		t.Errorf("valid = %s", got)
	}
	// Same numbers as `aggregate --pad-missing` on the same reports.
	var paths []string
	for _, g := range p.Groups {
		paths = append(paths, g.Report)
	}
	flags, err := LoadReports(paths)
	if err != nil {
		t.Fatal(err)
	}
	want, err := AggregateReports(flags, []string{"aerial-cactus-identification", "denoising-dirty-documents", "leaf-classification"}, AggregateOptions{NumSeeds: AllSeeds, PadMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Metrics {
		if want.Metrics[i] != s.Agg.Metrics[i] {
			t.Errorf("%s: %+v, aggregate gives %+v", MetricNames[i], s.Agg.Metrics[i], want.Metrics[i])
		}
	}
	if len(p.Notes) != 2 || !strings.Contains(p.Notes[0], "upstream-b is not recorded") || !strings.Contains(p.Notes[1], "padded with failing scores") {
		t.Errorf("notes = %q", p.Notes)
	}
	if !reflect.DeepEqual(p.Agents, []string{"alpha"}) || p.MixedAgents {
		t.Errorf("agents = %q mixed %v", p.Agents, p.MixedAgents)
	}

	byID := map[string]*CompetitionResult{}
	for _, c := range p.Competitions {
		byID[c.ID] = c
	}
	cactus, deno, leaf := byID["aerial-cactus-identification"], byID["denoising-dirty-documents"], byID["leaf-classification"]
	if len(p.Competitions) != 3 || cactus == nil || deno == nil || leaf == nil {
		t.Fatalf("competitions = %v", p.Competitions)
	}
	if cactus.Name != "Aerial Cactus Identification" || len(cactus.Runs) != 3 || cactus.GoldN != 1 || cactus.Valid != 3 || !near(cactus.AnyMedalRate, 100.0/3) {
		t.Errorf("cactus = %+v", cactus)
	}
	// Runs in seed order: upstream-a's reports first (sorted paths).
	if r := cactus.Runs[1]; r.Score == nil || !math.IsNaN(*r.Score) || r.Norm != NormFloor || r.Outcome != "below median" || r.Percentile != nil {
		t.Errorf("NaN run = %+v", r)
	}
	// Best: higher is better for cactus, lower for denoising.
	if *cactus.BestScore != 1.0 || *deno.BestScore != 0.01 {
		t.Errorf("best scores %v %v", *cactus.BestScore, *deno.BestScore)
	}
	// Denoising (lower is better): 0.03, 0.2, 0.01 normalised with median 0, gold 1.
	scale := func(x float64) float64 { return (x - 0.07325) / (0.01794 - 0.07325) }
	wantNorm := (scale(0.03) + math.Max(-1, scale(0.2)) + scale(0.01)) / 3
	if !deno.NormOK || !near(deno.MeanNorm, wantNorm) || !near(deno.BronzeNorm, scale(0.04517)) {
		t.Errorf("denoising norm %v (bronze %v), want %v", deno.MeanNorm, deno.BronzeNorm, wantNorm)
	}
	if pct, ok := grade.Percentile("denoising-dirty-documents", 0.01); !ok || deno.BestPercentile == nil || *deno.BestPercentile != pct {
		t.Errorf("percentile %v, grade.Percentile gives %v %v", deno.BestPercentile, pct, ok)
	}
	if leaf.Valid != 0 || len(leaf.Runs) != 1 || leaf.MeanScore != nil || leaf.MeanNorm != NormFloor {
		t.Errorf("leaf = %+v", leaf)
	}

	f := p.Failures
	if f.Runs != 5 || f.Infra != 1 || f.Finished != 4 || f.Graded != 7 || f.NoSub != 1 || f.ValidSubs != 6 || f.HaveStatus != 0 {
		t.Errorf("failures = %+v", f)
	}
	if len(f.Rows) != 1 || f.Rows[0].Kind != "infrastructure" || f.Rows[0].CompetitionID != "leaf-classification" {
		t.Errorf("failure rows = %+v", f.Rows)
	}
	if p.Anytime.Available || !strings.Contains(p.Anytime.Message, "No submission snapshots") {
		t.Errorf("anytime = %+v", p.Anytime)
	}
}

func TestBuildExplicitSplits(t *testing.T) {
	cat := realCatalog(t)
	low, err := cat.Split("low")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(context.Background(), Input{RunGroups: []string{upstreamA}, Catalog: cat,
		Splits: []Split{{Name: "low", IDs: low}, {Name: "pair", IDs: []string{"aerial-cactus-identification", "denoising-dirty-documents"}}, {Name: "none", IDs: []string{"AI4Code"}}}})
	if err != nil {
		t.Fatal(err)
	}
	lowR, pair, none := p.Splits[0], p.Splits[1], p.Splits[2]
	// Low: 22 competitions, 3 graded; padded to 2 seeds: seed 0 has cactus
	// gold and denoising bronze (2/22), seed 1 nothing.
	if lowR.Competitions != 22 || lowR.Covered != 3 || len(lowR.Missing) != 19 || !lowR.Padded || lowR.Agg.NumSeeds != 2 {
		t.Errorf("low = %+v", lowR)
	}
	if got := lowR.Stat("any_medal_percentage"); !near(got.Mean, 100.0/22) {
		t.Errorf("low any medal = %+v", got)
	}
	// Even seeds: no padding.
	if pair.Padded || pair.Agg.NumSeeds != 2 || LeaderboardCell(pair.Stat("any_medal_percentage")) != "50.00 ± 50.00" {
		t.Errorf("pair = %+v %s", pair, LeaderboardCell(pair.Stat("any_medal_percentage")))
	}
	if none.Agg != nil || none.Err == "" {
		t.Errorf("split without runs = %+v", none)
	}
	// Missing split competitions get rows of their own.
	rows := 0
	for _, c := range p.Competitions {
		if len(c.Runs) == 0 {
			rows++
		}
	}
	if len(p.Competitions) != 3+19+1 || rows != 20 {
		t.Errorf("%d competition rows, %d without runs", len(p.Competitions), rows)
	}
}

func TestBuildRunnerLayoutWithSnapshots(t *testing.T) {
	var progress []int
	in := Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t),
		Percentile: func(id string, score float64) (float64, bool) { return 100 * score, id == "toy-acc" },
		Progress:   func(done, total int) { progress = append(progress, done) }}
	p, err := Build(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Splits) != 1 || p.Splits[0].Name != "toy" || !p.Splits[0].Padded {
		t.Fatalf("splits = %+v", p.Splits)
	}
	// seed 0: acc gold, flat none, mae bronze → 2/3; seed 1: acc bronze, mae
	// no submission, flat padded → 1/3.
	if got := LeaderboardCell(p.Splits[0].Stat("any_medal_percentage")); got != "50.00 ± 16.67" {
		t.Errorf("toy any medal = %s", got)
	}
	f := p.Failures
	want := Failures{Runs: 6, HaveStatus: 6, Finished: 2, Infra: 1, Recovered: 1, Unfinished: 1, AgentError: 1, Timeout: 1,
		Graded: 5, NoSub: 1, ValidSubs: 4}
	f.Rows = nil
	if !reflect.DeepEqual(f, want) {
		t.Errorf("failures = %+v\nwant %+v", f, want)
	}
	kinds := map[string]int{}
	for _, r := range p.Failures.Rows {
		kinds[r.Kind]++
	}
	if kinds["infrastructure"] != 1 || kinds["agent"] != 2 || kinds["unfinished"] != 1 {
		t.Errorf("failure rows = %+v", p.Failures.Rows)
	}
	for _, c := range p.Competitions {
		switch c.ID {
		case "toy-flat":
			if c.NormOK {
				t.Errorf("toy-flat has a normalised scale: %+v", c)
			}
		case "toy-acc":
			if c.BestPercentile == nil || *c.BestPercentile != 100 || !c.InCatalog {
				t.Errorf("toy-acc = %+v", c)
			}
		case "toy-mae":
			if c.BestPercentile != nil || !near(c.MeanNorm, ((0.25-0.6)/(0.1-0.6)-1)/2) {
				t.Errorf("toy-mae = %+v", c)
			}
		}
	}

	a := p.Anytime
	if !a.Available || a.Snapshots != 5 || a.Fallback != 2 || a.Untimed != 0 || len(a.Errors) != 0 || a.MaxT != 200 {
		t.Fatalf("anytime = %+v", a)
	}
	if len(progress) != 5 || progress[4] != 5 {
		t.Errorf("progress = %v", progress)
	}
	s := a.Series[0]
	// Grid: 0, 5 (infra-failed run's finish), 30, 60, 90, 120, 150 (toy-flat
	// finishes), 200. Seeds: {acc·1, flat·6, mae·2} and {acc·3, mae·4}.
	wantT := []float64{0, 5, 30, 60, 90, 120, 150, 200}
	third := 100.0 / 3
	wantMean := []float64{0, 0, 0, 0, third / 2, third, third, 2 * third * 0.75}
	wantSE := []float64{0, 0, 0, 0, third / 2, 0, 0, third / 2}
	if len(s.T) != len(wantT) {
		t.Fatalf("T = %v", s.T)
	}
	for i := range wantT {
		if s.T[i] != wantT[i] || !near(s.Mean[i], wantMean[i]) || !near(s.SE[i], wantSE[i]) {
			t.Errorf("t=%v: %v ± %v, want t=%v %v ± %v", s.T[i], s.Mean[i], s.SE[i], wantT[i], wantMean[i], wantSE[i])
		}
	}
	// The curve ends where the final grading is.
	if final := p.Splits[0].Stat("any_medal_percentage"); !near(s.Mean[len(s.Mean)-1], final.Mean) {
		t.Errorf("curve ends at %v, final %v", s.Mean[len(s.Mean)-1], final.Mean)
	}
}

func TestBuildAnytimeUnavailable(t *testing.T) {
	// Snapshots but no grader.
	p, err := Build(context.Background(), Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	if p.Anytime.Available || !strings.Contains(p.Anytime.Message, "5 submission snapshots") {
		t.Errorf("no grader: %+v", p.Anytime)
	}
	// A grader whose data is not prepared: every run falls back to its
	// final grade at its finish time, and the page says why.
	gr := &grade.Grader{Catalog: toyCatalog(t), DataDir: t.TempDir()}
	p, err = Build(context.Background(), Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: gr})
	if err != nil {
		t.Fatal(err)
	}
	if p.Anytime.Available || len(p.Anytime.Errors) != 2 || !strings.Contains(p.Anytime.Errors[0], "toy-acc") || !strings.Contains(p.Anytime.Errors[0], "not prepared") {
		t.Errorf("unprepared: %+v", p.Anytime)
	}
	// Cancelled.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t)}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
}

func TestDefaultSplits(t *testing.T) {
	cat := realCatalog(t)
	low, _ := cat.Split("low")
	got := DefaultSplits(cat, append(low, "aerial-cactus-identification"))
	if len(got) != 1 || got[0].Name != "low" || len(got[0].IDs) != 22 {
		t.Errorf("low run: %+v", got)
	}
	got = DefaultSplits(toyCatalog(t), []string{"toy-acc", "toy-flat", "toy-mae"})
	if len(got) != 1 || got[0].Name != "toy" {
		t.Errorf("toy: %+v", got)
	}
	got = DefaultSplits(nil, []string{"b", "a", "b"})
	if len(got) != 1 || got[0].Name != "graded" || strings.Join(got[0].IDs, ",") != "a,b" {
		t.Errorf("no catalog: %+v", got)
	}
}

func TestMarkdownGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Input
	}{
		{"original-layout.md", Input{RunGroups: []string{upstreamA, upstreamB}, Catalog: realCatalog(t), Title: "Fixture: original layout"}},
		{"runner-layout.md", Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t), Title: "Fixture: runner layout"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := Build(context.Background(), c.in)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := p.WriteMarkdown(&buf); err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, buf.Bytes())
		})
	}
}
