package kaggle

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// DefaultBaseURL is the legacy Kaggle REST API root.
const DefaultBaseURL = "https://www.kaggle.com/api/v1"

// RetryPolicy bounds the retries of one call. Zero fields take the
// defaults shown.
type RetryPolicy struct {
	// MaxAttempts is the number of consecutive failed attempts after which
	// a call gives up (default 6). For downloads, an attempt that received
	// bytes before failing resets the count, since the next one resumes.
	MaxAttempts int
	// BaseDelay is the backoff before the second attempt (default 1s); it
	// doubles with each further failure, up to MaxDelay (default 60s). The
	// actual wait is drawn uniformly from [delay/2, delay).
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// MaxRetryAfter is the longest Retry-After the client will wait for
	// (default 10m); a 429 asking for longer fails at once.
	MaxRetryAfter time.Duration
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 6
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = time.Second
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = time.Minute
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = 10 * time.Minute
	}
	return p
}

// Client calls the legacy Kaggle REST API (see the package documentation).
// The zero value is not usable; fill BaseURL and Creds, or use [New] or
// [NewFromEnv]. A Client is safe for concurrent use once configured.
type Client struct {
	// BaseURL is the API root, e.g. [DefaultBaseURL]; no trailing slash needed.
	BaseURL string
	// HTTPClient performs the requests (nil: a client with a 1-minute
	// response-header timeout). Its CheckRedirect is not used: the Client
	// follows redirects itself so that credentials go only to the API host.
	HTTPClient *http.Client
	// Creds authenticate every API request.
	Creds Credentials
	// Retry bounds retries on 429, 5xx and broken connections.
	Retry RetryPolicy
	// Logger receives retry notices (nil: discarded). Messages never
	// contain credentials or signed URLs.
	Logger *slog.Logger
	// UserAgent is sent with each request (empty: "mlebench-go").
	UserAgent string

	// Sleep waits between attempts (nil: a timer honouring ctx). Tests
	// replace it to run without real delays.
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock used for Retry-After dates (nil: time.Now).
	Now func() time.Time
	// Rand returns a number in [0, 1) for backoff jitter (nil: math/rand/v2).
	Rand func() float64

	// Warnings collected while configuring the client (e.g. a kaggle.json
	// readable by others), for the caller to show.
	Warnings []string
}

// New returns a client for baseURL (empty: [DefaultBaseURL]) with creds.
func New(baseURL string, creds Credentials) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	return &Client{BaseURL: baseURL, Creds: creds}
}

// NewFromEnv resolves credentials with [ResolveCredentials] and the base
// URL from MLEBENCH_KAGGLE_URL (default [DefaultBaseURL]). Credential
// warnings end up in the returned client's Warnings.
func NewFromEnv(env func(string) string, home string) (*Client, error) {
	if env == nil {
		env = func(string) string { return "" }
	}
	creds, warnings, err := ResolveCredentials(env, home)
	if err != nil {
		return nil, err
	}
	base := env(EnvBaseURL)
	if base != "" {
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("kaggle: %s=%q is not an http(s) URL", EnvBaseURL, base)
		}
		if u.User != nil {
			return nil, fmt.Errorf("kaggle: %s must not contain user information", EnvBaseURL)
		}
	}
	c := New(base, creds)
	c.Warnings = warnings
	return c, nil
}

// ---------------------------------------------------------------------------
// Requests

// call describes one API call for error messages and logs.
type call struct {
	op          string // "list competitions", "download all files", …
	competition string
}

func (cl call) String() string {
	if cl.competition == "" {
		return cl.op
	}
	return fmt.Sprintf("%s for competition %q", cl.op, cl.competition)
}

var defaultHTTPClient = &http.Client{Transport: func() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = time.Minute
	return t
}()}

// httpClient returns a copy of the configured client that does not follow
// redirects.
func (c *Client) httpClient() *http.Client {
	base := c.HTTPClient
	if base == nil {
		base = defaultHTTPClient
	}
	hc := *base
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &hc
}

// apiURL builds BaseURL + path (path segments already escaped) + query.
func (c *Client) apiURL(path string, q url.Values) (*url.URL, error) {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u, err := url.Parse(strings.TrimRight(base, "/") + path)
	if err != nil {
		return nil, fmt.Errorf("kaggle: bad base URL %q: %w", base, err)
	}
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	}
	return u, nil
}

func basicAuth(user, key string) string {
	return base64.StdEncoding.EncodeToString([]byte(user + ":" + key))
}

// authorize adds the credentials header.
func (c *Client) authorize(h http.Header) {
	switch {
	case c.Creds.Token != "":
		h.Set("Authorization", "Bearer "+c.Creds.Token)
	case c.Creds.Username != "" || c.Creds.Key != "":
		h.Set("Authorization", "Basic "+basicAuth(c.Creds.Username, c.Creds.Key))
	}
}

// maxRedirects bounds a redirect chain.
const maxRedirects = 10

// send performs one GET of u (no retries), following redirects when follow
// is set (otherwise a redirect counts as success and is returned with its
// body closed). With auth, the Authorization header goes to u's scheme and
// host only (as net/http does across hosts), so signed storage URLs on
// another host never see it. On a
// 2xx it returns the response with its body open; anything else becomes an
// *APIError (body read and closed) or a *TransportError.
func (c *Client) send(ctx context.Context, cl call, u *url.URL, hdr http.Header, follow, auth bool) (*http.Response, error) {
	hc := c.httpClient()
	origin := u.Scheme + "://" + u.Host
	for range maxRedirects + 1 {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, fmt.Errorf("kaggle: %s: building request: %w", cl.op, err)
		}
		for k, v := range hdr {
			req.Header[k] = v
		}
		ua := c.UserAgent
		if ua == "" {
			ua = "mlebench-go"
		}
		req.Header.Set("User-Agent", ua)
		if auth && u.Scheme+"://"+u.Host == origin {
			c.authorize(req.Header)
		}
		resp, err := hc.Do(req)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			return nil, &TransportError{Call: cl.String(), Op: "GET " + displayURL(u), Err: err}
		}
		switch {
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			return resp, nil
		case isRedirect(resp.StatusCode):
			loc := resp.Header.Get("Location")
			drain(resp)
			if !follow {
				return resp, nil
			}
			if loc == "" {
				return nil, &APIError{Status: resp.StatusCode, Message: "redirect without a Location header",
					Op: cl.op, Competition: cl.competition}
			}
			next, err := u.Parse(loc)
			if err != nil {
				return nil, &APIError{Status: resp.StatusCode, Message: "redirect to an unparsable Location",
					Op: cl.op, Competition: cl.competition}
			}
			u = next
			continue
		}
		return nil, c.apiError(cl, resp)
	}
	return nil, fmt.Errorf("kaggle: %s: more than %d redirects", cl.op, maxRedirects)
}

func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// drain discards a little of the body so the connection can be reused,
// then closes it.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// displayURL is u without query, fragment or user information.
func displayURL(u *url.URL) string {
	return u.Host + u.EscapedPath()
}

// maxErrorBody bounds how much of an error response is read.
const maxErrorBody = 64 << 10

// apiError builds the error for a non-2xx response and closes its body.
func (c *Client) apiError(cl call, resp *http.Response) *APIError {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	resp.Body.Close()
	e := &APIError{Status: resp.StatusCode, Op: cl.op, Competition: cl.competition}
	e.Message, e.Reason = parseErrorBody(body, resp.Header.Get("Content-Type"))
	e.Message = c.redact(e.Message)
	e.Reason = c.redact(e.Reason)
	if resp.StatusCode == http.StatusUnauthorized {
		e.CredentialSource = c.Creds.Source
	}
	if ra, ok := parseRetryAfter(resp.Header.Get("Retry-After"), c.now()); ok {
		e.RetryAfter = ra
	}
	return e
}

// parseErrorBody extracts a human message and a machine reason from an
// error body: Kaggle's {"code", "message"}, the newer
// {"status", "reason", "message"} or Google-style {"error": {…}} JSON, or
// a short plain-text body.
func parseErrorBody(body []byte, contentType string) (msg, reason string) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return "", ""
	}
	var v any
	if json.Unmarshal(body, &v) == nil {
		if m, ok := v.(map[string]any); ok {
			if inner, ok := m["error"].(map[string]any); ok {
				m = inner
			} else if s, ok := m["error"].(string); ok && m["message"] == nil {
				msg = s
			}
			if s, ok := m["message"].(string); ok {
				msg = s
			}
		}
		reason = findReason(v)
		if msg == "" && strings.Contains(string(body), "accept this competition") {
			msg = "You must accept this competition's rules"
		}
		return clip(msg), reason
	}
	if strings.HasPrefix(contentType, "text/plain") || contentType == "" {
		line, _, _ := strings.Cut(string(body), "\n")
		return clip(strings.TrimSpace(line)), ""
	}
	if strings.Contains(string(body), "accept this competition") {
		return "You must accept this competition's rules", ""
	}
	return "", ""
}

// findReason looks for a "reason" string anywhere in a decoded JSON value
// (the newer API nests it in error details).
func findReason(v any) string {
	switch t := v.(type) {
	case map[string]any:
		if s, ok := t["reason"].(string); ok && s != "" {
			return s
		}
		for _, x := range t {
			if r := findReason(x); r != "" {
				return r
			}
		}
	case []any:
		for _, x := range t {
			if r := findReason(x); r != "" {
				return r
			}
		}
	}
	return ""
}

func clip(s string) string {
	const max = 500
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > 1<<31 {
			n = 1 << 31
		}
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// ---------------------------------------------------------------------------
// Redaction

const redacted = "[REDACTED]"

// redact removes every credential (and any Authorization header value) from s.
func (c *Client) redact(s string) string {
	for _, sec := range c.Creds.secrets() {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, redacted)
		}
	}
	for _, scheme := range []string{"Basic ", "Bearer "} {
		s = redactAfter(s, scheme)
	}
	return s
}

// redactAfter replaces the token following each occurrence of prefix.
func redactAfter(s, prefix string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, prefix)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+len(prefix)])
		rest := s[i+len(prefix):]
		if strings.HasPrefix(rest, redacted) {
			b.WriteString(redacted)
			s = rest[len(redacted):]
			continue
		}
		j := strings.IndexFunc(rest, func(r rune) bool {
			return r == ' ' || r == '"' || r == '\'' || r == ',' || r == '\n' || r == '\r' || r == '\t' || r == '}' || r == ']'
		})
		if j < 0 {
			j = len(rest)
		}
		if j > 0 {
			b.WriteString(redacted)
		}
		s = rest[j:]
	}
}

// redactedError presents err's text with credentials removed while keeping
// errors.Is / errors.As working on the original chain.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// clean is applied to every error leaving the package.
func (c *Client) clean(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if r := c.redact(msg); r != msg {
		return &redactedError{msg: r, err: err}
	}
	return err
}

// ---------------------------------------------------------------------------
// Retries

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
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

func (c *Client) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.New(slog.DiscardHandler)
}

// backoff returns the wait before attempt failures+1.
func (c *Client) backoff(p RetryPolicy, failures int) time.Duration {
	d := p.BaseDelay
	for i := 1; i < failures && d < p.MaxDelay; i++ {
		d *= 2
	}
	if d > p.MaxDelay {
		d = p.MaxDelay
	}
	r := rand.Float64
	if c.Rand != nil {
		r = c.Rand
	}
	return d/2 + time.Duration(r()*float64(d/2))
}

// retryable classifies an error from one attempt. Retry-After is returned
// when the server asked for a specific wait.
func retryable(err error) (ok bool, retryAfter time.Duration) {
	if errors.Is(err, errRestart) {
		return true, 0
	}
	var ae *APIError
	if errors.As(err, &ae) {
		switch {
		case ae.Status == http.StatusTooManyRequests:
			return true, ae.RetryAfter
		case ae.Status == http.StatusRequestTimeout,
			ae.Status == http.StatusInternalServerError,
			ae.Status == http.StatusBadGateway,
			ae.Status == http.StatusServiceUnavailable,
			ae.Status == http.StatusGatewayTimeout:
			return true, ae.RetryAfter
		}
		return false, 0
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false, 0
	}
	var te *TransportError
	if !errors.As(err, &te) {
		return false, 0
	}
	var (
		unknownCA  x509.UnknownAuthorityError
		hostname   x509.HostnameError
		invalid    x509.CertificateInvalidError
		dnsErr     *net.DNSError
		addrErr    *net.AddrError
		parseErr   *net.ParseError
		invalidURL url.InvalidHostError
	)
	switch {
	case errors.As(err, &unknownCA), errors.As(err, &hostname), errors.As(err, &invalid),
		errors.As(err, &addrErr), errors.As(err, &parseErr), errors.As(err, &invalidURL):
		return false, 0
	case errors.As(err, &dnsErr):
		return dnsErr.IsTimeout || dnsErr.IsTemporary, 0
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, errShortBody):
		return true, 0
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true, 0
	}
	var oe *net.OpError
	return errors.As(err, &oe), 0
}

// errShortBody: the body ended before the announced length.
var errShortBody = errors.New("transfer ended early")

// attemptFunc runs one attempt. progressed reports whether the attempt made
// lasting progress (bytes kept on disk), which resets the failure count.
type attemptFunc func(attempt int) (progressed bool, err error)

// hardAttemptCap guarantees termination even when every attempt progresses.
const hardAttemptCap = 1000

// withRetry runs fn until it succeeds, fails permanently, or MaxAttempts
// consecutive attempts failed without progress.
func (c *Client) withRetry(ctx context.Context, cl call, fn attemptFunc) error {
	p := c.Retry.withDefaults()
	failures := 0
	for attempt := 1; ; attempt++ {
		progressed, err := fn(attempt)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ok, retryAfter := retryable(err)
		if !ok {
			return err
		}
		if progressed {
			failures = 0
		}
		failures++
		if failures >= p.MaxAttempts || attempt >= hardAttemptCap {
			return fmt.Errorf("%w (gave up after %s)", err, plural(attempt, "attempt"))
		}
		if retryAfter > p.MaxRetryAfter {
			return fmt.Errorf("%w (not retried: the server asks to wait %s, more than the %s limit)",
				err, retryAfter, p.MaxRetryAfter)
		}
		wait := c.backoff(p, failures)
		if retryAfter > wait {
			wait = retryAfter
		}
		c.logger().Warn("kaggle: retrying",
			"op", cl.op, "competition", cl.competition,
			"attempt", attempt+1, "wait", wait.String(), "error", c.redact(err.Error()))
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// maxJSONBody bounds a JSON response.
const maxJSONBody = 256 << 20

// getJSON GETs an API path and decodes the JSON body into out, with
// retries. A 200 whose body is an object with an error "code" other than
// 200 is an *APIError, as in the kaggle CLI.
func (c *Client) getJSON(ctx context.Context, cl call, path string, q url.Values, out any) error {
	u, err := c.apiURL(path, q)
	if err != nil {
		return err
	}
	hdr := http.Header{"Accept": {"application/json"}}
	err = c.withRetry(ctx, cl, func(int) (bool, error) {
		resp, err := c.send(ctx, cl, u, hdr, true, true)
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, maxJSONBody+1))
		if err != nil {
			return false, &TransportError{Call: cl.String(), Op: "GET " + displayURL(u), Err: err}
		}
		if len(body) > maxJSONBody {
			return false, fmt.Errorf("kaggle: %s: response larger than %d bytes", cl.op, maxJSONBody)
		}
		if e := embeddedError(body); e != nil {
			e.Op, e.Competition = cl.op, cl.competition
			e.Message = c.redact(e.Message)
			return false, e
		}
		if err := json.Unmarshal(body, out); err != nil {
			return false, fmt.Errorf("kaggle: %s: decoding response: %w", cl.op, err)
		}
		return false, nil
	})
	return c.clean(err)
}

// embeddedError recognises {"code": N, "message": …} with N != 200.
func embeddedError(body []byte) *APIError {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return nil
	}
	var e struct {
		Code    *int   `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || e.Code == nil || *e.Code == 200 || *e.Code < 100 || *e.Code > 599 {
		return nil
	}
	return &APIError{Status: *e.Code, Message: clip(e.Message)}
}
