package report

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteMarkdown writes the report as GitHub-flavoured Markdown: the same
// sections and numbers as the HTML page, tables instead of plots.
func (p *Page) WriteMarkdown(w io.Writer) error {
	b := bufio.NewWriter(w)
	pr := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	row := func(cells ...string) {
		for i, c := range cells {
			cells[i] = mdCell(c)
		}
		pr("| %s |\n", strings.Join(cells, " | "))
	}
	head := func(cells ...string) {
		row(cells...)
		seps := make([]string, len(cells))
		for i := range seps {
			seps[i] = "---"
		}
		pr("| %s |\n", strings.Join(seps, " | "))
	}

	pr("# %s\n\n", p.Title)
	pr("%d run group(s), %d graded run(s) over %d competition(s)", len(p.Groups), p.Failures.Graded, p.CompetitionsRun())
	if p.GeneratedAt != "" {
		pr(" · generated %s", p.GeneratedAt)
	}
	pr(".\n\n")
	pr("%s: %s.\n\n", p.AgentsHeading(), strings.Join(p.Agents, "; "))
	if p.Provenance != "" {
		pr("Made by %s.\n\n", p.Provenance)
	}
	for _, n := range p.ReportNotes {
		pr("> %s\n\n", n)
	}
	head("run group", "agent", "directory", "grading report", "runs", "graded", "snapshots")
	for _, g := range p.Groups {
		row(g.Name, g.Agent, "`"+g.Dir+"`", "`"+filepath.Base(g.Report)+"`", fmt.Sprint(g.Runs), fmt.Sprint(g.Graded), fmt.Sprint(g.Snapshots))
	}

	pr("\n## Medal rates by split\n\n")
	pr("Mean ± standard error of the mean over seeds, as `aggregate` computes the leaderboard.\n\n")
	for _, n := range p.Notes {
		pr("> %s\n\n", n)
	}
	head("split", "competitions", "seeds", "padding", "any medal %", "gold %", "silver %", "bronze %", "above median %", "valid submission %", "submitted %")
	for _, s := range p.Splits {
		if s.Agg == nil {
			row(s.Name, fmt.Sprint(s.Competitions), "—", "—", s.Err, "", "", "", "", "", "")
			continue
		}
		pad := "none"
		if s.Padded {
			pad = "padded (--pad-missing)"
		}
		cells := []string{s.Name, fmt.Sprint(s.Competitions), fmt.Sprint(s.Agg.NumSeeds), pad}
		for _, m := range []string{"any_medal_percentage", "gold_medal_percentage", "silver_medal_percentage", "bronze_medal_percentage",
			"above_median_percentage", "valid_submissions_percentage", "submission_exists_percentage"} {
			cells = append(cells, LeaderboardCell(s.Stat(m)))
		}
		row(cells...)
	}
	kmax := 0
	for _, s := range p.Splits {
		kmax = max(kmax, len(s.PassAtK))
	}
	if kmax > 0 {
		pr("\nAny-medal pass@k (%%): 1 − C(n−c, k) / C(n, k) per competition (n runs, c with a medal), averaged over the split.\n\n")
		cols := []string{"split"}
		for k := 1; k <= kmax; k++ {
			cols = append(cols, fmt.Sprintf("pass@%d", k))
		}
		head(cols...)
		for _, s := range p.Splits {
			if len(s.PassAtK) == 0 {
				continue
			}
			cells := []string{s.Name}
			for k := 1; k <= kmax; k++ {
				if k > len(s.PassAtK) {
					cells = append(cells, "—")
				} else {
					cells = append(cells, fmt.Sprintf("%.2f", s.PassAtK[k-1]))
				}
			}
			row(cells...)
		}
	}

	pr("\n## Competitions\n\n")
	pr("Normalised score = (score − median) / (gold − median): median 0, gold 1, higher is better in both metric directions; means clip runs to [%s, %s] and count a run without a valid score as %s. Percentile = share of the leaderboard's (human) teams tied or beaten.\n\n",
		fmtNorm(NormFloor), fmtNorm(NormCeil), fmtNorm(NormFloor))
	head("competition", "direction", "runs", "valid", "medals G/S/B", "any medal %", "mean score", "best score", "median", "bronze", "silver", "gold", "mean normalised", "best percentile")
	for _, c := range p.Competitions {
		dir := "higher is better"
		if c.Thresholds.LowerIsBetter {
			dir = "lower is better"
		}
		name := c.ID
		if len(c.KnownLeakage) > 0 {
			name += " (known leakage)"
		}
		cells := []string{name, dir, fmt.Sprint(len(c.Runs))}
		if len(c.Runs) == 0 {
			cells = append(cells, "not run", "", "", "", "")
		} else {
			cells = append(cells, fmt.Sprint(c.Valid), fmt.Sprintf("%d/%d/%d", c.GoldN, c.SilverN, c.BronzeN),
				fmt.Sprintf("%.1f", c.AnyMedalRate), fmtScore(c.MeanScore), fmtScore(c.BestScore))
		}
		t := c.Thresholds
		if t.Known {
			cells = append(cells, fmtScore(&t.Median), fmtScore(&t.Bronze), fmtScore(&t.Silver), fmtScore(&t.Gold))
		} else {
			cells = append(cells, "?", "?", "?", "?")
		}
		norm := "—"
		if c.NormOK {
			norm = fmtNorm(c.MeanNorm)
		}
		cells = append(cells, norm, fmtPct(c.BestPercentile))
		row(cells...)
	}

	f := p.Failures
	pr("\n## Runs and failures\n\n")
	head("kind", "what", "runs")
	for _, r := range [][3]string{
		{"", "runs recorded", fmt.Sprint(f.Runs)},
		{"infrastructure", "sandbox failures (final)", fmt.Sprint(f.Infra)},
		{"infrastructure", "failed attempts recovered by a retry", fmt.Sprint(f.Recovered)},
		{"infrastructure", "runs not finished", fmt.Sprint(f.Unfinished)},
		{"agent", "exited with a non-zero status", fmt.Sprint(f.AgentError)},
		{"agent", "stopped by the time limit", fmt.Sprint(f.Timeout)},
		{"", "graded runs", fmt.Sprint(f.Graded)},
		{"agent", "graded without a submission", fmt.Sprint(f.NoSub)},
		{"agent", "invalid submission", fmt.Sprint(f.Invalid)},
		{"", "valid submissions", fmt.Sprintf("%d (%s)", f.ValidSubs, p.ValidRate())},
	} {
		row(r[0], r[1], r[2])
	}
	if len(f.Rows) > 0 {
		pr("\n")
		head("kind", "competition", "run", "run group", "detail")
		for _, r := range f.Rows {
			id := r.RunID
			if id == "" {
				id = "?"
			}
			row(r.Kind, r.CompetitionID, "`"+id+"`", r.Group, r.Detail)
		}
	}

	if in := p.Integrity; in != nil {
		pr("\n## Integrity checks\n\n%d of %d graded runs flagged (a rule-violation question answered yes, or a similarity of at least %.1f to a top public kernel).\n\n", in.Flagged, len(in.Rows), PlagiarismDisplayThreshold)
		head("competition", "run", "run group", "outcome", "rule violations", "max similarity", "most similar kernel")
		for _, r := range in.Rows {
			v := "not checked"
			if len(r.Violations) > 0 {
				v = strings.Join(r.Violations, ", ")
			} else if r.ViolationsChecked {
				v = "none"
			}
			sim := "—"
			if r.MaxSimilarity != nil {
				sim = fmt.Sprintf("%.3f", *r.MaxSimilarity)
			}
			id := r.RunID
			if id == "" {
				id = "?"
			}
			row(r.CompetitionID, "`"+id+"`", r.Group, r.Outcome, v, sim, r.SimilarTo)
		}
	}

	pr("\n## Any medal over elapsed time\n\n")
	a := p.Anytime
	if a.Available {
		cols, rows := anytimeTable(a)
		pr("Any-medal %% (mean ± SEM over seeds) with each run's latest graded snapshot at that time; %d snapshot(s) graded.\n\n", a.Snapshots)
		head(append([]string{"split"}, cols...)...)
		for _, r := range rows {
			row(append([]string{r.Split}, r.Cells...)...)
		}
		if a.Message != "" {
			pr("\n> %s\n", a.Message)
		}
	} else {
		pr("%s\n", a.Message)
	}
	for _, e := range a.Errors {
		pr("\n> %s\n", e)
	}
	return b.Flush()
}

// mdCell escapes a table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}
