package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAggregateGolden: `mlebench aggregate` prints exactly what the
// original's aggregate_grading_reports.py prints for the same inputs
// (testdata/aggregate/*.stdout, from reference.py), on stdout and nothing
// else there.
func TestAggregateGolden(t *testing.T) {
	base := filepath.Join("testdata", "aggregate")
	project, err := filepath.Abs(filepath.Join(base, "project"))
	if err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(project, "runs")
	a := filepath.Join(runs, "2024-10-08T00-00-00-GMT_run-group_a", "2024-10-08T10-00-00-GMT_grading_report.json")
	b := filepath.Join(runs, "2024-10-09T00-00-00-GMT_run-group_b", "2024-10-08T10-00-00-GMT_grading_report.json")
	tests := []struct {
		golden string
		args   []string
	}{
		{"experiment-id", []string{"--experiment-id", "exp1", "--split", "custom", "--pad-missing"}},
		// nargs="+" and a relative split path resolved against the project root.
		{"grading-reports", []string{"--grading-reports", b, a, "--split", "experiments/splits/custom.txt", "--pad-missing"}},
		// abbreviated options
		{"num-seeds", []string{"--grad", a, b, "--spl", "custom", "--pad", "--num", "2"}},
		{"complete-seeds", []string{"--grading-reports", a, "--split", "custom"}},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(base, tc.golden+".stdout"))
			if err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := cliRun(t, append([]string{"aggregate", "--project-root", project}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if stdout != string(want) {
				t.Errorf("stdout differs from the original's\n--- got\n%s\n--- want\n%s", stdout, want)
			}
		})
	}

	errs := []struct {
		args []string
		msg  string
	}{
		{[]string{"--grading-reports", a, "--split", "custom", "--num-seeds", "0"}, "No seeds requested or available after evaluating competition coverage."},
		{[]string{"--grading-reports", a, "--split", "custom", "--num-seeds", "3"}, "Requested 3 seeds, but only 2 complete seeds available."},
		{[]string{"--grading-reports", b, "--split", "custom"}, "Missing reports for competitions: comp-f; cannot build complete seeds."},
		{[]string{"--experiment-id", "nope"}, "Experiment id 'nope' not found in " + filepath.Join(runs, "run_group_experiments.csv")},
		{[]string{"--grading-reports", a, "--split", "nosuch"}, "Split file not found: " + filepath.Join(project, "experiments", "splits", "nosuch.txt")},
		{[]string{"--grading-reports", a, "--split", "nosuch.txt"}, "Split file not found: " + filepath.Join(project, "nosuch.txt")},
	}
	for _, tc := range errs {
		stdout, stderr, code := cliRun(t, append([]string{"aggregate", "--project-root", project}, tc.args...)...)
		if code != exitError || !strings.Contains(stderr, tc.msg) || stdout != "" {
			t.Errorf("%q: exit %d stdout %q stderr %q; want 1 and %q", tc.args, code, stdout, stderr, tc.msg)
		}
	}

	// A name without a file in the project root falls back to the built-in split.
	empty := t.TempDir()
	_, stderr, code := cliRun(t, "aggregate", "--project-root", empty, "--grading-reports", a, "--split", "low")
	if code != exitError || !strings.Contains(stderr, "Missing reports for competitions: aerial-cactus-identification, ") {
		t.Errorf("built-in low: exit %d %s", code, stderr)
	}
	// Several experiments' run groups: an experiment without reports.
	csvDir := t.TempDir()
	os.MkdirAll(filepath.Join(csvDir, "runs"), 0o755)
	os.WriteFile(filepath.Join(csvDir, "runs", "run_group_experiments.csv"), []byte("experiment_id,run_group\nx,gone\n"), 0o644)
	stdout, stderr, code := cliRun(t, "aggregate", "--project-root", csvDir, "--experiment-id", "x")
	if code != exitError || stdout != "Run group directory missing, skipping: gone\n" || !strings.Contains(stderr, "No grading reports found for experiment id 'x'.") {
		t.Errorf("no reports: exit %d stdout %q stderr %q", code, stdout, stderr)
	}
}
