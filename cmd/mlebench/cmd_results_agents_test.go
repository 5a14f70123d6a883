package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRunGroup writes a graded run group under root: for each grading
// report file name, one aerial-cactus-identification run per flag (a gold
// medal or none).
func writeRunGroup(t *testing.T, root, name string, reports map[string][]bool) string {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for file, medals := range reports {
		var parts []string
		for _, m := range medals {
			parts = append(parts, fmt.Sprintf(`{"competition_id": "aerial-cactus-identification", "score": 1.0, "gold_threshold": 1.0, "silver_threshold": 1.0, "bronze_threshold": 1.0, "median_threshold": 0.9991, "gold_medal": %v, "silver_medal": false, "bronze_medal": false, "above_median": true, "submission_exists": true, "valid_submission": true, "is_lower_better": false, "submission_path": "x.csv"}`, m))
		}
		if err := os.WriteFile(filepath.Join(dir, file), []byte(`{"competition_reports": [`+strings.Join(parts, ", ")+`]}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const gradingReportName = "2024-11-01T00-00-00-GMT_grading_report.json"

func agentGroups(t *testing.T) (root, base1, base2, dummy, split string) {
	root = t.TempDir()
	base1 = writeRunGroup(t, root, "2024-11-01T00-00-00-GMT_run-group_baseline", map[string][]bool{gradingReportName: {true}})
	base2 = writeRunGroup(t, root, "2024-11-02T00-00-00-GMT_run-group_baseline", map[string][]bool{gradingReportName: {false}})
	dummy = writeRunGroup(t, root, "2024-11-03T00-00-00-GMT_run-group_dummy", map[string][]bool{gradingReportName: {false}})
	split = filepath.Join(root, "one.txt")
	os.WriteFile(split, []byte("aerial-cactus-identification\n"), 0o644)
	return
}

// TestReportDoesNotPoolAgents: run groups of different agents are not
// extra seeds of one experiment unless --mix-agents says so, and the
// output names the agents.
func TestReportDoesNotPoolAgents(t *testing.T) {
	root, base1, base2, dummy, _ := agentGroups(t)
	out := filepath.Join(root, "r.html")
	stdout, stderr, code := cliRun(t, "report", base1, base2, dummy, "--out", out, "--no-anytime")
	if code != exitError || !strings.Contains(stderr, "different agents") || !strings.Contains(stderr, "baseline: 2024-11-01T00-00-00-GMT_run-group_baseline, 2024-11-02T00-00-00-GMT_run-group_baseline; dummy: 2024-11-03T00-00-00-GMT_run-group_dummy") || !strings.Contains(stderr, "--mix-agents") {
		t.Errorf("mixed agents: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	stdout, stderr, code = cliRun(t, "report", base1, base2, "--out", out, "--no-anytime")
	if code != exitOK || !strings.HasPrefix(stdout, "agent: baseline\n") || !strings.Contains(stdout, "graded  1             2") {
		t.Errorf("one agent: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), `<strong class="agent">baseline</strong>`) {
		t.Error("the page does not name the agent")
	}
	stdout, stderr, code = cliRun(t, "report", base1, dummy, "--out", out, "--no-anytime", "--mix-agents")
	if code != exitOK || !strings.HasPrefix(stdout, "agents (pooled as seeds): baseline; dummy\n") {
		t.Errorf("--mix-agents: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "pooled as seeds of one experiment, as asked (--mix-agents)") {
		t.Error("the pooled page does not say so")
	}

	// compare names its sides by their agents.
	stdout, stderr, code = cliRun(t, "compare", "--a", base1, "--b", dummy)
	if code != exitOK || !strings.Contains(stdout, "any medal % baseline") || !strings.Contains(stdout, "difference dummy − baseline") {
		t.Errorf("compare: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	_, stderr, code = cliRun(t, "compare", "--a", base1+","+dummy, "--b", base2)
	if code != exitError || !strings.Contains(stderr, "set A: the run groups come from different agents") {
		t.Errorf("compare, mixed side: exit %d\n%s", code, stderr)
	}
}

// TestAggregateRunGroupsByAgent: aggregate --run-groups gives one block per
// agent (the original's output for each), headed on stderr.
func TestAggregateRunGroupsByAgent(t *testing.T) {
	root, base1, base2, dummy, split := agentGroups(t)
	block := func(t *testing.T, args ...string) string {
		stdout, stderr, code := cliRun(t, append([]string{"aggregate", "--project-root", root, "--split", split}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		return stdout
	}
	baseOnly := block(t, "--grading-reports", filepath.Join(base1, gradingReportName), filepath.Join(base2, gradingReportName))
	dummyOnly := block(t, "--grading-reports", filepath.Join(dummy, gradingReportName))
	stdout, stderr, code := cliRun(t, "aggregate", "--project-root", root, "--split", split, "--run-groups", base1, base2, dummy)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if stdout != baseOnly+dummyOnly {
		t.Errorf("stdout is not the two agents' blocks:\n%s\nwant\n%s%s", stdout, baseOnly, dummyOnly)
	}
	if !strings.Contains(stderr, "== agent baseline ==\n") || !strings.Contains(stderr, "== agent dummy ==\n") || !strings.Contains(stderr, "baseline  50.00 ± 50.00") {
		t.Errorf("stderr:\n%s", stderr)
	}
	// Pooled on request: the original's block over all three groups.
	pooled := block(t, "--grading-reports", filepath.Join(base1, gradingReportName), filepath.Join(base2, gradingReportName), filepath.Join(dummy, gradingReportName))
	stdout, stderr, _ = cliRun(t, "aggregate", "--project-root", root, "--split", split, "--run-groups", base1, base2, dummy, "--mix-agents")
	if stdout != pooled || !strings.Contains(stderr, "pooling run groups of different agents") {
		t.Errorf("--mix-agents: stdout\n%s\nstderr\n%s", stdout, stderr)
	}
}

// TestNewestGradingReport: a run group graded twice is read from its newest
// report, said in one line on stderr, or from --grading-report.
func TestNewestGradingReport(t *testing.T) {
	root := t.TempDir()
	older, newer := "2024-11-01T00-00-00-GMT_grading_report.json", "2024-11-05T00-00-00-GMT_grading_report.json"
	dir := writeRunGroup(t, root, "2024-11-01T00-00-00-GMT_run-group_baseline", map[string][]bool{older: {false}, newer: {true}})
	split := filepath.Join(root, "one.txt")
	os.WriteFile(split, []byte("aerial-cactus-identification\n"), 0o644)
	out := filepath.Join(root, "r.html")
	note := "note: run group " + dir + " has 2 grading reports; using the newest, " + newer + " (not " + older + "; choose with --grading-report FILE)\n"

	stdout, stderr, code := cliRun(t, "report", dir, "--out", out, "--no-anytime")
	if code != exitOK || stderr != note || !strings.Contains(stdout, "100.00 ± 0.00") {
		t.Errorf("report: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = cliRun(t, "report", dir, "--out", out, "--no-anytime", "--grading-report", filepath.Join(dir, older))
	if code != exitOK || stderr != "" || !strings.Contains(stdout, "0.00 ± 0.00") {
		t.Errorf("report --grading-report: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = cliRun(t, "aggregate", "--project-root", root, "--split", split, "--run-groups", dir)
	if code != exitOK || !strings.HasPrefix(stderr, note) || !strings.Contains(stdout, "any_medal_percentage=100.0)") {
		t.Errorf("aggregate: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = cliRun(t, "compare", "--a", dir, "--b", dir, "--grading-report", filepath.Join(dir, older))
	if code != exitOK || !strings.Contains(stdout, "Any medal: A (baseline) 0.00%, B (baseline) 0.00%") {
		t.Errorf("compare: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
}

// TestAggregatePassAtK: --pass-at-k adds the any-medal pass@k after the
// original's output, which stays as it is.
func TestAggregatePassAtK(t *testing.T) {
	root := t.TempDir()
	// 3 seeds: cactus 1 medal of 3, denoising 2 of 3.
	dir := filepath.Join(root, "g")
	os.MkdirAll(dir, 0o755)
	var parts []string
	for i, m := range []bool{true, false, false} {
		parts = append(parts, fmt.Sprintf(`{"competition_id": "aerial-cactus-identification", "gold_medal": %v, "silver_medal": false, "bronze_medal": false, "above_median": false, "submission_exists": true, "valid_submission": true, "n": %d}`, m, i))
	}
	for i, m := range []bool{true, true, false} {
		parts = append(parts, fmt.Sprintf(`{"competition_id": "denoising-dirty-documents", "gold_medal": false, "silver_medal": %v, "bronze_medal": false, "above_median": false, "submission_exists": true, "valid_submission": true, "n": %d}`, m, i))
	}
	report := filepath.Join(dir, gradingReportName)
	os.WriteFile(report, []byte(`{"competition_reports": [`+strings.Join(parts, ", ")+`]}`), 0o644)
	split := filepath.Join(root, "two.txt")
	os.WriteFile(split, []byte("aerial-cactus-identification\ndenoising-dirty-documents\n"), 0o644)

	plain, _, code := cliRun(t, "aggregate", "--project-root", root, "--split", split, "--grading-reports", report)
	if code != exitOK {
		t.Fatal(code)
	}
	stdout, _, code := cliRun(t, "aggregate", "--project-root", root, "--split", split, "--grading-reports", report, "--pass-at-k")
	// pass@1 = (1/3 + 2/3)/2, pass@2 = (2/3 + 1)/2, pass@3 = (1 + 1)/2.
	want := plain + "Any-medal pass@k (unbiased estimator 1 - C(n-c,k)/C(n,k), averaged over the split):\npass@1: 50.00%\npass@2: 83.33%\npass@3: 100.00%\n"
	if code != exitOK || stdout != want {
		t.Errorf("--pass-at-k:\n%s\nwant\n%s", stdout, want)
	}
	stdout, _, _ = cliRun(t, "aggregate", "--project-root", root, "--split", split, "--grading-reports", report, "--pass-at-k", "--json")
	if !strings.Contains(stdout, `"any_medal_pass_at_k": [50,83.33333333333334,100]`) && !strings.Contains(stdout, `"any_medal_pass_at_k": [50,83.33333333333333,100]`) {
		t.Errorf("--json:\n%s", stdout)
	}
}

// TestAggregateExperimentTwoReports: --experiment-id keeps the original's
// refusal of a run group graded twice, and says what to do.
func TestAggregateExperimentTwoReports(t *testing.T) {
	root := t.TempDir()
	writeRunGroup(t, filepath.Join(root, "runs"), "g", map[string][]bool{gradingReportName: {true}, "2024-11-05T00-00-00-GMT_grading_report.json": {false}})
	os.WriteFile(filepath.Join(root, "runs", "run_group_experiments.csv"), []byte("experiment_id,run_group\nx,g\n"), 0o644)
	_, stderr, code := cliRun(t, "aggregate", "--project-root", root, "--experiment-id", "x")
	if code != exitError || !strings.Contains(stderr, "Expected one grading report in g, found 2: ") || !strings.Contains(stderr, "--grading-reports") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}
