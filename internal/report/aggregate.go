package report

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mlebench/mlebench/internal/pyjson"
)

// Flags are the six booleans aggregation keeps from a competition report.
type Flags struct {
	CompetitionID   string
	Gold            bool
	Silver          bool
	Bronze          bool
	AboveMedian     bool
	SubmissionExist bool
	ValidSubmission bool
}

// AnyMedal reports gold, silver or bronze.
func (f Flags) AnyMedal() bool { return f.Gold || f.Silver || f.Bronze }

// ReadGradingReport reads the competition reports of one aggregated grading
// report file, sorted (stably) by competition id as the original does.
func ReadGradingReport(path string) ([]Flags, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Reports []map[string]json.RawMessage `json:"competition_reports"`
	}
	if err := json.Unmarshal(SanitizePythonJSON(data), &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]Flags, 0, len(doc.Reports))
	for i, r := range doc.Reports {
		var f Flags
		if err := json.Unmarshal(r["competition_id"], &f.CompetitionID); err != nil {
			return nil, fmt.Errorf("%s: report %d: competition_id: %w", path, i, err)
		}
		for key, dst := range map[string]*bool{
			"gold_medal": &f.Gold, "silver_medal": &f.Silver, "bronze_medal": &f.Bronze,
			"above_median": &f.AboveMedian, "submission_exists": &f.SubmissionExist, "valid_submission": &f.ValidSubmission,
		} {
			*dst = pyTruthy(r[key])
		}
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].CompetitionID < out[j].CompetitionID })
	return out, nil
}

// pyTruthy is Python's bool() of a JSON value.
func pyTruthy(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch x := v.(type) {
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return false
}

// SanitizePythonJSON replaces the bare NaN / Infinity tokens Python writes
// with null, outside strings, so encoding/json can read the rest.
func SanitizePythonJSON(b []byte) []byte {
	var out []byte
	inStr, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			out = append(out, c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch {
		case c == '"':
			inStr = true
		case strings.HasPrefix(string(b[i:min(i+9, len(b))]), "-Infinity"):
			out = append(out, "null"...)
			i += 8
			continue
		case strings.HasPrefix(string(b[i:min(i+8, len(b))]), "Infinity"):
			out = append(out, "null"...)
			i += 7
			continue
		case strings.HasPrefix(string(b[i:min(i+3, len(b))]), "NaN"):
			out = append(out, "null"...)
			i += 2
			continue
		}
		out = append(out, c)
	}
	return out
}

// AllSeeds is the NumSeeds value that takes every complete seed.
const AllSeeds = -1

// AggregateOptions are aggregate_grading_reports.py's flags.
type AggregateOptions struct {
	// NumSeeds is how many seeds to average: AllSeeds (-1) for all of
	// them. As in the original, 0 (the zero value) or another negative
	// number leaves no seed and is an error.
	NumSeeds   int
	PadMissing bool
}

// SeedMetrics are one seed's percentages over the split.
type SeedMetrics struct {
	TotalCompetitions int
	SubmissionExists  float64
	ValidSubmissions  float64
	AboveMedian       float64
	Gold              float64
	Silver            float64
	Bronze            float64
	AnyMedal          float64
}

func (m SeedMetrics) values() []float64 {
	return []float64{float64(m.TotalCompetitions), m.SubmissionExists, m.ValidSubmissions, m.AboveMedian, m.Gold, m.Silver, m.Bronze, m.AnyMedal}
}

// MetricNames are the aggregated metrics in the original's order.
var MetricNames = []string{
	"total_competitions", "submission_exists_percentage", "valid_submissions_percentage",
	"above_median_percentage", "gold_medal_percentage", "silver_medal_percentage",
	"bronze_medal_percentage", "any_medal_percentage",
}

// Stat is a metric's mean, 95% interval and standard error across seeds.
type Stat struct {
	Mean, CILower, CIUpper, StandardError float64
}

// Aggregate is the original's aggregated result.
type Aggregate struct {
	NumSeeds        int
	NumCompetitions int
	Seeds           []SeedMetrics
	Metrics         []Stat // in MetricNames order
}

// AnyMedal returns the any-medal statistic.
func (a *Aggregate) AnyMedal() Stat { return a.Metrics[len(a.Metrics)-1] }

// AggregateReports forms seeds from reports (already in the original's
// order: report files in sorted path order, each sorted by competition id)
// for the split's competitions and computes the statistics exactly as
// aggregate_grading_reports.py does, with its error messages: the k-th
// seed takes the k-th report of every split competition; without
// PadMissing every competition needs a report and the seed count is the
// smallest report count, with it the largest (missing ones count as
// failures); NumSeeds -1 takes them all, any other value at most that many
// (0 or another negative number leaves none, an error, as in the original).
func AggregateReports(reports []Flags, split []string, opt AggregateOptions) (*Aggregate, error) {
	per := map[string][]Flags{}
	for _, r := range reports {
		per[r.CompetitionID] = append(per[r.CompetitionID], r)
	}
	var missing []string
	for _, id := range split {
		if len(per[id]) == 0 {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 && !opt.PadMissing {
		return nil, fmt.Errorf("Missing reports for competitions: %s; cannot build complete seeds.", strings.Join(missing, ", "))
	}
	if len(split) == 0 {
		return nil, fmt.Errorf("No competitions provided.")
	}
	avail := len(per[split[0]])
	for _, id := range split {
		if opt.PadMissing {
			avail = max(avail, len(per[id]))
		} else {
			avail = min(avail, len(per[id]))
		}
	}
	if avail == 0 {
		return nil, fmt.Errorf("No reports available to form any seed.")
	}
	seeds := avail
	if opt.NumSeeds != -1 {
		seeds = min(opt.NumSeeds, avail)
	}
	if seeds <= 0 {
		return nil, fmt.Errorf("No seeds requested or available after evaluating competition coverage.")
	}
	if opt.NumSeeds != -1 && opt.NumSeeds > seeds {
		return nil, fmt.Errorf("Requested %d seeds, but only %d complete seeds available.", opt.NumSeeds, seeds)
	}
	agg := &Aggregate{NumSeeds: seeds, NumCompetitions: len(split)}
	for k := 0; k < seeds; k++ {
		var c [7]int
		for _, id := range split {
			if k >= len(per[id]) {
				continue // padded: every flag false
			}
			r := per[id][k]
			for i, b := range []bool{r.SubmissionExist, r.ValidSubmission, r.AboveMedian, r.Gold, r.Silver, r.Bronze, r.AnyMedal()} {
				if b {
					c[i]++
				}
			}
		}
		n := len(split)
		agg.Seeds = append(agg.Seeds, SeedMetrics{
			TotalCompetitions: n,
			SubmissionExists:  Percentage(c[0], n), ValidSubmissions: Percentage(c[1], n), AboveMedian: Percentage(c[2], n),
			Gold: Percentage(c[3], n), Silver: Percentage(c[4], n), Bronze: Percentage(c[5], n), AnyMedal: Percentage(c[6], n),
		})
	}
	for m := range MetricNames {
		xs := make([]float64, len(agg.Seeds))
		for i, s := range agg.Seeds {
			xs[i] = s.values()[m]
		}
		agg.Metrics = append(agg.Metrics, stat(xs))
	}
	return agg, nil
}

// Percentage is the original's n / total * 100, in that order (100·n/total
// differs in the last digit for about a third of the counts).
func Percentage(n, total int) float64 { return float64(n) / float64(total) * 100 }

// stat computes numpy's mean, the sample standard deviation (ddof=1) over
// sqrt(n) (0 for one seed) and mean ∓ 1.96·SE.
func stat(xs []float64) Stat {
	n := float64(len(xs))
	mean := pairwiseSum(xs) / n
	se := 0.0
	if len(xs) > 1 {
		dev := make([]float64, len(xs))
		for i, x := range xs {
			d := x - mean
			dev[i] = d * d
		}
		se = math.Sqrt(pairwiseSum(dev)/(n-1)) / math.Sqrt(n)
	}
	return Stat{Mean: mean, CILower: mean - 1.96*se, CIUpper: mean + 1.96*se, StandardError: se}
}

// pairwiseSum is numpy's summation for float64 arrays (exact for the small
// arrays seen here: plain left-to-right below 8 elements, unrolled by 8
// above, pairwise beyond 128).
func pairwiseSum(xs []float64) float64 {
	n := len(xs)
	switch {
	case n < 8:
		s := 0.0
		for _, x := range xs {
			s += x
		}
		return s
	case n <= 128:
		var r [8]float64
		copy(r[:], xs[:8])
		i := 8
		for ; i+8 <= n; i += 8 {
			for j := 0; j < 8; j++ {
				r[j] += xs[i+j]
			}
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += xs[i]
		}
		return s
	default:
		m := n / 2
		m -= m % 8
		return pairwiseSum(xs[:m]) + pairwiseSum(xs[m:])
	}
}

// JSON renders the aggregate as the original prints it (2-space indent).
func (a *Aggregate) JSON() []byte {
	metrics := pyjson.Object{}
	for i, name := range MetricNames {
		s := a.Metrics[i]
		metrics = append(metrics, pyjson.Member{Key: name, Value: pyjson.Object{
			{Key: "mean", Value: s.Mean}, {Key: "ci_lower", Value: s.CILower},
			{Key: "ci_upper", Value: s.CIUpper}, {Key: "standard_error", Value: s.StandardError},
		}})
	}
	b, _ := pyjson.Marshal(pyjson.Object{
		{Key: "num_seeds_averaged", Value: a.NumSeeds},
		{Key: "num_competitions_per_seed", Value: a.NumCompetitions},
		{Key: "metrics", Value: metrics},
	}, pyjson.Options{Indent: 2})
	return b
}

// String renders one seed as the original prints it (a dataclass repr).
func (m SeedMetrics) String() string {
	return fmt.Sprintf("SeedMetrics(total_competitions=%d, submission_exists_percentage=%s, valid_submissions_percentage=%s, above_median_percentage=%s, gold_medal_percentage=%s, silver_medal_percentage=%s, bronze_medal_percentage=%s, any_medal_percentage=%s)",
		m.TotalCompetitions, repr(m.SubmissionExists), repr(m.ValidSubmissions), repr(m.AboveMedian), repr(m.Gold), repr(m.Silver), repr(m.Bronze), repr(m.AnyMedal))
}

func repr(x float64) string { return string(pyjson.Float(x)) }

// LoadReports reads grading report files in sorted path order, each file's
// reports sorted by competition id, concatenated (the original's step 1).
func LoadReports(paths []string) ([]Flags, error) {
	sorted := append([]string(nil), paths...)
	sort.Strings(sorted)
	var all []Flags
	for _, p := range sorted {
		flags, err := ReadGradingReport(p)
		if err != nil {
			return nil, err
		}
		all = append(all, flags...)
	}
	return all, nil
}

// FindGradingReport returns the one *grading_report*.json (a regular file)
// directly inside a run group directory. found is false when there is
// none; more than one is an error saying "found N: <names>" (the original's
// message after "Expected one grading report in <run group>, ").
func FindGradingReport(runGroupDir string) (path string, found bool, err error) {
	matches, err := filepathGlob(runGroupDir, "*grading_report*.json")
	if err != nil {
		return "", false, err
	}
	switch len(matches) {
	case 0:
		return "", false, nil
	case 1:
		return matches[0], true, nil
	}
	names := make([]string, len(matches))
	for i, m := range matches {
		names[i] = filepath.Base(m)
	}
	return "", false, fmt.Errorf("found %d: %s", len(matches), strings.Join(names, ", "))
}

// ReadSplitFile reads competition ids as the aggregation script does: each
// line trimmed, blank lines skipped.
func ReadSplitFile(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			ids = append(ids, line)
		}
	}
	return ids, nil
}

// LeaderboardCell formats a split's any-medal result as the original README's
// table does: "mean ± SEM" with two decimals.
func LeaderboardCell(s Stat) string {
	return fmt.Sprintf("%.2f ± %.2f", s.Mean, s.StandardError)
}
