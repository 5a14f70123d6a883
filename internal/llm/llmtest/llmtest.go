// Package llmtest runs a local HTTP server that speaks the OpenAI API's
// chat-completions and completions endpoints, for tests of the programs that
// call an LLM: it checks the Bearer key, answers with the API's JSON shapes
// (choices, usage, logprobs, error envelopes) and injects the failures real
// services produce (429 storms with Retry-After, 5xx, 400, dropped
// connections).
package llmtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// ChatRequest is what the server decoded from a chat-completions call.
type ChatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Temperature *float64 `json:"temperature"`
}

// CompletionRequest is what the server decoded from a completions call.
type CompletionRequest struct {
	Model     string `json:"model"`
	Prompt    string `json:"prompt"`
	MaxTokens int    `json:"max_tokens"`
	Logprobs  int    `json:"logprobs"`
}

// Fault is an injected failure: an HTTP status with an error envelope, or
// (Status 0, Drop true) a connection closed without an answer.
type Fault struct {
	Status     int
	Message    string
	RetryAfter string // Retry-After header value, if any
	Drop       bool
}

// Server is a running test server. Configure the fields before the first
// request; they are read under the server's lock.
type Server struct {
	*httptest.Server
	Key string // expected Bearer key; "" accepts any

	mu sync.Mutex
	// Chat answers a chat request: the assistant's text, or a fault.
	Chat func(req ChatRequest) (string, *Fault)
	// Complete answers a completion request: the generated token and the top
	// log-probabilities, or a fault.
	Complete func(req CompletionRequest) (string, map[string]float64, *Fault)
	// Faults are served first, one per request, before any handler runs.
	Faults []Fault

	chats       []ChatRequest
	completions []CompletionRequest
	calls       int
}

// New starts a server expecting key.
func New(key string) *Server {
	s := &Server{Key: key}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// CompletionRequests returns the completion requests answered successfully.
func (s *Server) CompletionRequests() []CompletionRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CompletionRequest(nil), s.completions...)
}

// BaseURL is the API root (what a client takes as its base URL).
func (s *Server) BaseURL() string { return s.Server.URL + "/v1" }

// AddFaults queues failures served before the next answers.
func (s *Server) AddFaults(f ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Faults = append(s.Faults, f...)
}

// Calls is the number of requests received (faults included).
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// ChatRequests returns the chat requests answered successfully, in order.
func (s *Server) ChatRequests() []ChatRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ChatRequest(nil), s.chats...)
}

func writeErr(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "code": nil}})
}

// tokens approximates a token count as the API reports it.
func tokens(s string) int { return (len(s) + 3) / 4 }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls++
	var fault *Fault
	if len(s.Faults) > 0 {
		f := s.Faults[0]
		s.Faults = s.Faults[1:]
		fault = &f
	}
	chat, complete := s.Chat, s.Complete
	s.mu.Unlock()

	if r.Method != http.MethodPost {
		writeErr(w, http.StatusMethodNotAllowed, "invalid_request_error", "method not allowed")
		return
	}
	if s.Key != "" && r.Header.Get("Authorization") != "Bearer "+s.Key {
		writeErr(w, http.StatusUnauthorized, "invalid_request_error", "Incorrect API key provided.")
		return
	}
	if fault != nil && s.fail(w, *fault) {
		return
	}
	switch {
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		var req ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model == "" || len(req.Messages) == 0 {
			writeErr(w, http.StatusBadRequest, "invalid_request_error", "malformed chat request")
			return
		}
		if chat == nil {
			writeErr(w, http.StatusNotFound, "invalid_request_error", "no chat model")
			return
		}
		text, f := chat(req)
		if f != nil && s.fail(w, *f) {
			return
		}
		s.mu.Lock()
		s.chats = append(s.chats, req)
		s.mu.Unlock()
		prompt := 0
		for _, m := range req.Messages {
			prompt += tokens(m.Content)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": text}}},
			"usage": map[string]any{"prompt_tokens": prompt, "completion_tokens": tokens(text), "total_tokens": prompt + tokens(text)},
		})
	case strings.HasSuffix(r.URL.Path, "/completions"):
		var req CompletionRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model == "" {
			writeErr(w, http.StatusBadRequest, "invalid_request_error", "malformed completion request")
			return
		}
		if complete == nil {
			writeErr(w, http.StatusNotFound, "invalid_request_error", "no completion model")
			return
		}
		text, top, f := complete(req)
		if f != nil && s.fail(w, *f) {
			return
		}
		s.mu.Lock()
		s.completions = append(s.completions, req)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "cmpl-test", "object": "text_completion", "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "text": text, "finish_reason": "length",
				"logprobs": map[string]any{"tokens": []string{text}, "top_logprobs": []any{top}}}},
			"usage": map[string]any{"prompt_tokens": tokens(req.Prompt), "completion_tokens": 1, "total_tokens": tokens(req.Prompt) + 1},
		})
	default:
		writeErr(w, http.StatusNotFound, "invalid_request_error", "unknown endpoint "+r.URL.Path)
	}
}

// fail serves f; it reports whether an answer was written.
func (s *Server) fail(w http.ResponseWriter, f Fault) bool {
	if f.Drop {
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
				return true
			}
		}
		writeErr(w, http.StatusBadGateway, "server_error", "connection dropped")
		return true
	}
	if f.Status == 0 {
		return false
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	typ := "server_error"
	switch {
	case f.Status == http.StatusTooManyRequests:
		typ = "rate_limit_error"
	case f.Status < 500:
		typ = "invalid_request_error"
	}
	msg := f.Message
	if msg == "" {
		msg = http.StatusText(f.Status)
	}
	writeErr(w, f.Status, typ, msg)
	return true
}
