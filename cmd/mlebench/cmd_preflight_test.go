package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

// preflightKaggle starts a fake Kaggle serving spaceship-titanic (fake raw
// files) and points the environment at it with valid credentials.
func preflightKaggle(t *testing.T) *kaggletest.Server {
	t.Helper()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	comp, err := cat.Lookup("spaceship-titanic")
	if err != nil || comp.Impl == nil || comp.Impl.FakeRaw == nil {
		t.Skip("spaceship-titanic not implemented")
	}
	raw := t.TempDir()
	if err := comp.Impl.FakeRaw(raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	srv := kaggletest.New(t)
	srv.AddUser("alice", "s3cret-key")
	if err := srv.AddCompetitionDir("spaceship-titanic", raw); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("KAGGLE_CONFIG_DIR", filepath.Join(home, "kaggle"))
	t.Setenv("KAGGLE_API_TOKEN", "")
	t.Setenv("KAGGLE_USERNAME", "alice")
	t.Setenv("KAGGLE_KEY", "s3cret-key")
	t.Setenv("MLEBENCH_KAGGLE_URL", srv.URL)
	return srv
}

func TestPreflightCommand(t *testing.T) {
	srv := preflightKaggle(t)
	srv.SetRulesAccepted("spaceship-titanic", false)
	data := t.TempDir()

	stdout, stderr, code := cliRun(t, "preflight", "-c", "spaceship-titanic", "--data-dir", data)
	if code != exitError || !strings.Contains(stdout, "accept the rules at https://www.kaggle.com/c/spaceship-titanic/rules") ||
		!strings.Contains(stdout, "0 of 1 competitions can be downloaded") || !strings.Contains(stderr, "need attention") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	stdout, _, code = cliRun(t, "preflight", "-c", "spaceship-titanic", "--json", "--data-dir", data)
	var out struct {
		Ready, Total int
		Competitions []struct {
			ID       string `json:"competition_id"`
			Status   string `json:"status"`
			RulesURL string `json:"rules_url"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != exitError || out.Total != 1 || out.Ready != 0 ||
		out.Competitions[0].Status != "rules-not-accepted" || out.Competitions[0].RulesURL != "https://www.kaggle.com/c/spaceship-titanic/rules" {
		t.Fatalf("json: exit %d, %s (%v)", code, stdout, err)
	}
	for _, r := range srv.Requests() {
		if r.Storage {
			t.Fatal("preflight downloaded data")
		}
	}

	srv.SetRulesAccepted("spaceship-titanic", true)
	stdout, stderr, code = cliRun(t, "preflight", "-c", "spaceship-titanic", "--data-dir", data)
	if code != exitOK || !strings.Contains(stdout, "All 1 competitions can be downloaded.") || !strings.Contains(stdout, "KAGGLE_USERNAME") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}

	// No selection is a usage error; unknown ids fail before any request.
	if _, stderr, code := cliRun(t, "preflight"); code != exitUsage || !strings.Contains(stderr, "must be specified") {
		t.Errorf("no selection: exit %d, %s", code, stderr)
	}
	srv.ResetRequests()
	if _, _, code := cliRun(t, "preflight", "-c", "nope"); code != exitError || len(srv.Requests()) != 0 {
		t.Errorf("unknown id: exit %d, %d requests", code, len(srv.Requests()))
	}
}

func TestPreflightCommandCredentials(t *testing.T) {
	preflightKaggle(t)
	t.Setenv("KAGGLE_KEY", "wrong")
	_, stderr, code := cliRun(t, "preflight", "-c", "spaceship-titanic")
	if code != exitError || !strings.Contains(stderr, "Kaggle authentication failed!") || strings.Contains(stderr, "wrong") {
		t.Errorf("wrong key: exit %d, %s", code, stderr)
	}
	t.Setenv("KAGGLE_USERNAME", "")
	t.Setenv("KAGGLE_KEY", "")
	_, stderr, code = cliRun(t, "preflight", "-c", "spaceship-titanic")
	if code != exitError || !strings.Contains(stderr, "KAGGLE_USERNAME") {
		t.Errorf("no credentials: exit %d, %s", code, stderr)
	}
}

func TestPrepareCommandDownloadsFromKaggle(t *testing.T) {
	srv := preflightKaggle(t)
	upstream := prepareUpstreamDir(t)
	data := t.TempDir()
	args := []string{"prepare", "-c", "spaceship-titanic", "--skip-verification", "--data-dir", data, "--upstream-dir", upstream}

	// Rules not accepted: stopped by the preflight, before any download.
	srv.SetRulesAccepted("spaceship-titanic", false)
	_, stderr, code := cliRun(t, args...)
	if code != exitError || !strings.Contains(stderr, "https://www.kaggle.com/c/spaceship-titanic/rules") || !strings.Contains(stderr, "nothing was downloaded") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(data, "spaceship-titanic", "spaceship-titanic.zip")); !os.IsNotExist(err) {
		t.Fatal("downloaded despite the rules")
	}

	srv.SetRulesAccepted("spaceship-titanic", true)
	srv.DropNextTransfer(-1) // cut half-way; resumed by the client
	stdout, stderr, code := cliRun(t, args...)
	if code != exitOK || !strings.Contains(stdout, "spaceship-titanic: prepared") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	zip, err := os.ReadFile(filepath.Join(data, "spaceship-titanic", "spaceship-titanic.zip"))
	if err != nil || string(zip) != string(srv.Archive("spaceship-titanic")) {
		t.Fatalf("downloaded zip differs (%v)", err)
	}
	cat, _ := competition.NewCatalog(competitions.All())
	comp, _ := cat.Lookup("spaceship-titanic")
	if err := comp.CheckPrepared(data, false); err != nil {
		t.Fatal(err)
	}

	// With verification the fake zip's MD5 is refused, naming the file.
	_, stderr, code = cliRun(t, "prepare", "-c", "spaceship-titanic", "--data-dir", data, "--upstream-dir", upstream)
	if code != exitError || !strings.Contains(stderr, "Checksum for `"+filepath.Join(data, "spaceship-titanic", "spaceship-titanic.zip")+"` does not match") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}

func TestDownloadLeaderboardCommand(t *testing.T) {
	srv := preflightKaggle(t)
	var lb []kaggletest.LeaderboardEntry
	var scores []float64
	for i := 0; i < 300; i++ {
		text := strconv.FormatFloat(0.9-float64(i)*0.001, 'f', 5, 64)
		v, _ := strconv.ParseFloat(text, 64)
		scores = append(scores, v)
		lb = append(lb, kaggletest.LeaderboardEntry{TeamID: int64(i + 1), TeamName: "t" + strconv.Itoa(i), SubmissionDate: "2024-01-01T00:00:00Z", Score: text})
	}
	files := map[string][]byte{"train.csv": []byte("a\n")}
	srv.AddCompetition(kaggletest.Competition{ID: "spaceship-titanic", Files: files, Leaderboard: lb})
	data := t.TempDir()

	if _, stderr, code := cliRun(t, "dev", "download-leaderboard"); code != exitUsage || !strings.Contains(stderr, "Either --all or --competition-id must be specified.") {
		t.Errorf("no selection: exit %d, %s", code, stderr)
	}
	srv.ResetRequests()
	stdout, stderr, code := cliRun(t, "dev", "download-leaderboard", "-c", "spaceship-titanic", "--data-dir", data)
	if code != exitOK || !strings.Contains(stdout, "spaceship-titanic: gold 0.82066") || !strings.Contains(stdout, "built-in") || len(srv.Requests()) != 0 {
		t.Errorf("built-in check: exit %d, %s %s, %d requests", code, stdout, stderr, len(srv.Requests()))
	}
	stdout, stderr, code = cliRun(t, "dev", "download-leaderboard", "-c", "spaceship-titanic", "--force", "--json", "--data-dir", data)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rows []struct {
		ID         string `json:"competition_id"`
		Path       string `json:"path"`
		Teams      int    `json:"teams"`
		Thresholds struct {
			Gold, Silver, Bronze, Median float64
			LowerIsBetter                bool `json:"lower_is_better"`
		} `json:"thresholds"`
		Builtin *struct{ Gold float64 } `json:"builtin"`
	}
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("%s (%v)", stdout, err)
	}
	want, _ := grade.ThresholdsFromScores(scores)
	r := rows[0]
	if r.Teams != 300 || r.Thresholds.Gold != want.Gold || r.Thresholds.Silver != want.Silver || r.Thresholds.Bronze != want.Bronze ||
		r.Thresholds.Median != want.Median || r.Thresholds.LowerIsBetter || r.Builtin == nil || r.Builtin.Gold != 0.82066 {
		t.Errorf("row %+v, want thresholds %+v", r, want)
	}
	if r.Path != filepath.Join(data, "leaderboards", "spaceship-titanic.csv") {
		t.Errorf("path %s", r.Path)
	}
	b, err := os.ReadFile(r.Path)
	if err != nil || strings.Count(string(b), "\n") != 301 {
		t.Errorf("leaderboard csv: %v", err)
	}

	// Grading now uses the downloaded leaderboard, as the original grades
	// with the leaderboard.csv it overwrote; prepare --overwrite-leaderboard
	// downloads it the same way.
	os.Remove(r.Path)
	raw := filepath.Join(t.TempDir(), "raw")
	if _, errs, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != 0 {
		t.Fatalf("fake-raw: %s", errs)
	}
	if _, errs, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", raw, "--data-dir", data,
		"--skip-verification", "--overwrite-leaderboard", "--upstream-dir", prepareUpstreamDir(t)); code != 0 {
		t.Fatalf("prepare: %s", errs)
	}
	if _, err := os.Stat(r.Path); err != nil {
		t.Fatalf("prepare --overwrite-leaderboard did not download the leaderboard: %v", err)
	}
	sample := filepath.Join(data, "spaceship-titanic", "prepared", "public", "sample_submission.csv")
	stdout, stderr, code = cliRun(t, "grade-sample", sample, "spaceship-titanic", "--data-dir", data)
	if code != exitOK || !strings.Contains(stdout, `"gold_threshold": `+strconv.FormatFloat(want.Gold, 'g', -1, 64)+",") ||
		!strings.Contains(stdout, `"median_threshold": `+strconv.FormatFloat(want.Median, 'g', -1, 64)+",") {
		t.Errorf("grading after the download: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
