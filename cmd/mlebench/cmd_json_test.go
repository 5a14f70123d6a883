package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsonLinesOnly fails unless every non-empty line of s is a JSON value; it
// returns the objects.
func jsonLinesOnly(t *testing.T, what, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("%s: not a JSON line: %q", what, line)
			continue
		}
		if m, ok := v.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// TestJSONOutputAndGradeMessages: under --json stdout and stderr carry JSON
// lines only, and why a submission is invalid is in the JSON; without it,
// grade's warnings name the submission they are about, and an unreadable
// CSV that aborts the batch (as the original does) points to the fix.
func TestJSONOutputAndGradeMessages(t *testing.T) {
	data, ids := runTestData(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("nonsense_column\n1\n"), 0o644)
	missing := filepath.Join(dir, "missing.csv")
	jsonl := filepath.Join(dir, "subs.jsonl")
	os.WriteFile(jsonl, []byte(`{"competition_id": "`+ids[0]+`", "submission_path": "`+bad+`"}
{"competition_id": "`+ids[1]+`", "submission_path": "`+missing+`"}
`), 0o644)

	// grade-sample --json: one JSON line with the reason.
	stdout, stderr, code := cliRun(t, "--json", "grade-sample", bad, ids[0], "--data-dir", data)
	jsonLinesOnly(t, "grade-sample stderr", stderr)
	out := jsonLinesOnly(t, "grade-sample stdout", stdout)
	if code != exitOK || len(out) != 1 || out[0]["valid_submission"] != false || !strings.HasPrefix(out[0]["invalid_reason"].(string), "Invalid submission: ") {
		t.Errorf("grade-sample --json: exit %d, stdout %q", code, stdout)
	}
	if strings.Contains(stderr, "Competition report:") {
		t.Errorf("text on stderr under --json: %q", stderr)
	}

	// grade --json: the invalid submissions with their reasons.
	stdout, stderr, code = cliRun(t, "grade", "--json", "--submission", jsonl, "--output-dir", dir, "--data-dir", data)
	jsonLinesOnly(t, "grade stderr", stderr)
	out = jsonLinesOnly(t, "grade stdout", stdout)
	if code != exitOK || len(out) != 1 {
		t.Fatalf("grade --json: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	invalid, _ := out[0]["invalid"].([]any)
	if len(invalid) != 2 || !strings.Contains(stdout, `"submission_path": "`+bad+`"`) || !strings.Contains(stdout, "Please check that the file exists") {
		t.Errorf("grade --json: invalid submissions not reported with reasons: %s", stdout)
	}

	// Text mode: the warnings name their submission.
	_, stderr, code = cliRun(t, "grade", "--submission", jsonl, "--output-dir", dir, "--data-dir", data)
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, "Invalid submission: ") && !strings.Contains(line, "submission="+bad) {
			t.Errorf("warning does not name its submission: %q", line)
		}
	}
	if code != exitOK || !strings.Contains(stderr, "Invalid submission: ") {
		t.Errorf("grade: exit %d, stderr %q", code, stderr)
	}

	// An unparseable CSV aborts the batch (the original's behaviour) and
	// says which file and which fix keeps going.
	unparseable := filepath.Join(dir, "unparseable.csv")
	os.WriteFile(unparseable, []byte("a,b\n\"1,2\n"), 0o644)
	os.WriteFile(jsonl, []byte(`{"competition_id": "`+ids[0]+`", "submission_path": "`+unparseable+`"}`+"\n"), 0o644)
	_, stderr, code = cliRun(t, "grade", "--submission", jsonl, "--output-dir", dir, "--data-dir", data)
	if code != exitError || !strings.Contains(stderr, unparseable) || !strings.Contains(stderr, "--fix grade-keep-going") {
		t.Errorf("unparseable CSV: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := cliRun(t, "grade", "--fix", "grade-keep-going", "--submission", jsonl, "--output-dir", dir, "--data-dir", data); code != exitOK {
		t.Errorf("--fix grade-keep-going: exit %d", code)
	}

	// Errors, usage errors and command messages are JSON lines too.
	for _, args := range [][]string{
		{"--json", "run", "--agent", "dummy", "--competition-set", "lite", "--data-dir", data},
		{"--json", "prepare", "-c", "x", "--lite"},
		{"--json", "list", "--split", "low"},
	} {
		stdout, stderr, _ := cliRun(t, args...)
		jsonLinesOnly(t, strings.Join(args, " ")+" stdout", stdout)
		jsonLinesOnly(t, strings.Join(args, " ")+" stderr", stderr)
	}
}
