package report

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func flagsFor(id string, medal bool) Flags {
	return Flags{CompetitionID: id, Gold: medal, SubmissionExist: true, ValidSubmission: true}
}

// seedsWithMedals builds reports for n competitions where seed k has
// medals[k] medals (on the first competitions).
func seedsWithMedals(n int, medals ...int) ([]Flags, []string) {
	var split []string
	for i := 0; i < n; i++ {
		split = append(split, fmt.Sprintf("c%03d", i))
	}
	var reports []Flags
	for _, m := range medals {
		for i, id := range split {
			reports = append(reports, flagsFor(id, i < m))
		}
	}
	return reports, split
}

// TestPublishedLeaderboardRow reproduces the Disarray row of the published
// leaderboard (leaderboard-and-results.md §1): Low 90.91 ± 0.00, Medium 72.81
// ± 0.88, High 71.11 ± 2.22, All 77.78 ± 0.44.
func TestPublishedLeaderboardRow(t *testing.T) {
	for _, c := range []struct {
		n      int
		medals []int
		want   string
	}{
		{22, []int{20, 20, 20}, "90.91 ± 0.00"},
		{38, []int{28, 27, 28}, "72.81 ± 0.88"},
		{15, []int{10, 11, 11}, "71.11 ± 2.22"},
		{75, []int{58, 58, 59}, "77.78 ± 0.44"},
	} {
		reports, split := seedsWithMedals(c.n, c.medals...)
		agg, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: -1})
		if err != nil {
			t.Fatal(err)
		}
		if got := LeaderboardCell(agg.AnyMedal()); got != c.want {
			t.Errorf("%d competitions %v: %s, want %s", c.n, c.medals, got, c.want)
		}
	}
}

func TestAggregateStatistics(t *testing.T) {
	reports, split := seedsWithMedals(4, 1, 2, 4)
	agg, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: AllSeeds})
	if err != nil {
		t.Fatal(err)
	}
	// any-medal per seed: 25, 50, 100 → mean 58.333…, sd (ddof 1) = 38.188…, se = sd/√3.
	mean := (25.0 + 50 + 100) / 3
	sd := math.Sqrt(((25-mean)*(25-mean) + (50-mean)*(50-mean) + (100-mean)*(100-mean)) / 2)
	se := sd / math.Sqrt(3)
	got := agg.AnyMedal()
	if math.Abs(got.Mean-mean) > 1e-12 || math.Abs(got.StandardError-se) > 1e-12 ||
		math.Abs(got.CILower-(mean-1.96*se)) > 1e-12 || math.Abs(got.CIUpper-(mean+1.96*se)) > 1e-12 {
		t.Errorf("any medal = %+v, want mean %v se %v", got, mean, se)
	}
	if tc := agg.Metrics[0]; tc.Mean != 4 || tc.StandardError != 0 {
		t.Errorf("total_competitions = %+v", tc)
	}
	if agg.Seeds[0].String() != "SeedMetrics(total_competitions=4, submission_exists_percentage=100.0, valid_submissions_percentage=100.0, above_median_percentage=0.0, gold_medal_percentage=25.0, silver_medal_percentage=0.0, bronze_medal_percentage=0.0, any_medal_percentage=25.0)" {
		t.Errorf("seed line: %s", agg.Seeds[0])
	}
}

func TestAggregateSeedFormation(t *testing.T) {
	// Uneven seeds: a has 3 reports, b has 2, c has 1.
	reports := []Flags{
		flagsFor("a", true), flagsFor("a", true), flagsFor("a", false),
		flagsFor("b", true), flagsFor("b", false),
		flagsFor("c", true),
		flagsFor("other", true), // not in the split: ignored
	}
	split := []string{"a", "b", "c"}
	agg, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: -1})
	if err != nil || agg.NumSeeds != 1 {
		t.Fatalf("complete seeds: %+v %v", agg, err)
	}
	if agg.Seeds[0].AnyMedal != 100 {
		t.Errorf("seed 0 any medal = %v", agg.Seeds[0].AnyMedal)
	}
	if _, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: 2}); err == nil || err.Error() != "Requested 2 seeds, but only 1 complete seeds available." {
		t.Errorf("too many seeds: %v", err)
	}
	padded, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: -1, PadMissing: true})
	if err != nil || padded.NumSeeds != 3 {
		t.Fatalf("padded: %+v %v", padded, err)
	}
	// seed 1: a yes, b no, c missing (fails) → 33.33…; seed 2: none.
	if got := padded.Seeds[1].AnyMedal; math.Abs(got-100.0/3) > 1e-12 {
		t.Errorf("padded seed 1 = %v", got)
	}
	if repr(padded.Seeds[2].SubmissionExists) != "33.33333333333333" { // 1 / 3 * 100 in Python
		t.Errorf("padded seed 2 submissions = %v", padded.Seeds[2].SubmissionExists)
	}
	for _, tc := range []struct {
		split []string
		opt   AggregateOptions
		err   string
	}{
		{[]string{"a", "zzz", "yyy"}, AggregateOptions{NumSeeds: AllSeeds}, "Missing reports for competitions: zzz, yyy; cannot build complete seeds."},
		{nil, AggregateOptions{NumSeeds: AllSeeds}, "No competitions provided."},
		{[]string{"zzz"}, AggregateOptions{NumSeeds: AllSeeds, PadMissing: true}, "No reports available to form any seed."},
		{split, AggregateOptions{NumSeeds: 0}, "No seeds requested or available after evaluating competition coverage."},
		{split, AggregateOptions{NumSeeds: -2, PadMissing: true}, "No seeds requested or available after evaluating competition coverage."},
		{split, AggregateOptions{NumSeeds: 4, PadMissing: true}, "Requested 4 seeds, but only 3 complete seeds available."},
	} {
		if _, err := AggregateReports(reports, tc.split, tc.opt); err == nil || err.Error() != tc.err {
			t.Errorf("%v %+v: %v, want %q", tc.split, tc.opt, err, tc.err)
		}
	}
}

func TestReadGradingReportWithNaN(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "2024-01-01T00-00-00-GMT_grading_report.json")
	content := `{
  "total_runs": 2,
  "competition_reports": [
    {"competition_id": "b", "score": NaN, "gold_medal": false, "silver_medal": false, "bronze_medal": false, "above_median": false, "submission_exists": true, "valid_submission": true, "submission_path": "x NaN Infinity"},
    {"competition_id": "a", "score": -Infinity, "gold_medal": true, "silver_medal": false, "bronze_medal": false, "above_median": true, "submission_exists": true, "valid_submission": true}
  ]
}`
	os.WriteFile(p, []byte(content), 0o644)
	flags, err := ReadGradingReport(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(flags) != 2 || flags[0].CompetitionID != "a" || !flags[0].Gold || !flags[1].ValidSubmission {
		t.Errorf("flags = %+v", flags)
	}
	found, ok, err := FindGradingReport(dir)
	if err != nil || !ok || found != p {
		t.Errorf("FindGradingReport = %s %v %v", found, ok, err)
	}
	os.WriteFile(filepath.Join(dir, "other_grading_report.json"), []byte("{}"), 0o644)
	if _, _, err := FindGradingReport(dir); err == nil {
		t.Error("two reports accepted")
	}
}

func TestAggregateJSONShape(t *testing.T) {
	reports, split := seedsWithMedals(2, 1)
	agg, _ := AggregateReports(reports, split, AggregateOptions{NumSeeds: AllSeeds})
	got := string(agg.JSON())
	if !strings.HasPrefix(got, "{\n  \"num_seeds_averaged\": 1,\n  \"num_competitions_per_seed\": 2,\n  \"metrics\": {\n    \"total_competitions\": {\n      \"mean\": 2.0,\n      \"ci_lower\": 2.0,\n      \"ci_upper\": 2.0,\n      \"standard_error\": 0.0\n    },\n    \"submission_exists_percentage\": {") {
		t.Errorf("JSON:\n%s", got)
	}
}

// TestPercentageArithmetic: every n / T * 100 for T ≤ 100 has Python's
// digits (testdata/aggregate/percentages.txt from reference.py).
func TestPercentageArithmetic(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "aggregate", "percentages.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for _, line := range lines {
		var total, n int
		var want string
		if _, err := fmt.Sscan(line, &total, &n, &want); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := repr(Percentage(n, total)); got != want {
			t.Errorf("%d / %d * 100 = %s, Python says %s", n, total, got, want)
		}
	}
	if len(lines) != 5150 {
		t.Errorf("%d reference lines", len(lines))
	}
}

// TestSeedStatistics: mean, standard error and interval across seeds as
// numpy.mean and scipy.stats.sem give them (testdata/aggregate/seeds.txt).
func TestSeedStatistics(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "aggregate", "seeds.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		var total int
		fmt.Sscan(f[0], &total)
		var counts []int
		for _, c := range strings.Split(f[1], ",") {
			var n int
			fmt.Sscan(c, &n)
			counts = append(counts, n)
		}
		reports, split := seedsWithMedals(total, counts...)
		agg, err := AggregateReports(reports, split, AggregateOptions{NumSeeds: AllSeeds})
		if err != nil {
			t.Fatal(err)
		}
		s := agg.AnyMedal()
		got := []string{repr(s.Mean), repr(s.StandardError), repr(s.CILower), repr(s.CIUpper)}
		if strings.Join(got, " ") != strings.Join(f[2:], " ") {
			t.Errorf("T=%d counts %v: got %v, Python %v", total, counts, got, f[2:])
		}
	}
}
