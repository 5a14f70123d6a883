package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/runner/docker"
)

func demoRunCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, Streams{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

func TestDemoCommandUsage(t *testing.T) {
	out := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no seeds", []string{"demo", "--out", out, "--seeds", "0"}, exitUsage, "--seeds must be at least 1"},
		{"no agents", []string{"demo", "--out", out, "--agents-dir", filepath.Join(out, "nowhere")}, exitError, "does not exist"},
		{"bad flag", []string{"demo", "--bogus"}, exitUsage, "unknown flag"},
		{"negative snapshot interval", []string{"demo", "--out", out, "--snapshot-interval", "-1s"}, exitUsage, "must not be negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := demoRunCLI(t, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tc.code, tc.msg)
			}
		})
	}
}

// `mlebench demo` from the repository: the leaderboard table on stdout,
// the reports under --out; a second invocation reuses the data.
func TestDemoCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole demo (a few seconds); skipped with -short")
	}
	out := t.TempDir()
	stdout, stderr, code := demoRunCLI(t, "demo", "--out", out, "--seeds", "1")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"COMPETITION", "BASELINE", "DUMMY", "demo-tabular-binary", "Any medal (%)", "report.md"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "simulated teams") {
		t.Errorf("stderr lacks the prepare steps:\n%s", stderr)
	}
	for _, f := range []string{"report.md", "summary.json", "data/demo-text-multiclass/leaderboard.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	checkDemoSnapshots(t, out)

	stdout, stderr, code = demoRunCLI(t, "--json", "demo", "--out", out, "--seeds", "1")
	if code != exitOK {
		t.Fatalf("second run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	var summary struct {
		Agents []struct {
			AgentID  string `json:"agent_id"`
			AnyMedal struct {
				Mean float64 `json:"mean"`
			} `json:"any_medal_percentage"`
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(stdout), &summary); err != nil {
		t.Fatalf("--json output: %v\n%s", err, stdout)
	}
	if len(summary.Agents) != 2 || summary.Agents[0].AnyMedal.Mean <= 0 || summary.Agents[1].AnyMedal.Mean != 0 {
		t.Errorf("summary: %+v", summary)
	}
	groups, _ := os.ReadDir(filepath.Join(out, "runs"))
	if len(groups) != 4 {
		t.Errorf("%d run groups after two invocations, want 4", len(groups))
	}
}

// The demo with the Docker backend: FROM-scratch agent images, the
// validation server in its own container.
func TestDemoCommandDocker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds images and runs containers; skipped with -short")
	}
	b, err := docker.New(docker.Options{})
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = b.Ping(ctx)
		cancel()
		b.Close()
	}
	if err != nil {
		if os.Getenv("MLEBENCH_REQUIRE_DOCKER") == "1" {
			t.Fatalf("MLEBENCH_REQUIRE_DOCKER=1 but no Docker engine: %v", err)
		}
		t.Skipf("no Docker engine: %v", err)
	}
	out := t.TempDir()
	stdout, stderr, code := demoRunCLI(t, "demo", "--out", out, "--seeds", "1", "--backend", "docker")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var base, dummy string
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "Any medal") {
			fields := strings.Fields(line)
			// "Any medal (%), 1 seed(s)  <baseline mean> ± <sem>  <dummy mean> ± <sem>"
			if len(fields) >= 10 {
				base, dummy = fields[4], fields[7]
			}
		}
	}
	if base == "" || base == "0.00" || dummy != "0.00" {
		t.Errorf("any-medal row: baseline %q dummy %q\n%s", base, dummy, stdout)
	}
	checkDemoSnapshots(t, out)
}

// checkDemoSnapshots: the runner snapshotted the staged baseline's
// submission more than once per run (the default --snapshot-interval), and
// its report draws the any-medal curve from them.
func checkDemoSnapshots(t *testing.T, out string) {
	t.Helper()
	runs, _ := filepath.Glob(filepath.Join(out, "runs", "*_run-group_baseline", "*", "status.json"))
	snaps, _ := filepath.Glob(filepath.Join(out, "runs", "*_run-group_baseline", "*", "snapshots", "*.csv"))
	if len(runs) == 0 || len(snaps) <= len(runs) {
		t.Errorf("%d snapshots of %d baseline runs", len(snaps), len(runs))
	}
	html, err := os.ReadFile(filepath.Join(out, "report-baseline.html"))
	if err != nil || !strings.Contains(string(html), "Any medal over elapsed time") || strings.Contains(string(html), "No submission snapshots") {
		t.Errorf("report-baseline.html (%v) has no any-medal curve", err)
	}
}
