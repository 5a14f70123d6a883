package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/buildinfo"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestRunViewShowsTimedOutRuns: a run stopped by the time limit is shown as
// timed out, never as done, in text and JSON progress.
func TestRunViewShowsTimedOutRuns(t *testing.T) {
	for _, json := range []bool{false, true} {
		var errb runnertest.Buffer
		v := &runView{g: &Global{Streams: Streams{Err: &errb}, JSON: json}}
		v.update(runner.Progress{Event: "timed_out", RunID: "spooky_1", Total: 2, Done: 2, TimedOut: 1})
		v.finish()
		got := errb.String()
		want := "runs: 1/2 done, 1 timed out, 0 running, 0 failed, 0 pending  (timed out spooky_1)\n"
		if json {
			want = `{"done":2,"event":"timed_out","failed":0,"message_type":"progress","pending":0,"run_id":"spooky_1","running":0,"step":"runs","timed_out":1,"total":2}` + "\n"
		}
		if got != want {
			t.Errorf("json=%v: got %q, want %q", json, got, want)
		}
		if !json && strings.Contains(got, "2/2 done") {
			t.Errorf("a timed-out run counted as done: %q", got)
		}
	}
}

func TestVersion(t *testing.T) {
	want := "mlebench " + buildinfo.Current().String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		stdout, stderr, code := cliRun(t, args...)
		if code != exitOK || stdout != want {
			t.Errorf("%v: exit %d, stdout %q, want %q; stderr %q", args, code, stdout, want, stderr)
		}
	}
	stdout, _, code := cliRun(t, "version", "--json")
	var info buildinfo.Info
	if err := json.Unmarshal([]byte(stdout), &info); code != exitOK || err != nil || info != buildinfo.Current() {
		t.Errorf("version --json: exit %d, %q (%v)", code, stdout, err)
	}
}

// TestRunResumeNeedsNoFlags: plan.json holds every setting a resume needs,
// so `mlebench run --resume DIR` (what run prints) works alone, from
// another working directory, with a default data directory that holds
// nothing.
func TestRunResumeNeedsNoFlags(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the local backend seals runs only as root")
	}
	data, ids := runTestData(t)
	agents := filepath.Join(runnertest.RepoRoot(t), "agents")
	upstream := prepareUpstreamDir(t)
	set := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(set, []byte(ids[0]+"\n"), 0o644)
	runs := t.TempDir()
	stdout, stderr, code := cliRun(t, "run", "--agent", "dummy", "--competition-set", set, "--backend", "local",
		"--n-seeds", "2", "--n-workers", "2", "--time-limit", "7m", "--data-dir", data, "--runs-dir", runs,
		"--agents-dir", agents, "--upstream-dir", upstream, "--snapshot-interval", "0")
	if code != exitOK {
		t.Fatalf("run exit %d:\n%s", code, stderr)
	}
	group := strings.TrimSpace(stdout)
	// The agent's preparation (image or program build) is shown.
	if !strings.Contains(stderr, "preparing agent dummy") || !strings.Contains(stderr, "agent dummy ready in ") {
		t.Errorf("run does not show the agent's preparation:\n%s", stderr)
	}
	p, err := runner.LoadPlan(group)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]any{"data-dir": data, "agents-dir": agents, "upstream-dir": upstream, "backend": "local", "n-workers": "2"} {
		if p.Settings[name] != want {
			t.Errorf("plan.json settings[%q] = %v, want %v", name, p.Settings[name], want)
		}
	}
	if p.Mlebench != buildinfo.Current() || time.Duration(p.Config.TimeLimit) != 7*time.Minute {
		t.Errorf("plan.json mlebench %+v, time limit %v", p.Mlebench, p.Config.TimeLimit)
	}
	// Mark one run interrupted, as Ctrl-C leaves it.
	st, err := runner.ReadStatus(p.RunDir(p.Tasks[1]))
	if err != nil {
		t.Fatal(err)
	}
	st.State, st.Success = runner.StateInterrupted, false
	b, _ := json.Marshal(st)
	os.WriteFile(filepath.Join(p.RunDir(p.Tasks[1]), runner.StatusFile), b, 0o644)
	os.Remove(filepath.Join(group, runner.MetadataFile))

	t.Chdir(t.TempDir())
	if cache, err := os.UserCacheDir(); err == nil && os.Getenv("GOCACHE") == "" {
		t.Setenv("GOCACHE", filepath.Join(cache, "go-build")) // keep Go's build cache
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("MLEBENCH_UPSTREAM_DIR", "")
	stdout, stderr, code = cliRun(t, "run", "--resume", group)
	if code != exitOK || strings.TrimSpace(stdout) != group {
		t.Fatalf("resume exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "(1 runs") && !strings.Contains(stderr, "local backend") {
		t.Errorf("resume stderr:\n%s", stderr)
	}
	if st, err := runner.ReadStatus(p.RunDir(p.Tasks[1])); err != nil || st.State != runner.StateDone {
		t.Errorf("resumed run %+v (%v)", st, err)
	}
	if md, err := os.ReadFile(filepath.Join(group, runner.MetadataFile)); err != nil || strings.Count(string(md), `"success": true`) != 2 {
		t.Errorf("metadata after resume %s (%v)", md, err)
	}
}

// TestRunListsEveryUnpreparedCompetition: run names all unprepared
// competitions with the one command that prepares them; --competition-set
// takes split names as well as files.
func TestRunListsEveryUnpreparedCompetition(t *testing.T) {
	data, ids := runTestData(t)
	agents := filepath.Join(runnertest.RepoRoot(t), "agents")
	set := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(set, []byte(ids[0]+"\nleaf-classification\nrandom-acts-of-pizza\n"), 0o644)
	runs := t.TempDir()
	upstream := prepareUpstreamDir(t)
	t.Chdir(t.TempDir()) // no lite.txt here: the split name is used
	tests := []struct {
		set  string
		want []string
	}{
		{set, []string{"2 of the 3 competitions are not prepared in " + data + ": leaf-classification, random-acts-of-pizza\n",
			"prepare them with: mlebench prepare --list " + set + " --data-dir " + data + "\n"}},
		{"lite", []string{"of the 22 competitions are not prepared", "aerial-cactus-identification, ", "prepare them with: mlebench prepare --lite --data-dir " + data + "\n"}},
		{"lite.txt", []string{"of the 22 competitions are not prepared", "prepare them with: mlebench prepare --lite --data-dir "}},
		{"medium", []string{"of the 38 competitions are not prepared", "prepare them with: mlebench prepare --list medium --data-dir "}},
		{"no-such-split", []string{"competition set no-such-split: no such file, and not a split name (low, medium"}},
	}
	for _, tc := range tests {
		_, stderr, code := cliRun(t, "run", "--agent", "dummy", "--competition-set", tc.set, "--data-dir", data, "--runs-dir", runs, "--agents-dir", agents, "--upstream-dir", upstream)
		for _, w := range tc.want {
			if code != exitError || !strings.Contains(stderr, w) {
				t.Errorf("%s: exit %d, stderr %q lacks %q", tc.set, code, stderr, w)
			}
		}
	}
	// prepare --list takes the same split names.
	_, stderr, code := cliRun(t, "prepare", "--list", "dev", "--data-dir", t.TempDir(), "--skip-verification", "--upstream-dir", upstream)
	if code != exitError || !strings.Contains(stderr, "of 7 competitions failed to prepare") {
		t.Errorf("prepare --list dev: exit %d, stderr %q", code, stderr)
	}
}
