package kaggle_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

func TestCheckAuth(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	if err := h.client.CheckAuth(context.Background()); err != nil {
		t.Fatalf("basic auth: %v", err)
	}
	reqs := h.srv.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/api/v1/competitions/list" || reqs[0].Auth != "basic:"+testUser || !reqs[0].Authorized {
		t.Fatalf("requests = %+v", reqs)
	}

	h.client.Creds = kaggle.Credentials{Token: testToken}
	if err := h.client.CheckAuth(context.Background()); err != nil {
		t.Fatalf("token auth: %v", err)
	}
	if r := h.srv.Requests()[1]; r.Auth != "bearer" || !r.Authorized {
		t.Fatalf("token request = %+v", r)
	}

	h.client.Creds = kaggle.Credentials{}
	err := h.client.CheckAuth(context.Background())
	if !errors.Is(err, kaggle.ErrNoCredentials) || len(h.srv.Requests()) != 2 {
		t.Fatalf("no credentials: %v (requests %d)", err, len(h.srv.Requests()))
	}
}

// Wrong credentials: a clear message, no retries.
func TestWrongCredentials(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	h.client.Creds = kaggle.Credentials{Username: testUser, Key: "wrong-key", Source: "/home/u/.kaggle/kaggle.json"}
	ctx := context.Background()
	calls := map[string]func() error{
		"CheckAuth": func() error { return h.client.CheckAuth(ctx) },
		"DownloadAllFiles": func() error {
			_, err := h.client.DownloadAllFiles(ctx, "c", filepath.Join(t.TempDir(), "c.zip"), kaggle.DownloadOptions{})
			return err
		},
		"CompetitionAccess": func() error { return h.client.CompetitionAccess(ctx, "c") },
		"LeaderboardView":   func() error { _, err := h.client.LeaderboardView(ctx, "c"); return err },
	}
	for name, f := range calls {
		t.Run(name, func(t *testing.T) {
			h.srv.ResetRequests()
			err := f()
			if !errors.Is(err, kaggle.ErrUnauthorized) {
				t.Fatalf("err = %v, want ErrUnauthorized", err)
			}
			var ae *kaggle.APIError
			if !errors.As(err, &ae) || ae.Status != 401 {
				t.Fatalf("err = %#v, want *APIError 401", err)
			}
			for _, want := range []string{"authentication failed", "KAGGLE_USERNAME", "KAGGLE_KEY", "kaggle.json", "/home/u/.kaggle/kaggle.json"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message %q lacks %q", err, want)
				}
			}
			if n := len(h.srv.Requests()); n != 1 {
				t.Errorf("%d requests, want 1 (no retries)", n)
			}
		})
	}
	if len(h.slept()) != 0 {
		t.Errorf("slept %v on 401", h.slept())
	}
}

// Rules not accepted: ErrRulesNotAccepted with the rules URL, found without
// downloading.
func TestRulesNotAccepted(t *testing.T) {
	h := newHarness(t)
	h.srv.AddCompetition(kaggletest.Competition{ID: "denoising-dirty-documents", RulesNotAccepted: true,
		Files: map[string][]byte{"a.csv": []byte("a\n")}})
	ctx := context.Background()
	const rulesURL = "https://www.kaggle.com/c/denoising-dirty-documents/rules"

	err := h.client.CompetitionAccess(ctx, "denoising-dirty-documents")
	if !errors.Is(err, kaggle.ErrRulesNotAccepted) || !strings.Contains(err.Error(), rulesURL) {
		t.Fatalf("access: %v", err)
	}
	var ae *kaggle.APIError
	if !errors.As(err, &ae) || ae.Competition != "denoising-dirty-documents" || ae.Status != 403 {
		t.Fatalf("access error = %#v", err)
	}
	dest := filepath.Join(t.TempDir(), "d.zip")
	_, err = h.client.DownloadAllFiles(ctx, "denoising-dirty-documents", dest, kaggle.DownloadOptions{})
	if !errors.Is(err, kaggle.ErrRulesNotAccepted) || !strings.Contains(err.Error(), rulesURL) {
		t.Fatalf("download: %v", err)
	}
	if errors.Is(err, kaggle.ErrUnauthorized) || errors.Is(err, kaggle.ErrNotFound) {
		t.Error("rules error matches other sentinels")
	}
	mustNotExist(t, dest)
	mustNotExist(t, dest+".part")
	// Listing files works anyway (which is why access is probed on download).
	files, err := h.client.ListDataFiles(ctx, "denoising-dirty-documents")
	if err != nil || len(files) != 1 {
		t.Fatalf("list files: %v %v", files, err)
	}
	if len(h.slept()) != 0 {
		t.Errorf("slept %v on 403", h.slept())
	}

	h.srv.SetRulesAccepted("denoising-dirty-documents", true)
	h.srv.ResetRequests()
	if err := h.client.CompetitionAccess(ctx, "denoising-dirty-documents"); err != nil {
		t.Fatalf("access after accepting: %v", err)
	}
	if st := h.storageRequests(); len(st) != 0 {
		t.Errorf("access probe touched storage: %+v", st)
	}
}

func TestRulesNotAcceptedNewAPIBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(403)
		fmt.Fprint(w, `{"error":{"code":403,"message":"Permission denied","status":"PERMISSION_DENIED",`+
			`"details":[{"reason":"RulesAcceptanceRequired","metadata":{"url":"/competitions/x/rules"}}]}}`)
	}))
	defer srv.Close()
	err := rawClient(srv).CompetitionAccess(context.Background(), "x")
	if !errors.Is(err, kaggle.ErrRulesNotAccepted) || !strings.Contains(err.Error(), "https://www.kaggle.com/c/x/rules") {
		t.Fatalf("err = %v", err)
	}
}

func TestNotFound(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	_, err := h.client.DownloadAllFiles(ctx, "nope", filepath.Join(t.TempDir(), "n.zip"), kaggle.DownloadOptions{})
	if !errors.Is(err, kaggle.ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("err = %v", err)
	}
	if err := h.client.CompetitionAccess(ctx, "nope"); !errors.Is(err, kaggle.ErrNotFound) {
		t.Fatalf("access err = %v", err)
	}
	if _, err := h.client.PullKernel(ctx, "someone/missing"); !errors.Is(err, kaggle.ErrNotFound) {
		t.Fatalf("pull err = %v", err)
	}
	if len(h.srv.Requests()) != 3 || len(h.slept()) != 0 {
		t.Errorf("404 was retried: %d requests, sleeps %v", len(h.srv.Requests()), h.slept())
	}
}

// Rate limiting: the client backs off, honours Retry-After and succeeds.
func TestRateLimitBackoff(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("c", 50_000)
	h.srv.RateLimit(3, "7")
	dest := filepath.Join(t.TempDir(), "c.zip")
	if _, err := h.client.DownloadAllFiles(context.Background(), "c", dest, kaggle.DownloadOptions{}); err != nil {
		t.Fatal(err)
	}
	if string(readFile(t, dest)) != string(want) {
		t.Fatal("bytes differ")
	}
	sl := h.slept()
	if len(sl) != 3 {
		t.Fatalf("sleeps = %v, want 3", sl)
	}
	for _, d := range sl {
		if d < 7*time.Second {
			t.Errorf("slept %v, less than Retry-After 7s", d)
		}
	}
	var n429 int
	for _, r := range h.srv.Requests() {
		if r.Status == 429 {
			n429++
		}
	}
	if n429 != 3 {
		t.Errorf("%d 429 answers, want 3", n429)
	}
}

// Without Retry-After the waits grow exponentially with jitter.
func TestBackoffSchedule(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	h.srv.RateLimit(4, "")
	if err := h.client.CheckAuth(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Rand = 0.5: wait = d/2 + 0.5*d/2 = 0.75 d, d = 1s, 2s, 4s, 8s.
	want := []time.Duration{750 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second, 6 * time.Second}
	if got := h.slept(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
	// MaxDelay caps the growth.
	h.mu.Lock()
	h.sleeps = nil
	h.mu.Unlock()
	h.client.Retry = kaggle.RetryPolicy{MaxAttempts: 10, BaseDelay: time.Second, MaxDelay: 3 * time.Second}
	h.srv.RateLimit(5, "")
	if err := h.client.CheckAuth(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, d := range h.slept() {
		if d > 3*time.Second {
			t.Errorf("wait %v above MaxDelay", d)
		}
	}
}

func TestRetryAfterHTTPDate(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	now := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	h.client.Now = func() time.Time { return now }
	h.srv.RateLimit(1, now.Add(42*time.Second).Format(http.TimeFormat))
	if err := h.client.CheckAuth(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := h.slept(); len(got) != 1 || got[0] != 42*time.Second {
		t.Errorf("sleeps = %v, want [42s]", got)
	}
}

func TestRateLimitGivesUp(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	h.client.Retry.MaxAttempts = 4
	h.srv.RateLimit(100, "1")
	err := h.client.CheckAuth(context.Background())
	var ae *kaggle.APIError
	if !errors.As(err, &ae) || ae.Status != 429 || !strings.Contains(err.Error(), "gave up after 4 attempts") {
		t.Fatalf("err = %v", err)
	}
	if n := len(h.srv.Requests()); n != 4 {
		t.Errorf("%d requests, want 4", n)
	}

	// A Retry-After beyond MaxRetryAfter fails at once.
	h.srv.ResetRequests()
	h.srv.RateLimit(100, "86400")
	err = h.client.CheckAuth(context.Background())
	if err == nil || !strings.Contains(err.Error(), "asks to wait 24h0m0s") || len(h.srv.Requests()) != 1 {
		t.Fatalf("err = %v after %d requests", err, len(h.srv.Requests()))
	}
}

// 5xx answers are retried, on API calls and downloads alike.
func TestServerErrorRetry(t *testing.T) {
	for _, status := range []int{500, 502, 503, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			h := newHarness(t)
			want := h.addComp("c", 30_000)
			h.srv.FailNext(2, status)
			dest := filepath.Join(t.TempDir(), "c.zip")
			if _, err := h.client.DownloadAllFiles(context.Background(), "c", dest, kaggle.DownloadOptions{}); err != nil {
				t.Fatal(err)
			}
			if string(readFile(t, dest)) != string(want) || len(h.slept()) != 2 {
				t.Fatalf("sleeps %v", h.slept())
			}
			h.srv.FailNext(1, status)
			if _, err := h.client.LeaderboardView(context.Background(), "c"); err != nil {
				t.Fatal(err)
			}
		})
	}
	h := newHarness(t)
	h.addComp("c", 10)
	h.srv.FailNext(100, 500)
	err := h.client.CheckAuth(context.Background())
	if err == nil || !strings.Contains(err.Error(), "HTTP 500") || len(h.srv.Requests()) != 6 {
		t.Fatalf("err = %v after %d requests (default MaxAttempts 6)", err, len(h.srv.Requests()))
	}
	// Non-retryable statuses are not retried.
	h.srv.ResetRequests()
	h.srv.FailNext(1, 400)
	if err := h.client.CheckAuth(context.Background()); err == nil || len(h.srv.Requests()) != 1 {
		t.Fatalf("400: %v after %d requests", err, len(h.srv.Requests()))
	}
}

func TestConnectionRefusedIsRetried(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	var sleeps int
	c := kaggle.New("http://"+addr+"/api/v1", kaggle.Credentials{Username: testUser, Key: testKey})
	c.Sleep = func(ctx context.Context, d time.Duration) error { sleeps++; return nil }
	c.Retry.MaxAttempts = 3
	err = c.CheckAuth(context.Background())
	var te *kaggle.TransportError
	if !errors.As(err, &te) || sleeps != 2 {
		t.Fatalf("err = %v, sleeps %d", err, sleeps)
	}
	if !strings.Contains(err.Error(), addr) {
		t.Errorf("message %q does not name the host", err)
	}
}

func TestContextCancelStopsRetrying(t *testing.T) {
	h := newHarness(t)
	h.addComp("c", 10)
	h.srv.RateLimit(100, "1")
	ctx, cancel := context.WithCancel(context.Background())
	h.client.Sleep = func(ctx context.Context, d time.Duration) error { cancel(); return ctx.Err() }
	err := h.client.CheckAuth(ctx)
	if !errors.Is(err, context.Canceled) || len(h.srv.Requests()) != 1 {
		t.Fatalf("err = %v after %d requests", err, len(h.srv.Requests()))
	}
	// The real sleeper honours cancellation too.
	h.client.Sleep = nil
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = h.client.CheckAuth(ctx)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("err = %v after %v", err, time.Since(start))
	}
}

// A 200 whose body carries an error code is an error, as in the kaggle CLI.
func TestEmbeddedErrorCode(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"code":404,"message":"Competition not found"}`)
	}))
	defer srv.Close()
	_, err := rawClient(srv).LeaderboardView(context.Background(), "x")
	if !errors.Is(err, kaggle.ErrNotFound) || !strings.Contains(err.Error(), "Competition not found") {
		t.Fatalf("err = %v", err)
	}
}

func TestListDataFilesPaging(t *testing.T) {
	h := newHarness(t)
	files := map[string][]byte{}
	for i := range 45 {
		files[fmt.Sprintf("f%02d.csv", i)] = []byte(strings.Repeat("x", i))
	}
	h.srv.AddCompetition(kaggletest.Competition{ID: "c", Files: files})
	got, err := h.client.ListDataFiles(context.Background(), "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 45 || got[0].Name != "f00.csv" || got[44].Name != "f44.csv" || got[44].TotalBytes != 44 {
		t.Fatalf("got %d files: first %+v last %+v", len(got), got[0], got[len(got)-1])
	}
	var pages int
	for _, r := range h.srv.Requests() {
		if strings.HasPrefix(r.Path, "/api/v1/competitions/data/list/") {
			pages++
		}
	}
	if pages != 3 {
		t.Errorf("%d page requests, want 3", pages)
	}
}

func TestLeaderboardView(t *testing.T) {
	h := newHarness(t)
	h.srv.AddCompetition(kaggletest.Competition{ID: "c", Leaderboard: []kaggletest.LeaderboardEntry{
		{TeamID: 1, TeamName: "best", SubmissionDate: "2020-01-02T00:00:00Z", Score: "0.99"},
		{TeamID: 2, TeamName: "second", SubmissionDate: "2020-01-03T00:00:00Z", Score: "0.95"},
	}})
	raw := `[{"scoreNullable":0.5,"teamId":9,"hasTeamName":true,"teamName":"t","teamNameNullable":"t","submissionDate":"2021-01-01","score":"0.50000","hasScore":true}]`
	h.srv.AddCompetition(kaggletest.Competition{ID: "raw", LeaderboardJSON: json.RawMessage(raw)})

	lb, err := h.client.LeaderboardView(context.Background(), "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(lb) != 2 || lb[0].TeamID != 1 || lb[0].TeamName != "best" || lb[0].Score != "0.99" || lb[1].SubmissionDate != "2020-01-03T00:00:00Z" {
		t.Fatalf("lb = %+v", lb)
	}

	lb, err = h.client.LeaderboardView(context.Background(), "raw")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range lb[0].Fields {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); got != "scoreNullable,teamId,hasTeamName,teamName,teamNameNullable,submissionDate,score,hasScore" {
		t.Errorf("field order = %s", got)
	}
	if lb[0].TeamID != 9 || lb[0].Score != "0.50000" || string(lb[0].Fields[0].Value) != "0.5" {
		t.Errorf("entry = %+v", lb[0])
	}
}

func TestKernels(t *testing.T) {
	h := newHarness(t)
	h.srv.AddKernel(kaggletest.Kernel{Ref: "ann/low", Title: "Low", Competition: "c", TotalVotes: 1, Source: "print(1)", KernelType: "script"})
	h.srv.AddKernel(kaggletest.Kernel{Ref: "bob/high", Title: "High", Competition: "c", TotalVotes: 50, Source: `{"cells":[]}`})
	h.srv.AddKernel(kaggletest.Kernel{Ref: "cid/mid", Title: "Mid", Competition: "c", TotalVotes: 10})
	h.srv.AddKernel(kaggletest.Kernel{Ref: "dan/other", Title: "Other", Competition: "d", TotalVotes: 99})
	ctx := context.Background()

	ks, err := h.client.ListKernels(ctx, kaggle.KernelListOptions{Competition: "c", SortBy: "voteCount", PageSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 || ks[0].Ref != "bob/high" || ks[1].Ref != "cid/mid" || ks[0].TotalVotes != 50 || ks[0].Author != "bob" {
		t.Fatalf("kernels = %+v", ks)
	}
	q := h.srv.Requests()[0].Query
	if q.Get("competition") != "c" || q.Get("sortBy") != "voteCount" || q.Get("pageSize") != "2" || q.Get("page") != "1" || q.Has("search") {
		t.Errorf("query = %v", q)
	}

	k, err := h.client.PullKernel(ctx, "bob/high")
	if err != nil {
		t.Fatal(err)
	}
	if k.Source != `{"cells":[]}` || k.KernelType != "notebook" || k.FileName() != "high.ipynb" || len(k.Metadata) == 0 {
		t.Errorf("kernel = %+v, file %s", k, k.FileName())
	}
	k, err = h.client.PullKernel(ctx, "ann/low")
	if err != nil || k.FileName() != "low.py" || k.Source != "print(1)" {
		t.Errorf("script kernel = %+v, %v", k, err)
	}
	if _, err := h.client.PullKernel(ctx, "no-slash"); err == nil {
		t.Error("bad ref accepted")
	}
}

func TestKernelFileName(t *testing.T) {
	tests := []struct{ lang, typ, want string }{
		{"python", "notebook", "s.ipynb"},
		{"python", "script", "s.py"},
		{"r", "script", "s.R"},
		{"r", "notebook", "s.irnb"},
		{"rmarkdown", "script", "s.Rmd"},
		{"sqlite", "script", "s.sql"},
		{"julia", "script", "s.jl"},
		{"julia", "notebook", "s.ipynb"},
	}
	for _, tt := range tests {
		k := kaggle.Kernel{Language: tt.lang, KernelType: tt.typ, Slug: "s"}
		if got := k.FileName(); got != tt.want {
			t.Errorf("%s/%s: %s, want %s", tt.lang, tt.typ, got, tt.want)
		}
	}
	if got := (&kaggle.Kernel{Slug: "../x", KernelType: "script"}).FileName(); got != "kernel.py" {
		t.Errorf("unsafe slug gave %q", got)
	}
}

func TestInvalidIDs(t *testing.T) {
	c := kaggle.New("http://127.0.0.1:1/api/v1", kaggle.Credentials{Username: "u", Key: "k"})
	ctx := context.Background()
	for _, id := range []string{"", "..", "a/b", "a?b"} {
		if err := c.CompetitionAccess(ctx, id); err == nil {
			t.Errorf("id %q accepted", id)
		}
		if _, err := c.DownloadAllFiles(ctx, id, "x.zip", kaggle.DownloadOptions{}); err == nil {
			t.Errorf("id %q accepted for download", id)
		}
	}
}
