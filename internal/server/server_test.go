package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/server"
	"github.com/mlebench/mlebench/internal/table"
)

const compID = "spaceship-titanic"

// fakeGrade accepts a submission with the answers' columns, row count and
// ids; it scores accuracy of the second column.
func fakeGrade(sub, ans *table.Table) (competition.Score, error) {
	if strings.Join(sub.Names(), ",") != strings.Join(ans.Names(), ",") {
		return competition.Score{}, competition.Invalid("Submission columns %v do not match %v.", sub.Names(), ans.Names())
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	ids := map[string]bool{}
	for i := 0; i < ans.Len(); i++ {
		ids[ans.Columns()[0].Str(i)] = true
	}
	hits := 0
	for i := 0; i < sub.Len(); i++ {
		if !ids[sub.Columns()[0].Str(i)] {
			return competition.Score{}, competition.Invalid("Unknown id %s.", sub.Columns()[0].Str(i))
		}
		if sub.Columns()[1].Str(i) == ans.Columns()[1].Str(i) {
			hits++
		}
	}
	return competition.Float(float64(hits) / float64(sub.Len())), nil
}

func testCatalog(t testing.TB) *competition.Catalog {
	cat, err := competition.NewCatalog([]*competition.Impl{{
		ID:      compID,
		Prepare: func(context.Context, competition.Dirs) error { return nil },
		Grade:   fakeGrade,
	}})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

const answers = "PassengerId,Transported\n0001_01,True\n0002_01,False\n0003_01,True\n"
const validSub = "PassengerId,Transported\n0001_01,False\n0002_01,False\n0003_01,False\n"
const invalidSub = "PassengerId,Transported\n0001_01,False\n"

func prepared(t testing.TB, cat *competition.Catalog) string {
	dir := t.TempDir()
	comp, _ := cat.Lookup(compID)
	p := comp.PathsIn(dir)
	for _, d := range []string{p.Public, p.Private} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(p.Answers, []byte(answers), 0o644)
	os.WriteFile(p.SampleSubmission, []byte(validSub), 0o644)
	return dir
}

func upload(t testing.TB, field, filename string, data []byte) (*bytes.Buffer, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	var w io.Writer
	var err error
	if filename == "" {
		w, err = mw.CreateFormField(field)
	} else {
		w, err = mw.CreateFormFile(field, filename)
	}
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	mw.Close()
	return &body, mw.FormDataContentType()
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRoutes(t *testing.T) {
	cat := testCatalog(t)
	data := prepared(t, cat)
	var audit syncBuffer
	srv := server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, MaxUploadBytes: 1024, Audit: &audit})

	big := bytes.Repeat([]byte("x"), 4096)
	type req struct {
		method, path string
		body         func() (io.Reader, string)
	}
	multi := func(field, filename, content string) func() (io.Reader, string) {
		return func() (io.Reader, string) { return upload(t, field, filename, []byte(content)) }
	}
	tests := []struct {
		name       string
		srv        http.Handler
		req        req
		wantStatus int
		wantBody   string // exact, when set
		wantType   string
		contains   string
	}{
		{"health", srv, req{"GET", "/health", nil}, 200, "{\"status\":\"running\"}\n", "application/json", ""},
		{"valid", srv, req{"POST", "/validate", multi("file", "mine.txt", validSub)}, 200, "{\"result\":\"Submission is valid.\"}\n", "application/json", ""},
		{"invalid", srv, req{"POST", "/validate", multi("file", "s.csv", invalidSub)}, 200,
			"{\"result\":\"Submission invalid! The attempt to grade the submission has resulted in the following error message:\\nSubmission has 1 rows, expected 3.\"}\n", "application/json", ""},
		{"empty file is invalid, not an error", srv, req{"POST", "/validate", multi("file", "s.csv", "")}, 200, "", "application/json", "Submission invalid!"},
		{"empty filename still a file", srv, req{"POST", "/validate", func() (io.Reader, string) {
			var b bytes.Buffer
			mw := multipart.NewWriter(&b)
			h := make(map[string][]string)
			h["Content-Disposition"] = []string{`form-data; name="file"; filename=""`}
			w, _ := mw.CreatePart(h)
			w.Write([]byte(validSub))
			mw.Close()
			return &b, mw.FormDataContentType()
		}}, 200, "{\"result\":\"Submission is valid.\"}\n", "", ""},
		{"missing file field", srv, req{"POST", "/validate", multi("other", "s.csv", validSub)}, 400, "", "text/html; charset=utf-8", "400 Bad Request"},
		{"file as plain form field", srv, req{"POST", "/validate", multi("file", "", validSub)}, 400, "", "text/html; charset=utf-8", ""},
		{"not multipart", srv, req{"POST", "/validate", func() (io.Reader, string) { return strings.NewReader(validSub), "text/csv" }}, 400, "", "", ""},
		{"oversized", srv, req{"POST", "/validate", func() (io.Reader, string) { return upload(t, "file", "s.csv", big) }}, 413, "", "application/json", `"error":"Request Entity Too Large"`},
		{"oversized, streamed without a length", srv, req{"POST", "/validate", func() (io.Reader, string) {
			b, ct := upload(t, "file", "s.csv", big)
			return io.MultiReader(b), ct
		}}, 413, "", "application/json", `"error":"Request Entity Too Large"`},
		{"get validate", srv, req{"GET", "/validate", nil}, 405, "", "text/html; charset=utf-8", ""},
		{"post health", srv, req{"POST", "/health", nil}, 405, "", "", ""},
		{"unknown path", srv, req{"GET", "/score", nil}, 404, "", "text/html; charset=utf-8", ""},
		{"unknown competition", server.New(server.Options{Catalog: cat, CompetitionID: "nope", DataDir: data}),
			req{"POST", "/validate", multi("file", "s.csv", validSub)}, 500, "", "application/json", `{"details":"unknown competition: \"nope\"","error":"An unexpected error occurred."}`},
		{"not prepared", server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: t.TempDir()}),
			req{"POST", "/validate", multi("file", "s.csv", validSub)}, 500,
			"{\"details\":\"Dataset for competition `spaceship-titanic` is not prepared! Please run `mlebench prepare -c spaceship-titanic` to prepare the dataset.\",\"error\":\"An unexpected error occurred.\"}\n", "", ""},
		{"panic becomes 500", server.New(server.Options{CompetitionID: compID, DataDir: data}),
			req{"POST", "/validate", multi("file", "s.csv", validSub)}, 500, "", "application/json", `"error":"An unexpected error occurred."`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader
			ctype := ""
			if tc.req.body != nil {
				body, ctype = tc.req.body()
			}
			r := httptest.NewRequest(tc.req.method, tc.req.path, body)
			if ctype != "" {
				r.Header.Set("Content-Type", ctype)
			}
			w := httptest.NewRecorder()
			tc.srv.ServeHTTP(w, r)
			if w.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d; body %q", w.Code, tc.wantStatus, w.Body.String())
			}
			if tc.wantBody != "" && w.Body.String() != tc.wantBody {
				t.Errorf("body\n%q\nwant\n%q", w.Body.String(), tc.wantBody)
			}
			if tc.contains != "" && !strings.Contains(w.Body.String(), tc.contains) {
				t.Errorf("body %q does not contain %q", w.Body.String(), tc.contains)
			}
			if tc.wantType != "" && w.Header().Get("Content-Type") != tc.wantType {
				t.Errorf("content type %q, want %q", w.Header().Get("Content-Type"), tc.wantType)
			}
			if strings.Contains(w.Body.String(), "score") {
				t.Errorf("body mentions a score: %q", w.Body.String())
			}
		})
	}

	// The audit log has one line per /validate request to srv, with the
	// upload's hash and the verdict, and never a score.
	lines := strings.Split(strings.TrimSpace(audit.String()), "\n")
	verdicts := map[string]int{}
	sum := sha256.Sum256([]byte(validSub))
	sawValidHash := false
	for _, l := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("audit line %q: %v", l, err)
		}
		verdicts[rec["verdict"].(string)]++
		if rec["verdict"] == "valid" && rec["sha256"] == hex.EncodeToString(sum[:]) && rec["size"] == float64(len(validSub)) {
			sawValidHash = true
		}
		if _, ok := rec["score"]; ok {
			t.Errorf("audit line has a score: %s", l)
		}
	}
	want := map[string]int{"valid": 2, "invalid": 2, "bad_request": 3, "too_large": 2}
	if fmt.Sprint(verdicts) != fmt.Sprint(want) {
		t.Errorf("audit verdicts %v, want %v\n%s", verdicts, want, audit.String())
	}
	if !sawValidHash {
		t.Errorf("no audit line with the valid upload's sha256 and size:\n%s", audit.String())
	}
}

// TestLoad sends 50 concurrent /validate requests (valid, invalid and
// oversized uploads) over real HTTP and checks every answer; it logs the
// p50/p99 latency.
func TestLoad(t *testing.T) {
	cat := testCatalog(t)
	data := prepared(t, cat)
	var audit syncBuffer
	uploads := t.TempDir()
	const n = 50
	srv := server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, MaxUploadBytes: 64 << 10, Audit: &audit, TempDir: uploads,
		Limiter: server.NewLimiter(n, 0, 0)})
	ts := httptest.NewServer(srv)
	defer ts.Close()

	big := bytes.Repeat([]byte("PassengerId,Transported\n"), 8<<10) // ~190 KiB
	type result struct {
		kind    int
		status  int
		body    string
		latency time.Duration
		err     error
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			kind := i % 3
			content := []byte(validSub)
			switch kind {
			case 1:
				content = []byte(invalidSub)
			case 2:
				content = big
			}
			body, ctype := upload(t, "file", "submission.csv", content)
			<-start
			t0 := time.Now()
			resp, err := http.Post(ts.URL+"/validate", ctype, body)
			r := result{kind: kind, err: err}
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				r.status, r.body = resp.StatusCode, string(b)
			}
			r.latency = time.Since(t0)
			results[i] = r
		}(i)
	}
	close(start)
	wg.Wait()

	var lat []time.Duration
	for i, r := range results {
		if r.err != nil {
			t.Errorf("request %d (kind %d): %v", i, r.kind, r.err)
			continue
		}
		lat = append(lat, r.latency)
		switch r.kind {
		case 0:
			if r.status != 200 || r.body != "{\"result\":\"Submission is valid.\"}\n" {
				t.Errorf("valid request %d: %d %q", i, r.status, r.body)
			}
		case 1:
			if r.status != 200 || !strings.Contains(r.body, "Submission has 1 rows, expected 3.") {
				t.Errorf("invalid request %d: %d %q", i, r.status, r.body)
			}
		case 2:
			if r.status != 413 {
				t.Errorf("oversized request %d: %d %q", i, r.status, r.body)
			}
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1)+0.5)] }
		t.Logf("50 concurrent /validate calls: p50 %v, p99 %v, max %v", p(0.50), p(0.99), lat[len(lat)-1])
	}
	if got := strings.Count(audit.String(), "\n"); got != n {
		t.Errorf("audit log has %d lines, want %d", got, n)
	}
	// Every upload went to its own file: nothing is left behind.
	if left, _ := os.ReadDir(uploads); len(left) != 0 {
		t.Errorf("%d upload dirs left behind", len(left))
	}
}

// BenchmarkValidate measures one valid /validate round trip over HTTP with
// the given parallelism (-cpu / RunParallel).
func BenchmarkValidate(b *testing.B) {
	cat := testCatalog(b)
	data := prepared(b, cat)
	ts := httptest.NewServer(server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, Limiter: server.NewLimiter(64, 64, 0)}))
	defer ts.Close()
	body, ctype := upload(b, "file", "submission.csv", []byte(validSub))
	payload := body.Bytes()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := http.Post(ts.URL+"/validate", ctype, bytes.NewReader(payload))
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Fatal(resp.Status)
			}
		}
	})
}

// BenchmarkValidateBurst50 sends bursts of 50 simultaneous valid /validate
// requests and reports the p99 latency of a request within a burst.
func BenchmarkValidateBurst50(b *testing.B) {
	cat := testCatalog(b)
	data := prepared(b, cat)
	ts := httptest.NewServer(server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, Limiter: server.NewLimiter(64, 64, 0)}))
	defer ts.Close()
	body, ctype := upload(b, "file", "submission.csv", []byte(validSub))
	payload := body.Bytes()
	var lat []time.Duration
	var mu sync.Mutex
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for j := 0; j < 50; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t0 := time.Now()
				resp, err := http.Post(ts.URL+"/validate", ctype, bytes.NewReader(payload))
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				lat = append(lat, time.Since(t0))
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	}
}
