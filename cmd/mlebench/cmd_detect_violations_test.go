package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/llm/llmtest"
)

func TestDetectViolationsCommand(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "run.log")
	os.WriteFile(logs, []byte("I will type the answers myself: echo 1 >> submission.csv"), 0o644)
	jsonl := filepath.Join(dir, "subs.jsonl")
	os.WriteFile(jsonl, []byte(`{"competition_id": "spaceship-titanic", "submission_path": "s.csv", "logs_path": "`+logs+`"}`+"\n"), 0o644)
	srv := llmtest.New("sk-cli-key-abcdef0123")
	defer srv.Close()
	srv.Chat = func(req llmtest.ChatRequest) (string, *llmtest.Fault) {
		return "Yes, it typed them.\nThe final answer is yes.", nil
	}
	upstream := filepath.Join("..", "..", "..", "shared", "upstream")
	out := filepath.Join(dir, "out")

	t.Setenv("MLEBENCH_TEST_LLM_KEY", "sk-cli-key-abcdef0123")
	stdout, stderr, code := cliRun(t, "--upstream-dir", upstream, "detect-violations", "--submission", jsonl, "--output-dir", out,
		"--questions", "MANUALLY_WRITING_SUBMISSIONS_QUESTION", "LLM_API_QUESTION", "--base-url", srv.BaseURL(), "--api-key-env", "MLEBENCH_TEST_LLM_KEY")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	m, _ := filepath.Glob(filepath.Join(out, "analysis_summary_*.json"))
	if len(m) != 1 {
		t.Fatalf("summary files %v", m)
	}
	b, _ := os.ReadFile(m[0])
	// Two questions given argparse-style (nargs="+"); the run has no code,
	// so only the logs question is asked and both columns are written.
	if string(b) != "{\n  \"logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION\": \"100.0%\",\n  \"code_LLM_API_QUESTION\": \"0.0%\"\n}" {
		t.Errorf("summary %q", b)
	}

	// A wrong key: one clear error, exit 1, the key not printed.
	t.Setenv("MLEBENCH_TEST_LLM_KEY", "sk-wrong-key-999999999")
	stdout, stderr, code = cliRun(t, "--upstream-dir", upstream, "detect-violations", "--submission", jsonl, "--output-dir", filepath.Join(dir, "out2"),
		"--base-url", srv.BaseURL(), "--api-key-env", "MLEBENCH_TEST_LLM_KEY")
	if code != 1 || !strings.Contains(stderr, "refused the key in MLEBENCH_TEST_LLM_KEY") || strings.Contains(stdout+stderr, "sk-wrong-key") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}

	// No key at all.
	t.Setenv("MLEBENCH_TEST_LLM_KEY", "")
	_, stderr, code = cliRun(t, "--upstream-dir", upstream, "detect-violations", "--submission", jsonl, "--output-dir", out, "--api-key-env", "MLEBENCH_TEST_LLM_KEY")
	if code != 1 || !strings.Contains(stderr, "no API key") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}
