package report

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"text/tabwriter"
)

// CompareOptions set the bootstrap.
type CompareOptions struct {
	// LabelA and LabelB name the sets; "" names a set by its agents (see
	// [AgentsOf]), with "A"/"B" in front when both sets have the same.
	LabelA, LabelB string
	// Resamples is the number of bootstrap resamples (default 10,000).
	Resamples int
	// Seed seeds the resampling (PCG), so a comparison is reproducible.
	Seed uint64
	// MixAgents allows a set whose run groups come from different agents or
	// settings (see [Cohorts]); without it such a set is a
	// *MixedSetupsError.
	MixAgents bool
}

// CompareRow is one competition present in both sets.
type CompareRow struct {
	CompetitionID string `json:"competition_id"`
	RunsA         int    `json:"runs_a"`
	RunsB         int    `json:"runs_b"`
	// Any-medal rates are percentages of each set's graded runs of the
	// competition; Diff = B − A in percentage points.
	AnyMedalA    float64 `json:"any_medal_pct_a"`
	AnyMedalB    float64 `json:"any_medal_pct_b"`
	AnyMedalDiff float64 `json:"any_medal_diff_pp"`
	// Mean clipped normalised scores (see NormFloor); NormOK is false when
	// the competition's scale is undefined.
	NormA    *float64 `json:"mean_normalised_a"`
	NormB    *float64 `json:"mean_normalised_b"`
	NormDiff *float64 `json:"mean_normalised_diff"`
}

// Comparison is set B against set A over their common competitions.
type Comparison struct {
	LabelA       string       `json:"label_a"`
	LabelB       string       `json:"label_b"`
	AgentsA      []string     `json:"agents_a"`
	AgentsB      []string     `json:"agents_b"`
	Competitions []CompareRow `json:"competitions"`
	OnlyA        []string     `json:"only_in_a"`
	OnlyB        []string     `json:"only_in_b"`
	// AnyMedalA, AnyMedalB and MeanDiff are means over the common
	// competitions (percent, percent, percentage points).
	AnyMedalA float64 `json:"any_medal_pct_a"`
	AnyMedalB float64 `json:"any_medal_pct_b"`
	MeanDiff  float64 `json:"any_medal_diff_pp"`
	// CILow and CIHigh bound the 95% percentile bootstrap interval of
	// MeanDiff: competitions resampled with replacement.
	CILow     float64 `json:"any_medal_diff_ci95_low"`
	CIHigh    float64 `json:"any_medal_diff_ci95_high"`
	Resamples int     `json:"bootstrap_resamples"`
	Seed      uint64  `json:"bootstrap_seed"`
	// MeanNormDiff is the mean of NormDiff over competitions where it is
	// defined (NormCompetitions of them).
	MeanNormDiff     *float64 `json:"mean_normalised_diff"`
	NormCompetitions int      `json:"normalised_competitions"`
}

type sideStats struct {
	runs, medals int
	norms        []float64
	normOK       bool
}

func collect(groups []*RunGroup) map[string]*sideStats {
	out := map[string]*sideStats{}
	for _, e := range allEntries(groups) {
		s, ok := out[e.CompetitionID]
		if !ok {
			s = &sideStats{normOK: true}
			out[e.CompetitionID] = s
		}
		s.runs++
		if e.AnyMedal() {
			s.medals++
		}
		v, ok := clippedNorm(e.Score, e.Thresholds)
		s.normOK = s.normOK && ok
		s.norms = append(s.norms, v)
	}
	return out
}

// Compare compares two sets of run groups competition by competition:
// paired differences (B − A) of the any-medal rate and of the mean
// normalised score, and a bootstrap 95% interval for the mean any-medal
// difference that resamples competitions with replacement.
func Compare(a, b []*RunGroup, opt CompareOptions) (*Comparison, error) {
	if opt.Resamples == 0 {
		opt.Resamples = 10000
	}
	if opt.Resamples < 0 {
		return nil, fmt.Errorf("compare: negative number of resamples")
	}
	if !opt.MixAgents {
		for i, set := range [][]*RunGroup{a, b} {
			if cs := Cohorts(set); len(cs) > 1 {
				return nil, fmt.Errorf("set %s: %w", []string{"A", "B"}[i], &MixedSetupsError{Cohorts: cs})
			}
		}
	}
	agentsA, agentsB := AgentsOf(a), AgentsOf(b)
	autoA, autoB := strings.Join(agentsA, "+"), strings.Join(agentsB, "+")
	if autoA == autoB {
		autoA, autoB = "A ("+autoA+")", "B ("+autoB+")"
	}
	if opt.LabelA == "" {
		opt.LabelA = autoA
	}
	if opt.LabelB == "" {
		opt.LabelB = autoB
	}
	sa, sb := collect(a), collect(b)
	c := &Comparison{LabelA: opt.LabelA, LabelB: opt.LabelB, AgentsA: agentsA, AgentsB: agentsB, Resamples: opt.Resamples, Seed: opt.Seed, OnlyA: []string{}, OnlyB: []string{}}
	var ids []string
	for id := range sa {
		if _, ok := sb[id]; ok {
			ids = append(ids, id)
		} else {
			c.OnlyA = append(c.OnlyA, id)
		}
	}
	for id := range sb {
		if _, ok := sa[id]; !ok {
			c.OnlyB = append(c.OnlyB, id)
		}
	}
	sort.Strings(ids)
	sort.Strings(c.OnlyA)
	sort.Strings(c.OnlyB)
	if len(ids) == 0 {
		return nil, fmt.Errorf("compare: the two sets have no competition in common")
	}
	var diffs, normDiffs []float64
	for _, id := range ids {
		x, y := sa[id], sb[id]
		r := CompareRow{CompetitionID: id, RunsA: x.runs, RunsB: y.runs,
			AnyMedalA: 100 * float64(x.medals) / float64(x.runs), AnyMedalB: 100 * float64(y.medals) / float64(y.runs)}
		r.AnyMedalDiff = r.AnyMedalB - r.AnyMedalA
		if x.normOK && y.normOK {
			na, nb := mean(x.norms), mean(y.norms)
			d := nb - na
			r.NormA, r.NormB, r.NormDiff = &na, &nb, &d
			normDiffs = append(normDiffs, d)
		}
		c.AnyMedalA += r.AnyMedalA
		c.AnyMedalB += r.AnyMedalB
		diffs = append(diffs, r.AnyMedalDiff)
		c.Competitions = append(c.Competitions, r)
	}
	k := float64(len(ids))
	c.AnyMedalA /= k
	c.AnyMedalB /= k
	c.MeanDiff = mean(diffs)
	if len(normDiffs) > 0 {
		m := mean(normDiffs)
		c.MeanNormDiff, c.NormCompetitions = &m, len(normDiffs)
	}
	c.CILow, c.CIHigh = bootstrapCI(diffs, opt.Resamples, opt.Seed)
	return c, nil
}

// bootstrapCI is the 95% percentile interval of the mean of xs over
// resamples (each len(xs) draws with replacement, PCG seeded with seed);
// quantiles interpolate linearly between order statistics as numpy's
// percentile does by default.
func bootstrapCI(xs []float64, resamples int, seed uint64) (lo, hi float64) {
	if resamples == 0 {
		return math.NaN(), math.NaN()
	}
	r := rand.New(rand.NewPCG(seed, 0x6d6c6562656e6368)) // "mlebench"
	means := make([]float64, resamples)
	for i := range means {
		s := 0.0
		for range xs {
			s += xs[r.IntN(len(xs))]
		}
		means[i] = s / float64(len(xs))
	}
	sort.Float64s(means)
	return quantile(means, 0.025), quantile(means, 0.975)
}

// quantile of sorted xs with linear interpolation (numpy's default).
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(math.Floor(pos))
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(i)
	if frac == 0 {
		return sorted[i]
	}
	return sorted[i] + frac*(sorted[i+1]-sorted[i])
}

// WriteText writes the comparison as an aligned table for people.
func (c *Comparison) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "competition\truns %s\truns %s\tany medal %% %s\tany medal %% %s\tdiff (pp)\tnorm %s\tnorm %s\tnorm diff\n",
		c.LabelA, c.LabelB, c.LabelA, c.LabelB, c.LabelA, c.LabelB)
	opt := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%+.3f", *p)
	}
	for _, r := range c.Competitions {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.1f\t%+.1f\t%s\t%s\t%s\n", r.CompetitionID, r.RunsA, r.RunsB,
			r.AnyMedalA, r.AnyMedalB, r.AnyMedalDiff, opt(r.NormA), opt(r.NormB), opt(r.NormDiff))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s: %s; %s: %s.\n", c.LabelA, agentList(c.AgentsA), c.LabelB, agentList(c.AgentsB))
	fmt.Fprintf(w, "%d competitions in common. Any medal: %s %.2f%%, %s %.2f%%; difference %s − %s = %+.2f pp, 95%% bootstrap CI [%+.2f, %+.2f] (%d resamples of competitions, seed %d).\n",
		len(c.Competitions), c.LabelA, c.AnyMedalA, c.LabelB, c.AnyMedalB, c.LabelB, c.LabelA, c.MeanDiff, c.CILow, c.CIHigh, c.Resamples, c.Seed)
	if c.MeanNormDiff != nil {
		fmt.Fprintf(w, "Mean normalised score difference (median 0, gold 1): %+.3f over %d competitions.\n", *c.MeanNormDiff, c.NormCompetitions)
	}
	if len(c.OnlyA) > 0 {
		fmt.Fprintf(w, "Only in %s (left out): %s\n", c.LabelA, strings.Join(c.OnlyA, ", "))
	}
	if len(c.OnlyB) > 0 {
		fmt.Fprintf(w, "Only in %s (left out): %s\n", c.LabelB, strings.Join(c.OnlyB, ", "))
	}
	return nil
}

func agentList(agents []string) string {
	if len(agents) == 1 {
		return "agent " + agents[0]
	}
	return "agents " + strings.Join(agents, ", ")
}
