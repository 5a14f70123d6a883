package report

import (
	"github.com/mlebench/mlebench/internal/leak"

	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
)

// Normalised scores: median ↦ 0, gold ↦ 1 on each competition's own scale,
// higher is better whatever the metric's direction. For averages, plots and
// comparisons a run's normalised score is clipped to [NormFloor, NormCeil]
// and a run without a valid (finite) score counts as NormFloor, so one
// catastrophic run cannot dominate a mean and not submitting is never
// better than a bad submission.
const (
	NormFloor = -1.0
	NormCeil  = 2.0
)

// Normalise maps score to the competition's scale where the median
// threshold is 0 and the gold threshold 1 (so higher is better in both
// metric directions). ok is false when the scale is undefined: unknown
// thresholds, or gold equal to the median.
func Normalise(score float64, t Thresholds) (v float64, ok bool) {
	span := t.Gold - t.Median
	if !t.Known || span == 0 || math.IsNaN(span) || math.IsInf(span, 0) {
		return math.NaN(), false
	}
	return (score - t.Median) / span, true
}

// clippedNorm is a run's normalised score for averaging (see NormFloor).
func clippedNorm(score *float64, t Thresholds) (float64, bool) {
	if _, ok := Normalise(0, t); !ok {
		return math.NaN(), false
	}
	if score == nil || math.IsNaN(*score) {
		return NormFloor, true
	}
	v, _ := Normalise(*score, t)
	return math.Max(NormFloor, math.Min(NormCeil, v)), true
}

// Split is a named set of competition ids to aggregate over.
type Split struct {
	Name string
	IDs  []string
}

// Input is what [Build] needs.
type Input struct {
	// RunGroups are run group directories (each holding one
	// *grading_report*.json; see [LoadRunGroup]).
	RunGroups []string
	// Catalog gives names and splits. It is the caller's (the real
	// competitions, the demo ones, or both); competitions missing from it
	// are still reported from their grading reports.
	Catalog *competition.Catalog
	// Splits to aggregate; nil means [DefaultSplits].
	Splits []Split
	// Grader grades the submission snapshots for the anytime curve; nil
	// leaves the curve out (the page says why).
	Grader *grade.Grader
	// Percentile gives a score's percentile among human teams; nil means
	// grade.Percentile (the embedded Kaggle leaderboards).
	Percentile func(competitionID string, score float64) (float64, bool)
	Title      string
	// Now, when set, is printed as the generation time.
	Now time.Time
	// Progress, when set, is called while snapshots are graded.
	Progress func(done, total int)
	// MixAgents pools run groups of different agents or settings (see
	// [Cohorts]) as seeds of one experiment; the page says so. Without it
	// such run groups are a *MixedSetupsError.
	MixAgents bool
	// GradingReports are explicit grading reports for run groups holding
	// several (see [LoadOptions]).
	GradingReports []string
	// Leaderboard names where the competitions' medal thresholds and
	// percentiles come from, for the page's definitions; "" means
	// "Kaggle leaderboard" (the original's competitions). The demo says
	// its leaderboards are simulated.
	Leaderboard string
	// Provenance names the mlebench build that made the report (version
	// and commit); "" leaves it out. The caller fills it from its build
	// information.
	Provenance string
}

// Page is a built report: every number the HTML and Markdown renderings
// show.
type Page struct {
	Title       string
	GeneratedAt string
	// Agents are the setups the run groups come from (see [Cohorts]):
	// one, unless MixedAgents.
	Agents []string
	// MixedAgents is set when run groups of several agents or settings
	// were pooled as seeds (Input.MixAgents).
	MixedAgents bool
	// UnknownAgent lists run groups whose agent could not be told (pooled
	// with the others).
	UnknownAgent []string
	// ReportNotes say which grading report was taken where a run group
	// holds several.
	ReportNotes []string
	Provenance  string
	// LeaderboardName is Input.Leaderboard, defaulted.
	LeaderboardName string
	Groups          []GroupSummary
	Notes           []string
	Splits          []SplitResult
	Competitions    []*CompetitionResult
	Failures        Failures
	Anytime         Anytime
	// Integrity is set when a run group holds detect-violations or
	// detect-plagiarism outputs.
	Integrity *Integrity
}

// GroupSummary describes one input run group.
type GroupSummary struct {
	Name, Dir, Report, CreatedAt string
	Agent                        string // see Setup.AgentLabel
	Runs, Graded                 int
	HasMetadata, HasStatus       bool
	Snapshots                    int
}

// SplitResult is a split's aggregate over seeds.
type SplitResult struct {
	Name         string
	Competitions int
	// Covered counts the split's competitions with at least one graded run;
	// Missing lists the others.
	Covered int
	Missing []string
	// MinRuns and MaxRuns are the fewest and most graded runs of a split
	// competition; Padded is set when they differ (or some are missing) and
	// incomplete seeds were padded with failing scores (--pad-missing).
	MinRuns, MaxRuns int
	Padded           bool
	Agg              *Aggregate // nil when Err is set
	Err              string
	// PassAtK[k-1] is the split's any-medal pass@k in percent for k = 1…
	// seeds (see [SplitPassAtK]); nil when Err is set.
	PassAtK []float64
}

// Stat returns the named metric (one of MetricNames).
func (s SplitResult) Stat(name string) Stat {
	for i, n := range MetricNames {
		if n == name && s.Agg != nil {
			return s.Agg.Metrics[i]
		}
	}
	return Stat{Mean: math.NaN(), StandardError: math.NaN()}
}

// RunResult is one graded run of a competition.
type RunResult struct {
	Seed       int // k-th report of the competition across the run groups
	Group      string
	RunID      string // "" when the run cannot be told
	Score      *float64
	Submitted  bool
	Valid      bool
	Medal      string // "gold", "silver", "bronze" or ""
	Above      bool   // above the median
	Norm       float64
	NormOK     bool // Norm is defined (clipped, NormFloor without a valid score)
	Clipped    bool // the raw normalised score was outside [NormFloor, NormCeil]
	Percentile *float64
	Outcome    string // see runOutcome
}

// CompetitionResult summarises one competition's graded runs.
type CompetitionResult struct {
	ID, Name    string
	InCatalog   bool
	Splits      []string
	Thresholds  Thresholds
	Runs        []RunResult
	Submitted   int
	Valid       int
	GoldN       int
	SilverN     int
	BronzeN     int
	AboveMedian int
	// AnyMedalRate and ValidRate are percentages of the graded runs.
	AnyMedalRate float64
	ValidRate    float64
	// MeanScore and BestScore are over valid finite scores (nil: none).
	MeanScore, BestScore *float64
	// MeanNorm is the mean clipped normalised score over all graded runs
	// (defined when NormOK).
	MeanNorm               float64
	NormOK                 bool
	BronzeNorm, SilverNorm float64
	// MeanPercentile and BestPercentile are over runs with a percentile.
	MeanPercentile, BestPercentile *float64
	// KnownLeakage lists the leaks the original documents for this
	// competition (leak.Known): results on it deserve a second look.
	KnownLeakage []string
}

// AnyMedalN is the number of runs with a medal.
func (c *CompetitionResult) AnyMedalN() int { return c.GoldN + c.SilverN + c.BronzeN }

// Failures counts what went wrong, telling the infrastructure (the
// sandbox could not run or its outputs could not be collected) from the
// agent (non-zero exit, time limit, no or invalid submission).
type Failures struct {
	Runs       int // runs known from metadata.json and run directories
	HaveStatus int // runs with a runner status.json
	Finished   int // done without error
	Infra      int // infrastructure failures after retries (or success=false in metadata)
	Recovered  int // infrastructure failures retried successfully (attempts)
	Unfinished int // pending, running or interrupted
	AgentError int // agent exited non-zero
	Timeout    int // agent stopped by the time limit
	Graded     int // graded runs (grading report entries)
	NoSub      int // graded without a submission
	Invalid    int // submission present but invalid
	ValidSubs  int
	Rows       []FailureRow
}

// FailureRow is one run with a problem.
type FailureRow struct {
	Group, RunID, CompetitionID, Kind, Detail string
}

// Anytime is the any-medal rate over elapsed time, from graded snapshots.
type Anytime struct {
	Available bool
	Message   string // why the curve is missing, or caveats
	Series    []AnytimeSeries
	MaxT      float64
	Snapshots int // snapshot files graded
	Fallback  int // runs placed at their finish time with their final grade
	Untimed   int // graded runs with neither snapshots nor a duration (no medal on the curve)
	Errors    []string
}

// AnytimeSeries is one split's curve: at T[i] seconds the any-medal
// percentage (mean ± SEM over seeds, with the split's padding) is Mean[i].
type AnytimeSeries struct {
	Split   string
	T       []float64
	Mean    []float64
	SE      []float64
	Padding bool
}

// DefaultSplits picks the splits a report shows when none are asked for:
// the leaderboard splits (low, medium, high, split75) and any other catalog
// split (e.g. the demo's) whose every competition has a graded run; if none
// qualifies, one split "graded" of every graded competition.
func DefaultSplits(cat *competition.Catalog, graded []string) []Split {
	have := map[string]bool{}
	for _, id := range graded {
		have[id] = true
	}
	var names []string
	seen := map[string]bool{}
	for _, n := range []string{"low", "medium", "high", "split75"} {
		names, seen[n] = append(names, n), true
	}
	var other []string
	if cat != nil {
		for _, c := range cat.All() {
			for _, s := range c.Splits {
				if !seen[s] {
					seen[s] = true
					other = append(other, s)
				}
			}
		}
	}
	sort.Strings(other)
	names = append(names, other...)
	var out []Split
	if cat != nil {
		for _, n := range names {
			ids, err := cat.Split(n)
			if err != nil || len(ids) == 0 {
				continue
			}
			all := true
			for _, id := range ids {
				all = all && have[id]
			}
			if all {
				out = append(out, Split{Name: n, IDs: ids})
			}
		}
	}
	if len(out) == 0 {
		ids := append([]string(nil), graded...)
		sort.Strings(ids)
		out = []Split{{Name: "graded", IDs: dedupe(ids)}}
	}
	return out
}

func dedupe(sorted []string) []string {
	var out []string
	for i, s := range sorted {
		if i == 0 || s != sorted[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// Build loads the run groups and computes the report.
func Build(ctx context.Context, in Input) (*Page, error) {
	groups, err := LoadRunGroupsWith(in.RunGroups, LoadOptions{GradingReports: in.GradingReports})
	if err != nil {
		return nil, err
	}
	cohorts := Cohorts(groups)
	if len(cohorts) > 1 && !in.MixAgents {
		return nil, &MixedSetupsError{Cohorts: cohorts}
	}
	pct := in.Percentile
	if pct == nil {
		pct = grade.Percentile
	}
	p := &Page{Title: in.Title, Agents: cohortLabels(cohorts), MixedAgents: len(cohorts) > 1, Provenance: in.Provenance, LeaderboardName: in.Leaderboard}
	if p.LeaderboardName == "" {
		p.LeaderboardName = "Kaggle leaderboard"
	}
	for _, g := range groups {
		if g.Setup.Agent == "" && !p.MixedAgents && len(groups) > 1 {
			p.UnknownAgent = append(p.UnknownAgent, g.Name)
		}
		if g.ReportNote != "" {
			p.ReportNotes = append(p.ReportNotes, g.ReportNote)
		}
	}
	if p.Title == "" {
		p.Title = "MLE-bench results"
	}
	if !in.Now.IsZero() {
		p.GeneratedAt = in.Now.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	entries := allEntries(groups)
	var gradedIDs []string
	for _, e := range entries {
		gradedIDs = append(gradedIDs, e.CompetitionID)
	}
	splits := in.Splits
	if splits == nil {
		splits = DefaultSplits(in.Catalog, gradedIDs)
	}
	for _, g := range groups {
		gs := GroupSummary{Name: g.Name, Dir: g.Dir, Report: g.ReportPath, CreatedAt: g.CreatedAt, Agent: g.Setup.AgentLabel(),
			Runs: len(g.Runs), Graded: len(g.Entries), HasMetadata: g.HasMetadata}
		for _, r := range g.Runs {
			gs.HasStatus = gs.HasStatus || r.Status != nil
			gs.Snapshots += len(r.Snapshots)
		}
		p.Groups = append(p.Groups, gs)
	}

	flags := make([]Flags, len(entries))
	for i, e := range entries {
		flags[i] = e.Flags
	}
	padding := map[string]bool{}
	for _, s := range splits {
		sr := aggregateSplit(flags, s)
		padding[s.Name] = sr.Padded
		p.Splits = append(p.Splits, sr)
	}
	p.Competitions = competitionResults(in.Catalog, entries, splits, pct)
	p.Failures = failures(groups)
	p.Integrity = integrity(groups)
	p.Anytime = anytime(ctx, in, entries, splits, padding)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.Notes = notes(p)
	return p, nil
}

// aggregateSplit aggregates one split, padding incomplete seeds with
// failing scores when the split's competitions have uneven run counts.
func aggregateSplit(flags []Flags, s Split) SplitResult {
	count := map[string]int{}
	for _, f := range flags {
		count[f.CompetitionID]++
	}
	sr := SplitResult{Name: s.Name, Competitions: len(s.IDs), MinRuns: math.MaxInt}
	for _, id := range s.IDs {
		n := count[id]
		if n > 0 {
			sr.Covered++
		} else {
			sr.Missing = append(sr.Missing, id)
		}
		sr.MinRuns, sr.MaxRuns = min(sr.MinRuns, n), max(sr.MaxRuns, n)
	}
	if len(s.IDs) == 0 {
		sr.MinRuns = 0
		sr.Err = "the split has no competitions"
		return sr
	}
	sr.Padded = sr.MinRuns != sr.MaxRuns
	if sr.Covered == 0 {
		sr.Err = "no graded runs of any of its competitions"
		return sr
	}
	agg, err := AggregateReports(flags, s.IDs, AggregateOptions{NumSeeds: -1, PadMissing: sr.Padded})
	if err != nil {
		sr.Err = err.Error()
		return sr
	}
	sr.Agg = agg
	if sr.PassAtK, err = SplitPassAtK(flags, s.IDs, AggregateOptions{NumSeeds: -1, PadMissing: sr.Padded}); err != nil {
		sr.Err, sr.Agg = err.Error(), nil
	}
	return sr
}

func medalOf(f Flags) string {
	switch {
	case f.Gold:
		return "gold"
	case f.Silver:
		return "silver"
	case f.Bronze:
		return "bronze"
	}
	return ""
}

// runOutcome classifies a graded run.
func runOutcome(e *Entry) string {
	switch {
	case !e.SubmissionExist:
		return "no submission"
	case !e.ValidSubmission:
		return "invalid submission"
	case e.AnyMedal():
		return medalOf(e.Flags) + " medal"
	case e.AboveMedian:
		return "above median"
	}
	return "below median"
}

func competitionResults(cat *competition.Catalog, entries []*Entry, splits []Split, pct func(string, float64) (float64, bool)) []*CompetitionResult {
	byID := map[string]*CompetitionResult{}
	var order []string
	get := func(id string) *CompetitionResult {
		c, ok := byID[id]
		if !ok {
			c = &CompetitionResult{ID: id, Name: id}
			for _, k := range leak.KnownFor(id) {
				c.KnownLeakage = append(c.KnownLeakage, k.What)
			}
			if cat != nil {
				if comp, err := cat.Lookup(id); err == nil {
					c.InCatalog, c.Name = true, comp.Name
					t := comp.Thresholds
					c.Thresholds = Thresholds{Gold: t.Gold, Silver: t.Silver, Bronze: t.Bronze, Median: t.Median, LowerIsBetter: t.LowerIsBetter, Known: true}
				}
			}
			for _, s := range splits {
				for _, sid := range s.IDs {
					if sid == id {
						c.Splits = append(c.Splits, s.Name)
						break
					}
				}
			}
			byID[id] = c
			order = append(order, id)
		}
		return c
	}
	// The grading reports' thresholds decided the medals: prefer them.
	fromReport := map[string]bool{}
	for _, e := range entries {
		c := get(e.CompetitionID)
		if e.Thresholds.Known && !fromReport[c.ID] {
			c.Thresholds, fromReport[c.ID] = e.Thresholds, true
		}
	}
	for _, s := range splits {
		for _, id := range s.IDs {
			get(id)
		}
	}
	for _, e := range entries {
		c := byID[e.CompetitionID]
		rr := RunResult{Seed: len(c.Runs), Group: e.Group.Name, Score: e.Score, Submitted: e.SubmissionExist,
			Valid: e.ValidSubmission, Medal: medalOf(e.Flags), Above: e.AboveMedian, Outcome: runOutcome(e)}
		if e.Run != nil {
			rr.RunID = e.Run.ID
		}
		rr.Norm, rr.NormOK = clippedNorm(e.Score, c.Thresholds)
		if rr.NormOK && e.Score != nil {
			raw, _ := Normalise(*e.Score, c.Thresholds)
			rr.Clipped = raw < NormFloor || raw > NormCeil
		}
		if e.Score != nil && !math.IsNaN(*e.Score) && !math.IsInf(*e.Score, 0) {
			if v, ok := pct(e.CompetitionID, *e.Score); ok {
				rr.Percentile = &v
			}
		}
		c.Runs = append(c.Runs, rr)
	}
	var out []*CompetitionResult
	sort.Strings(order)
	for _, id := range order {
		c := byID[id]
		c.finish()
		out = append(out, c)
	}
	return out
}

func (c *CompetitionResult) finish() {
	c.BronzeNorm, _ = Normalise(c.Thresholds.Bronze, c.Thresholds)
	c.SilverNorm, _ = Normalise(c.Thresholds.Silver, c.Thresholds)
	var scores, norms, pcts []float64
	_, c.NormOK = Normalise(0, c.Thresholds)
	for _, r := range c.Runs {
		if r.Submitted {
			c.Submitted++
		}
		if r.Valid {
			c.Valid++
		}
		switch r.Medal {
		case "gold":
			c.GoldN++
		case "silver":
			c.SilverN++
		case "bronze":
			c.BronzeN++
		}
		if r.Above {
			c.AboveMedian++
		}
		if r.Score != nil && !math.IsNaN(*r.Score) && !math.IsInf(*r.Score, 0) {
			scores = append(scores, *r.Score)
		}
		if r.NormOK {
			norms = append(norms, r.Norm)
		}
		if r.Percentile != nil {
			pcts = append(pcts, *r.Percentile)
		}
	}
	n := float64(len(c.Runs))
	if n > 0 {
		c.AnyMedalRate = 100 * float64(c.AnyMedalN()) / n
		c.ValidRate = 100 * float64(c.Valid) / n
	}
	if len(scores) > 0 {
		m := mean(scores)
		best := scores[0]
		for _, s := range scores {
			if c.Thresholds.LowerIsBetter && s < best || !c.Thresholds.LowerIsBetter && s > best {
				best = s
			}
		}
		c.MeanScore, c.BestScore = &m, &best
	}
	if c.NormOK && len(norms) > 0 {
		c.MeanNorm = mean(norms)
	} else {
		c.NormOK = false
	}
	if len(pcts) > 0 {
		m, best := mean(pcts), pcts[0]
		for _, v := range pcts {
			best = math.Max(best, v)
		}
		c.MeanPercentile, c.BestPercentile = &m, &best
	}
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func failures(groups []*RunGroup) Failures {
	var f Failures
	for _, g := range groups {
		for _, r := range g.Runs {
			f.Runs++
			row := FailureRow{Group: g.Name, RunID: r.ID, CompetitionID: r.CompetitionID}
			s := r.Status
			if s == nil {
				if r.InMetadata && !r.Success {
					f.Infra++
					row.Kind, row.Detail = "infrastructure", "success=false in metadata.json (the sandbox failed or outputs were not collected)"
					f.Rows = append(f.Rows, row)
				} else {
					f.Finished++
				}
				continue
			}
			f.HaveStatus++
			switch s.State {
			case "failed":
				f.Infra++
				row.Kind, row.Detail = "infrastructure", fmt.Sprintf("failed after %d attempt(s): %s", s.Attempts, s.Error)
			case "done":
				f.Recovered += len(s.InfraFailures)
				switch {
				case s.FailureKind == "timeout" || s.TimedOut:
					f.Timeout++
					row.Kind, row.Detail = "agent", fmt.Sprintf("stopped by the time limit after %s", fmtDuration(s.DurationSeconds))
				case s.FailureKind == "agent" || s.ExitCode != nil && *s.ExitCode != 0:
					f.AgentError++
					code := "?"
					if s.ExitCode != nil {
						code = fmt.Sprint(*s.ExitCode)
					}
					row.Kind, row.Detail = "agent", "exited with status "+code
				default:
					f.Finished++
				}
			default:
				f.Unfinished++
				row.Kind, row.Detail = "unfinished", "state "+s.State
			}
			if row.Kind != "" {
				f.Rows = append(f.Rows, row)
			}
		}
		for _, e := range g.Entries {
			f.Graded++
			kind := ""
			switch {
			case !e.SubmissionExist:
				f.NoSub++
				kind = "no submission"
			case !e.ValidSubmission:
				f.Invalid++
				kind = "invalid submission"
			default:
				f.ValidSubs++
			}
			if kind == "" {
				continue
			}
			// Infrastructure failures already explain a missing submission.
			if e.Run != nil && !e.SubmissionExist && isInfra(e.Run) {
				continue
			}
			row := FailureRow{Group: g.Name, CompetitionID: e.CompetitionID, Kind: "agent", Detail: kind}
			if e.Run != nil {
				row.RunID = e.Run.ID
			}
			f.Rows = append(f.Rows, row)
		}
	}
	return f
}

func isInfra(r *Run) bool {
	if r.Status != nil {
		return r.Status.State == "failed"
	}
	return r.InMetadata && !r.Success
}

func fmtDuration(sec float64) string {
	return time.Duration(sec * float64(time.Second)).Round(time.Second).String()
}

// tpoint is a run's graded state from time t on.
type tpoint struct {
	t float64
	f Flags
}

func anytime(ctx context.Context, in Input, entries []*Entry, splits []Split, padding map[string]bool) Anytime {
	var a Anytime
	total := 0
	for _, e := range entries {
		if e.Run != nil {
			total += len(e.Run.Snapshots)
		}
	}
	if total == 0 {
		a.Message = "No submission snapshots were found in these run groups, so there is no any-medal-over-time curve. " +
			"mlebench's runner saves them (<run dir>/snapshots/<elapsed seconds>.csv) with mlebench run --snapshot-interval; " +
			"run groups from the original run_agent.py have none."
		return a
	}
	if in.Grader == nil {
		a.Message = fmt.Sprintf("%d submission snapshots were found, but no grader was given to grade them (it needs the prepared data: --data-dir).", total)
		return a
	}
	ungradable := map[string]string{}
	timelines := make([][]tpoint, len(entries))
	done := 0
	for i, e := range entries {
		if ctx.Err() != nil {
			return a
		}
		r := e.Run
		if r != nil && len(r.Snapshots) > 0 && ungradable[e.CompetitionID] == "" {
			var pts []tpoint
			for _, s := range r.Snapshots {
				rep, err := in.Grader.GradeCSV(ctx, e.CompetitionID, s.Path)
				done++
				if in.Progress != nil {
					in.Progress(done, total)
				}
				if err != nil && (errors.Is(err, competition.ErrUnknownCompetition) || errors.Is(err, competition.ErrNotImplemented) || isNotPrepared(err)) {
					ungradable[e.CompetitionID] = err.Error()
					pts = nil
					break
				}
				f := Flags{CompetitionID: e.CompetitionID, SubmissionExist: true}
				if err != nil {
					a.Errors = append(a.Errors, fmt.Sprintf("%s: %v", s.Path, err))
				} else {
					a.Snapshots++
					f.Gold, f.Silver, f.Bronze, f.AboveMedian, f.ValidSubmission = rep.GoldMedal, rep.SilverMedal, rep.BronzeMedal, rep.AboveMedian, rep.ValidSubmission
				}
				pts = append(pts, tpoint{s.Elapsed, f})
			}
			if pts != nil {
				timelines[i] = pts
				continue
			}
		}
		if r != nil && r.Status != nil && r.Status.DurationSeconds > 0 {
			timelines[i] = []tpoint{{r.Status.DurationSeconds, e.Flags}}
			a.Fallback++
		} else {
			a.Untimed++
		}
	}
	var ids []string
	for id := range ungradable {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		a.Errors = append(a.Errors, fmt.Sprintf("snapshots of %s could not be graded: %s", id, ungradable[id]))
	}
	if a.Snapshots == 0 {
		a.Message = "No snapshot could be graded, so there is no any-medal-over-time curve."
		return a
	}
	grid := []float64{0}
	for _, tl := range timelines {
		for _, p := range tl {
			grid = append(grid, p.t)
		}
	}
	sort.Float64s(grid)
	grid = dedupeFloats(grid)
	a.MaxT = grid[len(grid)-1]
	for _, s := range splits {
		ser := AnytimeSeries{Split: s.Name, Padding: padding[s.Name]}
		idx := make([]int, len(entries)) // points in effect: timelines[i][:idx[i]]
		flags := make([]Flags, len(entries))
		ok := true
		for _, t := range grid {
			for i, tl := range timelines {
				for idx[i] < len(tl) && tl[idx[i]].t <= t {
					idx[i]++
				}
				if idx[i] > 0 {
					flags[i] = tl[idx[i]-1].f
				} else {
					flags[i] = Flags{CompetitionID: entries[i].CompetitionID}
				}
			}
			agg, err := AggregateReports(flags, s.IDs, AggregateOptions{NumSeeds: -1, PadMissing: padding[s.Name]})
			if err != nil {
				ok = false
				break
			}
			st := agg.AnyMedal()
			ser.T, ser.Mean, ser.SE = append(ser.T, t), append(ser.Mean, st.Mean), append(ser.SE, st.StandardError)
		}
		if ok {
			a.Series = append(a.Series, ser)
		}
	}
	a.Available = len(a.Series) > 0
	var caveats []string
	if a.Fallback > 0 {
		caveats = append(caveats, fmt.Sprintf("%d run(s) without gradable snapshots enter the curve with their final grade at their finish time", a.Fallback))
	}
	if a.Untimed > 0 {
		caveats = append(caveats, fmt.Sprintf("%d graded run(s) have neither snapshots nor a recorded duration and count as no medal throughout", a.Untimed))
	}
	if len(caveats) > 0 {
		a.Message = strings.Join(caveats, "; ") + "."
	}
	return a
}

func isNotPrepared(err error) bool {
	var np *competition.NotPreparedError
	return errors.As(err, &np)
}

func dedupeFloats(sorted []float64) []float64 {
	var out []float64
	for i, x := range sorted {
		if i == 0 || x != sorted[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func notes(p *Page) []string {
	var out []string
	if p.MixedAgents {
		out = append(out, fmt.Sprintf("Run groups of different agents or settings (%s) are pooled as seeds of one experiment, as asked (--mix-agents): the numbers below describe no single agent.", strings.Join(p.Agents, "; ")))
	}
	if len(p.UnknownAgent) > 0 && len(p.Agents) == 1 && p.Agents[0] != "unknown agent" {
		out = append(out, fmt.Sprintf("The agent of run group(s) %s is not recorded (no plan.json, no _run-group_<agent> name); they are counted as runs of %s.", strings.Join(p.UnknownAgent, ", "), p.Agents[0]))
	}
	for _, s := range p.Splits {
		switch {
		case s.Err != "":
			out = append(out, fmt.Sprintf("Split %s could not be aggregated: %s.", s.Name, s.Err))
		case s.Padded:
			msg := fmt.Sprintf("Split %s: seeds are uneven (%d to %d graded runs per competition", s.Name, s.MinRuns, s.MaxRuns)
			if len(s.Missing) > 0 {
				msg += fmt.Sprintf("; %d of %d competitions have none: %s", len(s.Missing), s.Competitions, strings.Join(s.Missing, ", "))
			}
			msg += fmt.Sprintf("), so its %d seeds are padded with failing scores, as aggregate --pad-missing does (the published leaderboard marks such rows).", s.Agg.NumSeeds)
			out = append(out, msg)
		default:
			out = append(out, fmt.Sprintf("Split %s: %d complete seed(s) over its %d competitions (no padding).", s.Name, s.Agg.NumSeeds, s.Competitions))
		}
	}
	return out
}
