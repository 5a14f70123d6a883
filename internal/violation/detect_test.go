package violation

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/llm/llmtest"
)

const apiKey = "sk-violation-test-key-123456"

func upstreamPrompts(t *testing.T) *Prompts {
	t.Helper()
	p, err := LoadPrompts(filepath.Join("..", "..", "..", "shared", "upstream", PromptsFile))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// judge answers yes when the content shows the behaviour the question asks
// about, no otherwise, and nothing recognisable for "UNSURE".
func judge(p *Prompts) func(req llmtest.ChatRequest) (string, *llmtest.Fault) {
	return func(req llmtest.ChatRequest) (string, *llmtest.Fault) {
		content, question := req.Messages[1].Content, req.Messages[2].Content
		switch {
		case strings.Contains(content, "UNSURE"):
			return "I cannot tell.", nil
		case strings.Contains(question, "manually write") && strings.Contains(content, "echo 1,0 >> submission.csv"),
			strings.Contains(question, "external LLM API") && strings.Contains(content, "openai.ChatCompletion"),
			strings.Contains(question, "unauthorized") && strings.Contains(content, "wget kaggle.com"):
			return "It did so, see the log.\n" + p.Affirmative, nil
		}
		return "Nothing of the kind.\n" + p.Negative, nil
	}
}

func testClient(srv *llmtest.Server, key string) *llm.Client {
	return &llm.Client{BaseURL: srv.BaseURL(), APIKey: key,
		Retry: llm.RetryPolicy{MaxAttempts: 4, MinWait: time.Millisecond, MaxWait: 5 * time.Millisecond}}
}

var fixed = time.Date(2026, 11, 26, 6, 0, 0, 0, time.UTC)

func TestDetectEndToEnd(t *testing.T) {
	p := upstreamPrompts(t)
	dir := t.TempDir()
	// Run 1: a logs directory (two logs, one .py, one ignored file) and a code file.
	logs1 := filepath.Join(dir, "run1", "logs")
	write(t, filepath.Join(logs1, "b.log"), "step 2\necho 1,0 >> submission.csv\n")
	write(t, filepath.Join(logs1, "sub", "a.log"), "step 1")
	write(t, filepath.Join(logs1, "train.py"), "import sklearn")
	write(t, filepath.Join(logs1, "notes.txt"), "ignored")
	code1 := write(t, filepath.Join(dir, "run1", "code", "main.py"), "resp = openai.ChatCompletion.create()")
	// Run 2: clean logs, no code_path at all.
	logs2 := write(t, filepath.Join(dir, "run2", "agent.log"), "trained a model, wrote predictions")
	// Run 3: a logs path that does not exist and an empty code file.
	code3 := write(t, filepath.Join(dir, "run3", "empty.py"), "")
	jsonl := write(t, filepath.Join(dir, "subs.jsonl"), strings.Join([]string{
		`{"competition_id": "spaceship-titanic", "submission_path": "/r1/submission.csv", "logs_path": "` + logs1 + `", "code_path": "` + code1 + `"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": null, "logs_path": "` + logs2 + `"}`,
		`{"competition_id": "aerial-cactus-identification", "submission_path": 7, "logs_path": "` + filepath.Join(dir, "nope") + `", "code_path": "` + code3 + `"}`,
	}, "\n")+"\n")
	items, err := ReadItems(jsonl)
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(apiKey)
	defer srv.Close()
	srv.Chat = judge(p)
	srv.AddFaults(llmtest.Fault{Status: 429, RetryAfter: "0"}, llmtest.Fault{Status: 503})
	var warnings []string
	out := filepath.Join(dir, "out")
	res, err := Run(context.Background(), p, items, Options{
		Client: testClient(srv, apiKey), Model: "gpt-4o-mini", Concurrency: 1, OutputDir: out,
		Now: func() time.Time { return fixed }, Warn: func(m string) { warnings = append(warnings, m) },
		PriceInputPerMTok: 0.15, PriceOutputPerMTok: 0.6,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "nope does not exist") {
		t.Errorf("warnings = %q", warnings)
	}
	// Questions asked: run1 × 3, run2 × 2 (logs only), run3 none. Plus 2 faults.
	reqs := srv.ChatRequests()
	if len(reqs) != 5 || srv.Calls() != 7 {
		t.Fatalf("%d answered requests, %d calls; want 5 and 7", len(reqs), srv.Calls())
	}
	first := reqs[0]
	wantLogs := "--- b.log ---\nstep 2\necho 1,0 >> submission.csv\n\n--- a.log ---\nstep 1\n--- train.py ---\nimport sklearn\n"
	if first.Model != "gpt-4o-mini" || first.Temperature == nil || *first.Temperature != 0 ||
		first.Messages[0].Role != "system" || first.Messages[0].Content != p.PreambleLogs ||
		first.Messages[1].Role != "user" || first.Messages[1].Content != wantLogs ||
		first.Messages[2].Role != "system" || first.Messages[2].Content != p.Questions[0].Text {
		t.Errorf("first request = %+v", first)
	}
	csv, err := os.ReadFile(res.CSVPath)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(res.CSVPath) != "analysis_2026-11-26T06-00-00-GMT.csv" {
		t.Errorf("csv name %s", res.CSVPath)
	}
	yes, no := "\"It did so, see the log.\n"+p.Affirmative+"\"", "\"Nothing of the kind.\n"+p.Negative+"\""
	want := "competition_id,submission_path,logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION,logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION_binarized,code_LLM_API_QUESTION,code_LLM_API_QUESTION_binarized,logs_UNAUTHORIZED_ACCESS_QUESTION,logs_UNAUTHORIZED_ACCESS_QUESTION_binarized\n" +
		"spaceship-titanic,/r1/submission.csv," + yes + ",True," + yes + ",True," + no + ",False\n" +
		"spaceship-titanic,," + no + ",False,,," + no + ",False\n" +
		"aerial-cactus-identification,7,,,,,,\n"
	if string(csv) != want {
		t.Errorf("csv:\n%s\nwant:\n%s", csv, want)
	}
	summary, _ := os.ReadFile(res.SummaryPath)
	wantSummary := "{\n  \"logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION\": \"33.3%\",\n  \"code_LLM_API_QUESTION\": \"33.3%\",\n  \"logs_UNAUTHORIZED_ACCESS_QUESTION\": \"0.0%\"\n}"
	if string(summary) != wantSummary {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, wantSummary)
	}
	usage, _ := os.ReadFile(res.UsagePath)
	if !strings.Contains(string(usage), `"estimated_cost_usd": `) || res.Usage.TotalTokens == 0 {
		t.Errorf("usage file:\n%s", usage)
	}
	if strings.Contains(string(csv)+string(usage), apiKey) {
		t.Error("the key appears in an output")
	}
}

func TestChunkedAnswersAndBadRequest(t *testing.T) {
	p := upstreamPrompts(t)
	dir := t.TempDir()
	tests := []struct {
		name, content string
		answers       []string // per chunk, in order; "400" answers a bad request
		wantText      string
		wantBin       string
	}{
		{"one chunk, no flag", "short", []string{"maybe"}, "maybe", ""},
		{"chunks, one yes", "0123456789abcdefghijXY", []string{"a\n" + p.Negative, "b\n" + p.Affirmative, "c"},
			"CHUNKED_ANSWERS:\n\na\n" + p.Negative + "\n\n---------\n\nb\n" + p.Affirmative + "\n\n---------\n\nc", "True"},
		{"chunks, all no", "0123456789abcdefghij", []string{p.Negative, p.Negative}, "CHUNKED_ANSWERS:\n\n" + p.Negative + "\n\n---------\n\n" + p.Negative, "False"},
		{"chunks, no flag at all", "0123456789abcdefghij", []string{"x", "y"}, "CHUNKED_ANSWERS:\n\nx\n\n---------\n\ny", ""},
		{"bad request", "short", []string{"400"}, "API error 400 (invalid_request_error): context length exceeded", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code := write(t, filepath.Join(dir, tc.name, "main.py"), tc.content)
			srv := llmtest.New(apiKey)
			defer srv.Close()
			n := 0
			srv.Chat = func(req llmtest.ChatRequest) (string, *llmtest.Fault) {
				a := tc.answers[n]
				n++
				if a == "400" {
					return "", &llmtest.Fault{Status: 400, Message: "context length exceeded"}
				}
				return a, nil
			}
			items := []Item{{Line: 1, CompetitionID: "c", SubmissionPath: "s", CodePath: code}}
			res, err := Run(context.Background(), p, items, Options{Client: testClient(srv, apiKey), Model: "m",
				Questions: []string{"LLM_API_QUESTION"}, ChunkChars: 10, OutputDir: filepath.Join(dir, tc.name, "out"), Now: func() time.Time { return fixed }})
			if err != nil {
				t.Fatal(err)
			}
			if n != len(tc.answers) {
				t.Fatalf("%d chunks asked, want %d", n, len(tc.answers))
			}
			csv, _ := os.ReadFile(res.CSVPath)
			want := "competition_id,submission_path,code_LLM_API_QUESTION,code_LLM_API_QUESTION_binarized\nc,s," + quote(tc.wantText) + "," + tc.wantBin + "\n"
			if string(csv) != want {
				t.Errorf("csv:\n%q\nwant:\n%q", csv, want)
			}
		})
	}
}

func quote(s string) string {
	if strings.ContainsAny(s, ",\"\n\r") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

func TestBadKeyThenResume(t *testing.T) {
	p := upstreamPrompts(t)
	dir := t.TempDir()
	var items []Item
	for i := 0; i < 4; i++ {
		logs := write(t, filepath.Join(dir, "logs", string(rune('a'+i))+".log"), "log of run "+string(rune('a'+i)))
		items = append(items, Item{Line: i + 1, CompetitionID: "c", SubmissionPath: "s" + string(rune('a'+i)), LogsPath: logs})
	}
	srv := llmtest.New(apiKey)
	defer srv.Close()
	srv.Chat = judge(p)
	out := filepath.Join(dir, "out")
	opt := Options{Model: "m", Questions: []string{"MANUALLY_WRITING_SUBMISSIONS_QUESTION"}, Concurrency: 1, OutputDir: out, Now: func() time.Time { return fixed }}

	// A wrong key fails at once, with no retries and no report.
	opt.Client = testClient(srv, "sk-wrong")
	if _, err := Run(context.Background(), p, items, opt); err == nil || !llm.IsAuth(err) {
		t.Fatalf("err = %v, want an auth error", err)
	}
	if srv.Calls() != 1 {
		t.Errorf("a wrong key was tried %d times", srv.Calls())
	}
	if m, _ := filepath.Glob(filepath.Join(out, "analysis_*.csv")); len(m) != 0 {
		t.Errorf("a failed run wrote %v", m)
	}

	// A 5xx storm after two answers: the run fails, keeping the two answers.
	opt.Client = testClient(srv, apiKey)
	answered := 0
	srv.Chat = func(req llmtest.ChatRequest) (string, *llmtest.Fault) {
		if answered == 2 {
			return "", &llmtest.Fault{Status: 500}
		}
		answered++
		return judge(p)(req)
	}
	if _, err := Run(context.Background(), p, items, opt); err == nil || !strings.Contains(err.Error(), "re-run to continue") {
		t.Fatalf("err = %v, want a storm failure", err)
	}
	// The re-run asks only the two unanswered questions.
	srv.Chat = judge(p)
	before := len(srv.ChatRequests())
	res, err := Run(context.Background(), p, items, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(srv.ChatRequests()) - before; got != 2 || res.Reused != 2 || res.Calls != 2 {
		t.Errorf("re-run asked %d (reused %d, calls %d), want 2, 2, 2", got, res.Reused, res.Calls)
	}
	csv, _ := os.ReadFile(res.CSVPath)
	if strings.Count(string(csv), "\nc,s") != 4 {
		t.Errorf("csv has not 4 rows:\n%s", csv)
	}
	// A third run asks nothing.
	res, err = Run(context.Background(), p, items, opt)
	if err != nil || res.Calls != 0 || res.Reused != 4 {
		t.Errorf("third run: calls %d reused %d err %v", res.Calls, res.Reused, err)
	}
}

func TestReadItems(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, wantErr string
		want                   int
	}{
		{"ok", `{"competition_id": "a", "submission_path": "x"}` + "\n", "", 1},
		{"no final newline", `{"competition_id": "a", "submission_path": "x"}`, "", 1},
		{"blank line is an error", `{"competition_id": "a", "submission_path": "x"}` + "\n\n" + `{"competition_id": "b", "submission_path": "y"}`, "line 2", 0},
		{"comments are not skipped", "# c\n", "line 1", 0},
		{"submission_path required", `{"competition_id": "a"}`, `missing key "submission_path"`, 0},
		{"logs_path must be a string", `{"competition_id": "a", "submission_path": 1, "logs_path": 3}`, "logs_path is not a string", 0},
		{"empty file", "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, filepath.Join(dir, tc.name+".jsonl"), tc.content)
			items, err := ReadItems(path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(items) != tc.want {
				t.Fatalf("items = %v, err = %v", items, err)
			}
		})
	}
}

func TestChunksCountCodePoints(t *testing.T) {
	s := strings.Repeat("é", 25)
	c := Chunks(s, 10)
	if len(c) != 3 || c[0] != strings.Repeat("é", 10) || c[2] != strings.Repeat("é", 5) {
		t.Fatalf("chunks = %q", c)
	}
}
