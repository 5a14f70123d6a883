package llm_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/llm/llmtest"
)

const key = "sk-test-0123456789abcdef"

func client(srv *llmtest.Server, waits *[]time.Duration) *llm.Client {
	return &llm.Client{
		BaseURL: srv.BaseURL(), APIKey: key,
		Retry: llm.RetryPolicy{MaxAttempts: 5, MinWait: 2 * time.Second, MaxWait: 60 * time.Second},
		Sleep: func(ctx context.Context, d time.Duration) error { *waits = append(*waits, d); return nil },
	}
}

func echo(req llmtest.ChatRequest) (string, *llmtest.Fault) {
	return "seen " + req.Messages[len(req.Messages)-1].Content, nil
}

func TestChatRetries(t *testing.T) {
	tests := []struct {
		name      string
		faults    []llmtest.Fault
		wantErr   func(error) bool
		wantWaits []time.Duration
		wantCalls int
	}{
		{name: "ok", wantCalls: 1},
		{name: "429 storm then ok", faults: []llmtest.Fault{{Status: 429}, {Status: 429}, {Status: 429}},
			wantWaits: []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second}, wantCalls: 4},
		{name: "retry-after honoured", faults: []llmtest.Fault{{Status: 429, RetryAfter: "30"}},
			wantWaits: []time.Duration{30 * time.Second}, wantCalls: 2},
		{name: "retry-after capped", faults: []llmtest.Fault{{Status: 503, RetryAfter: "600"}},
			wantWaits: []time.Duration{60 * time.Second}, wantCalls: 2},
		{name: "5xx and dropped connection", faults: []llmtest.Fault{{Status: 500}, {Drop: true}},
			wantWaits: []time.Duration{2 * time.Second, 4 * time.Second}, wantCalls: 3},
		{name: "gives up", faults: []llmtest.Fault{{Status: 429}, {Status: 429}, {Status: 429}, {Status: 429}, {Status: 429}},
			wantErr:   func(err error) bool { return strings.Contains(err.Error(), "giving up after 5 attempts") },
			wantWaits: []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}, wantCalls: 5},
		{name: "400 not retried", faults: []llmtest.Fault{{Status: 400, Message: "context too long"}},
			wantErr: llm.IsBadRequest, wantCalls: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(key)
			defer srv.Close()
			srv.Chat = echo
			srv.AddFaults(tc.faults...)
			var waits []time.Duration
			res, err := client(srv, &waits).Chat(context.Background(), llm.ChatRequest{Model: "m", Messages: []llm.Message{{Role: "user", Content: "hi"}}})
			if tc.wantErr != nil {
				if err == nil || !tc.wantErr(err) {
					t.Fatalf("err = %v, want the expected failure", err)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if res.Content != "seen hi" || res.Usage.TotalTokens == 0 {
				t.Fatalf("result = %+v", res)
			}
			if got := srv.Calls(); got != tc.wantCalls {
				t.Errorf("calls = %d, want %d", got, tc.wantCalls)
			}
			if len(waits) != len(tc.wantWaits) {
				t.Fatalf("waits = %v, want %v", waits, tc.wantWaits)
			}
			for i := range waits {
				if waits[i] != tc.wantWaits[i] {
					t.Errorf("waits = %v, want %v", waits, tc.wantWaits)
				}
			}
		})
	}
}

func TestBadKeyFailsOnceWithoutLeakingIt(t *testing.T) {
	srv := llmtest.New("sk-the-right-key")
	defer srv.Close()
	srv.Chat = echo
	var waits []time.Duration
	_, err := client(srv, &waits).Chat(context.Background(), llm.ChatRequest{Model: "m", Messages: []llm.Message{{Role: "user", Content: "x"}}})
	if !llm.IsAuth(err) {
		t.Fatalf("err = %v, want an auth error", err)
	}
	if srv.Calls() != 1 || len(waits) != 0 {
		t.Errorf("a bad key was retried: %d calls", srv.Calls())
	}
	if strings.Contains(err.Error(), key) || strings.Contains(err.Error(), key[len(key)-8:]) {
		t.Errorf("error leaks the key: %v", err)
	}
}

func TestCanceledContextStopsRetrying(t *testing.T) {
	srv := llmtest.New(key)
	defer srv.Close()
	srv.Chat = echo
	srv.AddFaults(llmtest.Fault{Status: 429}, llmtest.Fault{Status: 429})
	ctx, cancel := context.WithCancel(context.Background())
	c := &llm.Client{BaseURL: srv.BaseURL(), APIKey: key, Retry: llm.RetryPolicy{MaxAttempts: 10, MinWait: time.Hour, MaxWait: time.Hour}}
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err := c.Chat(ctx, llm.ChatRequest{Model: "m", Messages: []llm.Message{{Role: "user", Content: "x"}}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestCompleteLogprobs(t *testing.T) {
	srv := llmtest.New(key)
	defer srv.Close()
	srv.Complete = func(req llmtest.CompletionRequest) (string, map[string]float64, *llmtest.Fault) {
		if req.MaxTokens != 1 || req.Logprobs != 10 {
			return "", nil, &llmtest.Fault{Status: http.StatusBadRequest, Message: "bad params"}
		}
		return " the", map[string]float64{" the": -0.25, " a": -1.5}, nil
	}
	var waits []time.Duration
	res, err := client(srv, &waits).Complete(context.Background(), llm.CompletionRequest{Model: "base", Prompt: "In", MaxTokens: 1, Logprobs: 10})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != " the" || res.TopLogprobs[" a"] != -1.5 || len(res.TopLogprobs) != 2 {
		t.Fatalf("result = %+v", res)
	}
}
