package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/llm/llmtest"
)

func TestFamiliarityCommand(t *testing.T) {
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
	reportPath := filepath.Join(dir, "grading_report.json")
	os.WriteFile(reportPath, []byte(`{"competition_reports": [{"competition_id": "spaceship-titanic", "score": 0.9, "gold_threshold": 0.82066}]}`), 0o644)
	compsCSV := filepath.Join(dir, "Competitions.csv")
	os.WriteFile(compsCSV, []byte("Id,Slug,DeadlineDate\n1,spaceship-titanic,01/01/2030 00:00:00\n"), 0o644)

	srv := llmtest.New("sk-fam-cli")
	defer srv.Close()
	srv.Complete = func(req llmtest.CompletionRequest) (string, map[string]float64, *llmtest.Fault) {
		return " the", map[string]float64{" the": math.Log(0.5)}, nil
	}
	t.Setenv("MLEBENCH_TEST_FAM_KEY", "sk-fam-cli")
	cache := filepath.Join(dir, "cache.json")
	args := []string{"--data-dir", data, "--upstream-dir", upstream, "familiarity", "-c", "spaceship-titanic", "--model", "base",
		"--n-samples", "20", "--base-url", srv.BaseURL(), "--api-key-env", "MLEBENCH_TEST_FAM_KEY",
		"--output-cache-file", cache, "--output-plot-file", filepath.Join(dir, "perf.svg"), "--output-dates-plot-file", filepath.Join(dir, "dates.svg"),
		"--competitions-csv", compsCSV, "--grading-reports", reportPath}
	stdout, stderr, code := cliRun(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(cache)
	if err != nil || !strings.Contains(string(b), `"spaceship-titanic_seed0": {`) || !strings.Contains(string(b), `"deadline": "2030-01-01 00:00:00"`) {
		t.Fatalf("cache %s (%v)", b, err)
	}
	if srv.Calls() != 20 {
		t.Errorf("%d completions asked, want 20", srv.Calls())
	}
	for _, p := range []string{"perf.svg", "dates.svg"} {
		svg, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil || strings.Count(string(svg), "<circle") != 1 {
			t.Errorf("%s: %v\n%s", p, err, svg)
		}
	}
	// Re-running reuses the cache: no new requests.
	if _, stderr, code := cliRun(t, args...); code != 0 || srv.Calls() != 20 {
		t.Errorf("re-run: exit %d, %d calls\n%s", code, srv.Calls(), stderr)
	}
	// Usage errors exit 2.
	if _, _, code := cliRun(t, "--upstream-dir", upstream, "familiarity", "--model", "m"); code != 2 {
		t.Errorf("no competitions: exit %d, want 2", code)
	}
}
