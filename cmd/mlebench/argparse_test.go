package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestNormalizeArgs(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"aggregate", "--grading-reports", "a", "b", "c", "--split", "low"},
			[]string{"aggregate", "--grading-reports=a", "--grading-reports=b", "--grading-reports=c", "--split", "low"}},
		{[]string{"aggregate", "--grad", "a", "--num", "-1", "--pad"},
			[]string{"aggregate", "--grading-reports=a", "--num-seeds", "-1", "--pad-missing"}},
		{[]string{"--data", "/d", "grade", "--sub", "s.jsonl", "--output=o"},
			[]string{"--data-dir", "/d", "grade", "--submission", "s.jsonl", "--output-dir=o"}},
		{[]string{"make-submission", "--meta", "m.json", "--output", "x.jsonl"},
			[]string{"make-submission", "--metadata", "m.json", "--output", "x.jsonl"}},
		{[]string{"grade-sample", "--data", "/d", "sub.csv", "spaceship-titanic"},
			[]string{"grade-sample", "--data-dir", "/d", "sub.csv", "spaceship-titanic"}},
		{[]string{"prepare", "-c", "grade", "--keep"}, []string{"prepare", "-c", "grade", "--keep-raw"}},
		{[]string{"dev", "download-leaderboard", "-c", "x", "--for"}, []string{"dev", "download-leaderboard", "-c", "x", "--force"}},
		{[]string{"grade", "--", "--sub"}, []string{"grade", "--", "--sub"}},
		// Prefixes argparse resolves resolve to the original's option even
		// where mlebench's extensions make them ambiguous.
		{[]string{"aggregate", "--p"}, []string{"aggregate", "--pad-missing"}},
		{[]string{"run", "--a", "dummy", "--comp", "s.txt"}, []string{"run", "--agent-id", "dummy", "--competition-set", "s.txt"}},
	}
	for _, tc := range tests {
		root := newRootCommand(&Global{})
		got, err := normalizeArgs(root, tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("normalizeArgs(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestUsageErrorsExitTwo: every argparse usage error of the original's
// command lines exits with status 2.
func TestUsageErrorsExitTwo(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"nosuch"}, "invalid choice: 'nosuch'"},
		{[]string{"dev", "nosuch"}, "invalid choice: 'nosuch'"},
		{[]string{"grade", "--output-dir", "x"}, "the following arguments are required: --submission"},
		{[]string{"grade"}, "the following arguments are required: --submission, --output-dir"},
		{[]string{"make-submission"}, "the following arguments are required: --metadata"},
		{[]string{"grade-sample", "only-one.csv"}, "accepts 2 arg(s), received 1"},
		{[]string{"grade-sample", "a", "b", "c"}, "accepts 2 arg(s), received 3"},
		{[]string{"grade", "--submission", "s", "--output-dir", "o", "extra"}, "unknown command"},
		{[]string{"aggregate"}, "one of the arguments --grading-reports --experiment-id is required"},
		{[]string{"aggregate", "--grading-reports", "--split", "low"}, "expected at least one argument"},
		{[]string{"aggregate", "--grading-reports", "a", "--experiment-id", "x"}, "mutually exclusive"},
		{[]string{"aggregate", "--grading-reports", "a", "--num-seeds", "x"}, "invalid argument"},
		{[]string{"run", "--n", "2"}, "ambiguous option: --n could match"},
		{[]string{"grade", "--nosuch"}, "unknown flag"},
		{[]string{"prepare"}, "One of --lite, --all, --list, or --competition-id must be specified."},
		{[]string{"dev", "download-leaderboard"}, "Either --all or --competition-id must be specified."},
	}
	for _, tc := range tests {
		_, stderr, code := cliRun(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
	}
	// No subcommand: nothing happens, status 0 (as the original).
	if _, _, code := cliRun(t); code != exitOK {
		t.Errorf("no subcommand: exit %d", code)
	}
	for _, args := range [][]string{{"help"}, {"help", "grade"}, {"grade", "--help"}, {"aggregate", "-h"}} {
		if stdout, stderr, code := cliRun(t, args...); code != exitOK || !strings.Contains(stdout+stderr, "Usage:") {
			t.Errorf("%q: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
}

// TestMakeSubmissionAbbreviations: `--meta` / `--out` are `--metadata` /
// `--output`, as argparse's prefix matching makes them.
func TestMakeSubmissionAbbreviations(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "spaceship-titanic_0b7c6f0e-3f55-4c2e-9d4e-6f1f2a9c8e11")
	os.MkdirAll(filepath.Join(run, "submission"), 0o755)
	os.WriteFile(filepath.Join(run, "submission", "submission.csv"), []byte("a\n"), 0o644)
	meta := filepath.Join(dir, "metadata.json")
	os.WriteFile(meta, []byte(`{"run_group": "g", "created_at": "t", "runs": {"spaceship-titanic_0b7c6f0e-3f55-4c2e-9d4e-6f1f2a9c8e11": {"success": true}}}`), 0o644)
	full, short := filepath.Join(dir, "full.jsonl"), filepath.Join(dir, "short.jsonl")
	if _, stderr, code := cliRun(t, "make-submission", "--metadata", meta, "--output", full); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := cliRun(t, "make-submission", "--meta", meta, "--out", short, "--rel-l", "logs/x.log"); code != 0 {
		t.Fatal(stderr)
	}
	a, _ := os.ReadFile(full)
	b, _ := os.ReadFile(short)
	want := `{"competition_id": "spaceship-titanic", "submission_path": "` + run + `/submission/submission.csv", "logs_path": null, "code_path": null}` + "\n"
	if string(a) != want || string(b) != want {
		t.Errorf("full %q\nshort %q\nwant %q", a, b, want)
	}
}

// TestOriginalOptionsExist: every option of the original listed for prefix
// resolution is an option of that mlebench command.
func TestOriginalOptionsExist(t *testing.T) {
	root := newRootCommand(&Global{})
	for path, opts := range originalOptions {
		cmd, _, err := root.Find(strings.Fields(path)[1:])
		if err != nil || cmd.CommandPath() != path {
			t.Errorf("%s: no such command (%v)", path, err)
			continue
		}
		flags := visibleFlags(cmd)
		for _, o := range opts {
			if flags[o] == nil {
				t.Errorf("%s has no --%s", path, o)
			}
		}
	}
}

// TestFailedRunsExitStatus: runs that failed make `run` exit 1, unless
// --exit-zero-on-failed-runs asks for run_agent.py's 0.
func TestFailedRunsExitStatus(t *testing.T) {
	var errb strings.Builder
	g := &Global{Streams: Streams{Err: &errb}}
	if err := failedRunsError(g, 0, 3, "runs/g", false); err != nil {
		t.Errorf("no failures: %v", err)
	}
	if err := failedRunsError(g, 1, 3, "runs/g", false); err == nil || !strings.Contains(err.Error(), "1 of 3 runs failed") {
		t.Errorf("failures: %v", err)
	}
	if err := failedRunsError(g, 1, 3, "runs/g", true); err != nil || !strings.Contains(errb.String(), "--resume runs/g") {
		t.Errorf("exit zero: %v %q", err, errb.String())
	}
	if flag := newRunCommand(g).Flags().Lookup("exit-zero-on-failed-runs"); flag == nil {
		t.Error("run has no --exit-zero-on-failed-runs")
	}
}
