package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// reportFixture is a run group recorded under internal/report/testdata.
func reportFixture(name string) string {
	return filepath.Join("..", "..", "internal", "report", "testdata", "runs", name)
}

func TestReportCommand(t *testing.T) {
	out := t.TempDir()
	html, md := filepath.Join(out, "r.html"), filepath.Join(out, "r.md")
	stdout, stderr, code := cliRun(t, "report", reportFixture("upstream-a"), reportFixture("upstream-b"),
		"--out", html, "--markdown", md, "--split", "low", "--title", "CLI test", "--data-dir", t.TempDir())
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// Low: 22 competitions, 3 graded with 3, 3 and 1 runs → padded seeds;
	// medals: seed 0 cactus gold + denoising bronze, seed 2 denoising gold.
	if !strings.Contains(stdout, "low    22            3 (padded)  4.55 ± 2.62") || !strings.Contains(stdout, "wrote html report to "+html) {
		t.Errorf("stdout:\n%s", stdout)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<title>CLI test</title>") || !strings.Contains(string(page), `<td class="num any-medal">4.55 ± 2.62</td>`) {
		t.Error("HTML report lacks the title or the split numbers")
	}
	if b, err := os.ReadFile(md); err != nil || !strings.Contains(string(b), "| low | 22 | 3 | padded (--pad-missing) | 4.55 ± 2.62 |") {
		t.Errorf("markdown report: %v\n%s", err, b)
	}

	// Markdown on stdout, JSON summary.
	stdout, _, code = cliRun(t, "report", reportFixture("upstream-a"), "--out", "", "--markdown", "-")
	if code != exitOK || !strings.HasPrefix(stdout, "# MLE-bench results\n") {
		t.Errorf("markdown to stdout: exit %d\n%s", code, stdout)
	}
	stdout, _, code = cliRun(t, "report", reportFixture("upstream-a"), "--out", filepath.Join(out, "j.html"), "--json")
	var js struct {
		Written map[string]string
		Splits  []struct {
			Split        string
			Padded       bool
			AnyMedalMean float64 `json:"any_medal_mean"`
		}
	}
	if code != exitOK || json.Unmarshal([]byte(stdout), &js) != nil || js.Written["html"] == "" || len(js.Splits) != 1 || js.Splits[0].Split != "graded" || !js.Splits[0].Padded {
		t.Errorf("json: exit %d\n%s", code, stdout)
	}
}

func TestReportCommandErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report"}, exitUsage, "at least one run group"},
		{[]string{"report", t.TempDir(), "--out", filepath.Join(t.TempDir(), "x.html")}, exitError, "grade it first: mlebench grade"},
		{[]string{"report", reportFixture("upstream-a"), "--out", ""}, exitUsage, "nothing to write"},
		{[]string{"report", reportFixture("upstream-a"), "--split", "nope"}, exitError, "unknown split"},
		{[]string{"compare", "--a", reportFixture("cmp-a")}, exitUsage, "needs both --a and --b"},
		{[]string{"compare", "--a", reportFixture("cmp-a"), "--b", reportFixture("zz*")}, exitError, "matches no run group"},
		{[]string{"compare", "--a", reportFixture("cmp-a"), "--b", reportFixture("runner-toy")}, exitError, "no competition in common"},
	} {
		_, stderr, code := cliRun(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr:\n%s", c.args, code, stderr)
		}
	}
}

func TestCompareCommand(t *testing.T) {
	stdout, stderr, code := cliRun(t, "compare", "--a", reportFixture("cmp-a"), "--b", reportFixture("cmp-[b]"), "--label-a", "old", "--label-b", "new")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"aerial-cactus-identification  2         2         0.0              100.0            +100.0",
		"difference new − old = +50.00 pp, 95% bootstrap CI [+0.00, +100.00]", "Only in new (left out): leaf-classification"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	// Identical sets: no difference, a degenerate interval.
	stdout, _, code = cliRun(t, "compare", "--a", reportFixture("upstream-a")+","+reportFixture("upstream-b"),
		"--b", reportFixture("upstream-a"), "--b", reportFixture("upstream-b"), "--json")
	var c struct {
		Diff   float64 `json:"any_medal_diff_pp"`
		Low    float64 `json:"any_medal_diff_ci95_low"`
		High   float64 `json:"any_medal_diff_ci95_high"`
		Comps  []any   `json:"competitions"`
		Resamp int     `json:"bootstrap_resamples"`
	}
	if code != exitOK || json.Unmarshal([]byte(stdout), &c) != nil || c.Diff != 0 || c.Low != 0 || c.High != 0 || len(c.Comps) != 3 || c.Resamp != 10000 {
		t.Errorf("identical: exit %d %+v\n%s", code, c, stdout)
	}
}
