package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGradeEndToEnd: fake-raw → prepare → grade a JSONL mixing a valid, an
// invalid, a missing and a non-CSV submission with the real spaceship-titanic
// grader; the report has the original's shape and counts.
func TestGradeEndToEnd(t *testing.T) {
	upstream := prepareUpstreamDir(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	raw := filepath.Join(dir, "raw")
	if _, errs, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != 0 {
		t.Fatalf("fake-raw: %s", errs)
	}
	if _, errs, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", raw, "--data-dir", data,
		"--skip-verification", "--upstream-dir", upstream); code != 0 {
		t.Fatalf("prepare: %s", errs)
	}
	public := filepath.Join(data, "spaceship-titanic", "prepared", "public")
	private := filepath.Join(data, "spaceship-titanic", "prepared", "private")
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("PassengerId,Wrong\n0001_01,True\n"), 0o644)
	lines := []string{
		`{"competition_id": "spaceship-titanic", "submission_path": "` + filepath.Join(public, "sample_submission.csv") + `"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + filepath.Join(private, "test.csv") + `"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + bad + `"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": null}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + filepath.Join(public, "description.md") + `"}`,
		// pathlib drops a trailing "/" or "/." before the is_file and .csv
		// checks; bare NaN tokens are numbers to Python's json.
		`{"competition_id": "spaceship-titanic", "submission_path": "` + filepath.Join(private, "test.csv") + `/", "logs_path": NaN}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + filepath.Join(private, "test.csv") + `/.", "code_path": -Infinity}`,
		`{"competition_id": "spaceship-titanic", "submission_path": 5}`,
	}
	jsonl := filepath.Join(dir, "submissions.jsonl")
	os.WriteFile(jsonl, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out := filepath.Join(dir, "reports")
	// Abbreviated options, as argparse takes them.
	if _, errs, code := cliRun(t, "grade", "--sub", jsonl, "--output", out, "--data", data); code != 0 {
		t.Fatalf("grade: %s", errs)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*_grading_report.json"))
	if len(files) != 1 {
		t.Fatalf("report files: %v", files)
	}
	b, _ := os.ReadFile(files[0])
	if b[len(b)-1] == '\n' {
		t.Error("report ends with a newline; the original's does not")
	}
	var rep struct {
		TotalRuns       int `json:"total_runs"`
		WithSubmissions int `json:"total_runs_with_submissions"`
		Valid           int `json:"total_valid_submissions"`
		Gold            int `json:"total_gold_medals"`
		Reports         []struct {
			Score *float64 `json:"score"`
			Path  string   `json:"submission_path"`
		} `json:"competition_reports"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.TotalRuns != 8 || rep.WithSubmissions != 5 || rep.Valid != 4 || rep.Gold != 3 {
		t.Errorf("summary = %+v", rep)
	}
	if rep.Reports[1].Score == nil || *rep.Reports[1].Score != 1.0 || rep.Reports[3].Path != "None" {
		t.Errorf("reports = %+v", rep.Reports)
	}
	for _, i := range []int{5, 6} {
		if r := rep.Reports[i]; r.Score == nil || *r.Score != 1.0 || r.Path != filepath.Join(private, "test.csv") {
			t.Errorf("report %d (trailing / or /.): score %v path %q", i, r.Score, r.Path)
		}
	}
	if rep.Reports[7].Path != "5" || rep.Reports[7].Score != nil {
		t.Errorf("a number as submission_path: %+v", rep.Reports[7])
	}

	// grade-sample with a user-supplied leaderboard: 4 teams, higher is
	// better; thresholds come from it, not from the built-in snapshot.
	lb := filepath.Join(dir, "lb.csv")
	os.WriteFile(lb, []byte("rank,score\n1,0.99\n2,0.9\n3,0.6\n4,0.4\n"), 0o644)
	stdout, errs, code := cliRun(t, "grade-sample", filepath.Join(public, "sample_submission.csv"), "spaceship-titanic",
		"--data-dir", data, "--leaderboard", lb, "--percentiles")
	if code != 0 {
		t.Fatalf("grade-sample: %s", errs)
	}
	for _, want := range []string{`"gold_threshold": 0.99,`, `"bronze_threshold": 0.99,`, `"median_threshold": 0.75,`, `"percentile": 25.0`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("grade-sample output lacks %s:\n%s", want, stdout)
		}
	}
	if _, _, code := cliRun(t, "grade-sample", bad, "spaceship-titanic", "--data-dir", data, "--leaderboard", "x"); code == 0 {
		t.Error("a missing leaderboard file was accepted")
	}
}
