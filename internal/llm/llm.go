// Package llm is a small client for OpenAI-compatible HTTP APIs: chat
// completions (the rule-violation detector) and text completions with
// log-probabilities (the familiarity experiment).
//
// Contract:
//   - Requests go to BaseURL + "/chat/completions" or "/completions" with the
//     key as a Bearer token. The key never appears in an error or a log line.
//   - Connection errors, timeouts, 408, 409, 429 and 5xx answers are retried
//     with exponential back-off between Retry.MinWait and Retry.MaxWait (the
//     original retries these with 2–60 s waits, up to 100 attempts); a
//     Retry-After header lengthens the wait, never past MaxWait.
//   - Every other non-2xx answer is returned at once as an [*APIError];
//     [IsBadRequest] tells a 400 (the original stores its text as the answer).
//   - Token usage of every successful call is returned with its result.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultBaseURL is OpenAI's API, as the original uses.
const DefaultBaseURL = "https://api.openai.com/v1"

// RetryPolicy bounds the retries of transient failures.
type RetryPolicy struct {
	MaxAttempts int           // total attempts, ≥ 1
	MinWait     time.Duration // first wait
	MaxWait     time.Duration // cap of every wait
}

// OriginalRetry is the original's policy: up to 100 attempts, waits growing
// exponentially from 2 s to at most 60 s.
var OriginalRetry = RetryPolicy{MaxAttempts: 100, MinWait: 2 * time.Second, MaxWait: 60 * time.Second}

// Client calls one OpenAI-compatible endpoint. The zero value is not usable:
// set at least BaseURL.
type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client // nil: a client with a 10-minute timeout
	Retry   RetryPolicy  // zero: OriginalRetry
	// Sleep waits between attempts; nil sleeps on a timer (tests inject a
	// recorder).
	Sleep func(ctx context.Context, d time.Duration) error
	// OnRetry, if set, is told about each retried failure.
	OnRetry func(attempt int, wait time.Duration, err error)
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Usage is the token count the API reports for a call.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// Add sums usages.
func (u Usage) Add(o Usage) Usage {
	return Usage{u.PromptTokens + o.PromptTokens, u.CompletionTokens + o.CompletionTokens, u.TotalTokens + o.TotalTokens}
}

// ChatRequest is a chat-completions request.
type ChatRequest struct {
	Model       string    `json:"model"`
	Messages    []Message `json:"messages"`
	Temperature *float64  `json:"temperature,omitempty"`
}

// ChatResult is the first choice's text and the call's usage.
type ChatResult struct {
	Content string
	Usage   Usage
}

// CompletionRequest is a text-completions request asking for the top
// log-probabilities of each generated token.
type CompletionRequest struct {
	Model       string   `json:"model"`
	Prompt      string   `json:"prompt"`
	MaxTokens   int      `json:"max_tokens"`
	Logprobs    int      `json:"logprobs"`
	Temperature *float64 `json:"temperature,omitempty"`
}

// CompletionResult holds, for the first generated token, the top tokens and
// their log-probabilities.
type CompletionResult struct {
	Text        string
	TopLogprobs map[string]float64
	Usage       Usage
}

// APIError is a non-2xx answer.
type APIError struct {
	Status  int
	Type    string
	Code    string
	Message string
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "API error %d", e.Status)
	if e.Type != "" {
		fmt.Fprintf(&b, " (%s)", e.Type)
	}
	if e.Message != "" {
		fmt.Fprintf(&b, ": %s", e.Message)
	}
	return b.String()
}

// IsBadRequest reports whether err is a 400 answer.
func IsBadRequest(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Status == http.StatusBadRequest
}

// IsAuth reports whether err is a 401 or 403 answer (a wrong or missing key).
func IsAuth(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden)
}

func retryable(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusConflict ||
		status == http.StatusTooManyRequests || status >= 500
}

// Chat sends a chat-completions request.
func (c *Client) Chat(ctx context.Context, req ChatRequest) (ChatResult, error) {
	var resp struct {
		Choices []struct {
			Message Message `json:"message"`
		} `json:"choices"`
		Usage Usage `json:"usage"`
	}
	if err := c.post(ctx, "/chat/completions", req, &resp); err != nil {
		return ChatResult{}, err
	}
	if len(resp.Choices) == 0 {
		return ChatResult{}, errors.New("chat completion: the answer has no choices")
	}
	return ChatResult{Content: resp.Choices[0].Message.Content, Usage: resp.Usage}, nil
}

// Complete sends a text-completions request.
func (c *Client) Complete(ctx context.Context, req CompletionRequest) (CompletionResult, error) {
	var resp struct {
		Choices []struct {
			Text     string `json:"text"`
			Logprobs *struct {
				TopLogprobs []map[string]float64 `json:"top_logprobs"`
			} `json:"logprobs"`
		} `json:"choices"`
		Usage Usage `json:"usage"`
	}
	if err := c.post(ctx, "/completions", req, &resp); err != nil {
		return CompletionResult{}, err
	}
	if len(resp.Choices) == 0 {
		return CompletionResult{}, errors.New("completion: the answer has no choices")
	}
	ch := resp.Choices[0]
	out := CompletionResult{Text: ch.Text, Usage: resp.Usage, TopLogprobs: map[string]float64{}}
	if ch.Logprobs != nil && len(ch.Logprobs.TopLogprobs) > 0 {
		out.TopLogprobs = ch.Logprobs.TopLogprobs[0]
	}
	return out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encoding request: %w", err)
	}
	pol := c.Retry
	if pol.MaxAttempts <= 0 {
		pol = OriginalRetry
	}
	url := strings.TrimRight(c.BaseURL, "/") + path
	var lastErr error
	for attempt := 1; ; attempt++ {
		retryAfter, err := c.once(ctx, url, payload, out)
		if err == nil {
			return nil
		}
		var ae *APIError
		if errors.As(err, &ae) && !retryable(ae.Status) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		lastErr = err
		if attempt >= pol.MaxAttempts {
			return fmt.Errorf("giving up after %d attempts: %w", attempt, lastErr)
		}
		wait := backoff(pol, attempt)
		if retryAfter > wait {
			wait = min(retryAfter, pol.MaxWait)
		}
		if c.OnRetry != nil {
			c.OnRetry(attempt, wait, err)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// backoff is MinWait·2^(attempt−1), capped at MaxWait.
func backoff(p RetryPolicy, attempt int) time.Duration {
	w := p.MinWait
	for i := 1; i < attempt && w < p.MaxWait; i++ {
		w *= 2
	}
	return min(w, p.MaxWait)
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// once makes one attempt; it returns the server's Retry-After, if any.
func (c *Client) once(ctx context.Context, url string, payload []byte, out any) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(payload))
	if err != nil {
		return 0, fmt.Errorf("building request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Minute}
	}
	resp, err := hc.Do(req)
	if err != nil {
		// net/http errors name the URL, never the headers: no key leaks.
		return 0, fmt.Errorf("calling the API: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return 0, fmt.Errorf("reading the API's answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		ae := &APIError{Status: resp.StatusCode}
		var env struct {
			Error struct {
				Message string `json:"message"`
				Type    string `json:"type"`
				Code    any    `json:"code"`
			} `json:"error"`
		}
		if json.Unmarshal(body, &env) == nil && env.Error.Message != "" {
			ae.Message, ae.Type = env.Error.Message, env.Error.Type
			if env.Error.Code != nil {
				ae.Code = fmt.Sprint(env.Error.Code)
			}
		} else {
			ae.Message = strings.TrimSpace(string(body))
			if len(ae.Message) > 500 {
				ae.Message = ae.Message[:500] + "…"
			}
		}
		ae.Message = redact(ae.Message, c.APIKey)
		var ra time.Duration
		if s := resp.Header.Get("Retry-After"); s != "" {
			if secs, err := strconv.ParseFloat(s, 64); err == nil && secs > 0 {
				ra = time.Duration(secs * float64(time.Second))
			}
		}
		return ra, ae
	}
	if err := json.Unmarshal(body, out); err != nil {
		return 0, fmt.Errorf("decoding the API's answer: %w", err)
	}
	return 0, nil
}

// redact removes the key from a server-provided message (servers sometimes
// echo a malformed key back).
func redact(s, key string) string {
	if key == "" {
		return s
	}
	s = strings.ReplaceAll(s, key, "[redacted]")
	if len(key) > 8 {
		s = strings.ReplaceAll(s, key[len(key)-8:], "[redacted]")
	}
	return s
}
