package main

import (
	"encoding/json"
	"strings"
	"testing"

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
