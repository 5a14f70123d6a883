package grade

import (
	"math"

	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/pyjson"
)

// Report is the original's CompetitionReport (harness.md §4.5). Field order
// is the JSON key order.
type Report struct {
	CompetitionID string
	Score         *float64 // nil when the submission is missing or invalid
	// InvalidReason says why Score is nil (the grader's message); it is not
	// part of the original's report JSON.
	InvalidReason string
	// ScoreIsInt marks a score the grader returned as a Python int: it is
	// written without a fraction ("24402200", not "24402200.0").
	ScoreIsInt      bool
	GoldThreshold   float64
	SilverThreshold float64
	BronzeThreshold float64
	MedianThreshold float64
	AnyMedal        bool
	GoldMedal       bool
	SilverMedal     bool
	BronzeMedal     bool
	AboveMedian     bool
	SubmissionExist bool
	ValidSubmission bool
	IsLowerBetter   bool
	CreatedAt       time.Time
	SubmissionPath  string

	// Percentile is an extension (not in the original): the share of human
	// leaderboard teams, in percent, that the score ties or beats. It is
	// written only when WithPercentile is set.
	Percentile     *float64
	WithPercentile bool
}

// Object returns the report as an ordered JSON object in the original's key
// order.
func (r *Report) Object() pyjson.Object {
	var score any
	if r.Score != nil {
		score = *r.Score
		if v := *r.Score; r.ScoreIsInt && v == math.Trunc(v) && math.Abs(v) < 1<<63 {
			score = int64(v)
		}
	}
	obj := pyjson.Object{
		{Key: "competition_id", Value: r.CompetitionID},
		{Key: "score", Value: score},
		{Key: "gold_threshold", Value: r.GoldThreshold},
		{Key: "silver_threshold", Value: r.SilverThreshold},
		{Key: "bronze_threshold", Value: r.BronzeThreshold},
		{Key: "median_threshold", Value: r.MedianThreshold},
		{Key: "any_medal", Value: r.AnyMedal},
		{Key: "gold_medal", Value: r.GoldMedal},
		{Key: "silver_medal", Value: r.SilverMedal},
		{Key: "bronze_medal", Value: r.BronzeMedal},
		{Key: "above_median", Value: r.AboveMedian},
		{Key: "submission_exists", Value: r.SubmissionExist},
		{Key: "valid_submission", Value: r.ValidSubmission},
		{Key: "is_lower_better", Value: r.IsLowerBetter},
		{Key: "created_at", Value: PythonISO(r.CreatedAt)},
		{Key: "submission_path", Value: r.SubmissionPath},
	}
	if r.WithPercentile {
		var p any
		if r.Percentile != nil {
			p = *r.Percentile
		}
		obj = append(obj, pyjson.Member{Key: "percentile", Value: p})
	}
	return obj
}

// PythonISO formats t as Python's naive datetime.isoformat():
// YYYY-MM-DDTHH:MM:SS[.ffffff], the fraction omitted when microseconds are 0.
func PythonISO(t time.Time) string {
	s := t.Format("2006-01-02T15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(".%06d", us)
	}
	return s
}

// Timestamp formats t like the original's get_timestamp on Linux:
// UTC, "%Y-%m-%dT%H-%M-%S-GMT".
func Timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15-04-05") + "-GMT"
}

// PythonPath returns str(pathlib.Path(p)) on POSIX: repeated slashes and "."
// components removed, a trailing slash removed, ".." kept, exactly two
// leading slashes preserved, "" becoming ".".
func PythonPath(p string) string {
	if p == "" {
		return "."
	}
	prefix := ""
	switch {
	case strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///"):
		prefix = "//"
	case strings.HasPrefix(p, "/"):
		prefix = "/"
	}
	var parts []string
	for _, c := range strings.Split(p, "/") {
		if c == "" || c == "." {
			continue
		}
		parts = append(parts, c)
	}
	s := prefix + strings.Join(parts, "/")
	if s == "" {
		return "."
	}
	return s
}

// Summary is the aggregated grading report (harness.md §4.6).
type Summary struct {
	TotalRuns                int
	TotalRunsWithSubmissions int
	TotalValidSubmissions    int
	TotalMedals              int
	TotalGoldMedals          int
	TotalSilverMedals        int
	TotalBronzeMedals        int
	TotalAboveMedian         int
	Reports                  []*Report
}

// Summarize counts reports as the original's aggregate does.
func Summarize(reports []*Report) *Summary {
	s := &Summary{TotalRuns: len(reports), Reports: reports}
	for _, r := range reports {
		if r.SubmissionExist {
			s.TotalRunsWithSubmissions++
		}
		if r.ValidSubmission {
			s.TotalValidSubmissions++
		}
		if r.GoldMedal {
			s.TotalGoldMedals++
		}
		if r.SilverMedal {
			s.TotalSilverMedals++
		}
		if r.BronzeMedal {
			s.TotalBronzeMedals++
		}
		if r.AboveMedian {
			s.TotalAboveMedian++
		}
	}
	s.TotalMedals = s.TotalGoldMedals + s.TotalSilverMedals + s.TotalBronzeMedals
	return s
}

func (s *Summary) counts() pyjson.Object {
	return pyjson.Object{
		{Key: "total_runs", Value: s.TotalRuns},
		{Key: "total_runs_with_submissions", Value: s.TotalRunsWithSubmissions},
		{Key: "total_valid_submissions", Value: s.TotalValidSubmissions},
		{Key: "total_medals", Value: s.TotalMedals},
		{Key: "total_gold_medals", Value: s.TotalGoldMedals},
		{Key: "total_silver_medals", Value: s.TotalSilverMedals},
		{Key: "total_bronze_medals", Value: s.TotalBronzeMedals},
		{Key: "total_above_median", Value: s.TotalAboveMedian},
	}
}

// Object returns the full aggregated report in the original's key order.
func (s *Summary) Object() pyjson.Object {
	reports := make([]any, len(s.Reports))
	for i, r := range s.Reports {
		reports[i] = r.Object()
	}
	return append(s.counts(), pyjson.Member{Key: "competition_reports", Value: reports})
}

// CountsJSON is the summary without the reports, as the original logs it
// (4-space indent).
func (s *Summary) CountsJSON() []byte {
	b, _ := pyjson.Marshal(s.counts(), pyjson.Options{Indent: 4})
	return b
}

// WriteFile writes the aggregated report to
// <dir>/<timestamp>_grading_report.json (2-space indent, no trailing
// newline), creating dir but not its parents, as the original does.
func (s *Summary) WriteFile(dir string, now time.Time) (string, error) {
	if err := os.Mkdir(dir, 0o755); err != nil && !os.IsExist(err) {
		return "", fmt.Errorf("creating output dir: %w", err)
	}
	b, err := pyjson.Marshal(s.Object(), pyjson.Options{Indent: 2})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, Timestamp(now)+"_grading_report.json")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return "", err
	}
	return path, os.Rename(tmp, path)
}
