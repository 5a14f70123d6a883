package kaggle_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustNotExist(t *testing.T, p string) {
	t.Helper()
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s exists (err %v), want it gone", p, err)
	}
}

func TestDownloadAllFiles(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("spaceship-titanic", 300_000)
	dest := filepath.Join(t.TempDir(), "spaceship-titanic", "spaceship-titanic.zip")
	prog := &recProgress{}

	res, err := h.client.DownloadAllFiles(context.Background(), "spaceship-titanic", dest, kaggle.DownloadOptions{Progress: prog})
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, dest); !bytes.Equal(got, want) {
		t.Fatalf("downloaded %d bytes differing from the %d-byte archive", len(got), len(want))
	}
	mustNotExist(t, dest+".part")
	if res.Path != dest || res.Size != int64(len(want)) || res.Skipped || res.Resumed {
		t.Errorf("result = %+v", res)
	}
	st, _ := os.Stat(dest)
	if !st.ModTime().Equal(kaggletest.DefaultLastModified) {
		t.Errorf("mtime = %v, want the remote Last-Modified %v", st.ModTime(), kaggletest.DefaultLastModified)
	}
	if len(prog.starts) != 1 || prog.starts[0] != int64(len(want)) || prog.count != int64(len(want)) || prog.done != 1 || prog.name != "spaceship-titanic.zip" {
		t.Errorf("progress = %+v", prog)
	}
	// The API request carried credentials; the storage one is on the same
	// host here, so it may too, but it must not need them.
	reqs := h.srv.Requests()
	if len(reqs) != 2 || reqs[0].Auth != "basic:"+testUser || !reqs[1].Storage || reqs[1].Status != 200 {
		t.Fatalf("requests = %+v", reqs)
	}

	// Second run: the file is up to date, nothing is rewritten.
	h.srv.ResetRequests()
	res, err = h.client.DownloadAllFiles(context.Background(), "spaceship-titanic", dest, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Skipped || res.Size != int64(len(want)) {
		t.Errorf("second result = %+v, want skipped", res)
	}
	for _, r := range h.srv.Requests() {
		if r.Range != "" {
			t.Errorf("freshness check sent Range %q", r.Range)
		}
	}

	// Forced: transferred again.
	res, err = h.client.DownloadAllFiles(context.Background(), "spaceship-titanic", dest, kaggle.DownloadOptions{Force: true})
	if err != nil || res.Skipped {
		t.Fatalf("forced download: %+v, %v", res, err)
	}

	// A stale local copy (older mtime) is replaced.
	old := kaggletest.DefaultLastModified.Add(-time.Hour)
	if err := os.WriteFile(dest, bytes.Repeat([]byte{'x'}, len(want)), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(dest, old, old)
	res, err = h.client.DownloadAllFiles(context.Background(), "spaceship-titanic", dest, kaggle.DownloadOptions{})
	if err != nil || res.Skipped || !bytes.Equal(readFile(t, dest), want) {
		t.Fatalf("stale copy not replaced: %+v, %v", res, err)
	}
}

// A transfer cut half-way is resumed with a Range request, not restarted.
func TestDownloadResumesAfterDroppedConnection(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("comp", 1_000_000)
	half := len(want) / 2
	h.srv.DropNextTransfer(-1)
	dest := filepath.Join(t.TempDir(), "comp.zip")
	prog := &recProgress{}

	res, err := h.client.DownloadAllFiles(context.Background(), "comp", dest, kaggle.DownloadOptions{Progress: prog})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), want) {
		t.Fatal("resumed file differs from the archive")
	}
	if !res.Resumed {
		t.Error("result not marked as resumed")
	}
	st := h.storageRequests()
	if len(st) != 2 {
		t.Fatalf("storage requests = %+v, want 2", st)
	}
	if st[0].Range != "" || st[0].Status != http.StatusOK || st[0].Bytes != int64(half) {
		t.Errorf("first transfer = %+v, want a plain GET cut after %d bytes", st[0], half)
	}
	if wantRange := fmt.Sprintf("bytes=%d-", half); st[1].Range != wantRange || st[1].Status != http.StatusPartialContent {
		t.Errorf("second transfer = %+v, want Range %q answered 206", st[1], wantRange)
	}
	if st[1].IfRange == "" {
		t.Error("resume did not send If-Range with the validator of the first response")
	}
	if st[1].Bytes != int64(len(want)-half) {
		t.Errorf("second transfer sent %d bytes, want only the missing %d", st[1].Bytes, len(want)-half)
	}
	if len(h.slept()) != 1 {
		t.Errorf("sleeps = %v, want one backoff", h.slept())
	}
	if len(prog.starts) != 2 || prog.count != int64(len(want)) || prog.done != 1 {
		t.Errorf("progress = %+v", prog)
	}
	if log := h.logs.String(); !strings.Contains(log, "retrying") {
		t.Errorf("no retry notice logged: %q", log)
	}
}

// A part file left by an earlier run is resumed.
func TestDownloadResumesExistingPart(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("comp", 200_000)
	dest := filepath.Join(t.TempDir(), "comp.zip")
	if err := os.WriteFile(dest+".part", want[:12345], 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := h.client.DownloadAllFiles(context.Background(), "comp", dest, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), want) || !res.Resumed {
		t.Fatalf("result %+v; bytes equal: %v", res, bytes.Equal(readFile(t, dest), want))
	}
	st := h.storageRequests()
	if len(st) != 1 || st[0].Range != "bytes=12345-" || st[0].Status != 206 {
		t.Fatalf("storage requests = %+v", st)
	}
	mustNotExist(t, dest+".part")
}

// A server that ignores Range (200) makes the client start the part again.
func TestDownloadRestartsCleanlyOn200(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("comp", 100_000)
	h.srv.IgnoreRange(true)
	dest := filepath.Join(t.TempDir(), "comp.zip")
	garbage := bytes.Repeat([]byte("garbage!"), 5000)
	if err := os.WriteFile(dest+".part", garbage, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := h.client.DownloadAllFiles(context.Background(), "comp", dest, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), want) {
		t.Fatal("file differs after a 200 restart")
	}
	if res.Resumed {
		t.Error("marked resumed although the server sent everything")
	}
	st := h.storageRequests()
	if len(st) != 1 || st[0].Range == "" || st[0].Status != 200 {
		t.Fatalf("storage requests = %+v", st)
	}
}

// A part file longer than the remote object gets 416; the client discards it.
func TestDownloadDiscardsOversizedPart(t *testing.T) {
	h := newHarness(t)
	want := h.addComp("comp", 10_000)
	dest := filepath.Join(t.TempDir(), "comp.zip")
	if err := os.WriteFile(dest+".part", make([]byte, len(want)+10), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.DownloadAllFiles(context.Background(), "comp", dest, kaggle.DownloadOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), want) {
		t.Fatal("file differs")
	}
	st := h.storageRequests()
	if len(st) != 2 || st[0].Status != http.StatusRequestedRangeNotSatisfiable || st[1].Range != "" || st[1].Status != 200 {
		t.Fatalf("storage requests = %+v", st)
	}
}

// rawServer serves the API paths and storage itself, for answers the fake
// Kaggle never gives.
func rawServer(t *testing.T, storage http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	mux := http.NewServeMux()
	var srv *httptest.Server
	mux.HandleFunc("/api/v1/competitions/data/download-all/{id}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, srv.URL+"/obj/"+r.PathValue("id")+".zip?sig=s3cr3t", http.StatusFound)
	})
	mux.HandleFunc("/obj/{name}", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		storage(w, r)
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &hits
}

func rawClient(srv *httptest.Server) *kaggle.Client {
	c := kaggle.New(srv.URL+"/api/v1", kaggle.Credentials{Username: testUser, Key: testKey})
	c.HTTPClient = srv.Client()
	c.Sleep = func(ctx context.Context, d time.Duration) error { return ctx.Err() }
	return c
}

// A 206 starting somewhere else than the part's end is not trusted.
func TestDownloadRejectsMismatchedContentRange(t *testing.T) {
	body := randomBytes(5000, 7)
	var ranges []string
	var mu sync.Mutex
	srv, _ := rawServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		ranges = append(ranges, r.Header.Get("Range"))
		mu.Unlock()
		if r.Header.Get("Range") != "" { // wrong: claims to start at 0
			w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/%d", len(body)-1, len(body)))
			w.WriteHeader(http.StatusPartialContent)
			w.Write(body)
			return
		}
		w.Write(body)
	})
	dest := filepath.Join(t.TempDir(), "c.zip")
	os.WriteFile(dest+".part", body[:100], 0o644)
	res, err := rawClient(srv).DownloadAllFiles(context.Background(), "c", dest, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), body) || res.Resumed {
		t.Fatalf("result %+v, bytes equal %v", res, bytes.Equal(readFile(t, dest), body))
	}
	if len(ranges) != 2 || ranges[0] != "bytes=100-" || ranges[1] != "" {
		t.Fatalf("ranges = %q, want a Range then a clean restart", ranges)
	}
}

// A body shorter than its Content-Length never becomes the final file.
func TestDownloadShortBodyIsRetried(t *testing.T) {
	body := randomBytes(4000, 8)
	var n atomic.Int32
	srv, hits := rawServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Content-Length", fmt.Sprint(len(body)))
			w.Write(body[:1000])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}
		w.Header().Set("Content-Range", fmt.Sprintf("bytes 1000-%d/%d", len(body)-1, len(body)))
		w.Header().Set("Content-Length", fmt.Sprint(len(body)-1000))
		w.WriteHeader(206)
		w.Write(body[1000:])
	})
	dest := filepath.Join(t.TempDir(), "c.zip")
	res, err := rawClient(srv).DownloadAllFiles(context.Background(), "c", dest, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, dest), body) || !res.Resumed || hits.Load() != 2 {
		t.Fatalf("result %+v, hits %d", res, hits.Load())
	}
}

// Credentials go to the API host only, never to a storage host.
func TestDownloadDoesNotSendCredentialsToStorageHost(t *testing.T) {
	var storageAuth atomic.Value
	storageAuth.Store("unset")
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		storageAuth.Store(r.Header.Get("Authorization"))
		w.Write([]byte("zipbytes"))
	}))
	defer storage.Close()
	var apiAuth string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		apiAuth = r.Header.Get("Authorization")
		http.Redirect(w, r, strings.Replace(storage.URL, "127.0.0.1", "localhost", 1)+"/bucket/c.zip?sig=x", http.StatusFound)
	}))
	defer api.Close()
	c := kaggle.New(api.URL+"/api/v1", kaggle.Credentials{Username: testUser, Key: testKey})
	dest := filepath.Join(t.TempDir(), "c.zip")
	if _, err := c.DownloadAllFiles(context.Background(), "c", dest, kaggle.DownloadOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(apiAuth, "Basic ") {
		t.Errorf("API request Authorization = %q", apiAuth)
	}
	if got := storageAuth.Load().(string); got != "" {
		t.Errorf("storage received Authorization %q", got)
	}
}

func TestDownloadFile(t *testing.T) {
	h := newHarness(t)
	h.srv.AddCompetition(kaggletest.Competition{ID: "plain", Files: map[string][]byte{
		"sample_submission.csv": []byte("id,y\n1,0\n"), "images/a b.png": []byte("PNG"),
	}})
	h.srv.AddCompetition(kaggletest.Competition{ID: "zipped", ZipSingleFiles: true,
		Files: map[string][]byte{"train.csv": []byte("x\n1\n")}})
	dir := t.TempDir()
	ctx := context.Background()

	res, err := h.client.DownloadFile(ctx, "plain", "sample_submission.csv", dir, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != filepath.Join(dir, "sample_submission.csv") || string(readFile(t, res.Path)) != "id,y\n1,0\n" {
		t.Errorf("plain: %+v", res)
	}

	res, err = h.client.DownloadFile(ctx, "plain", "images/a b.png", dir, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != filepath.Join(dir, "a b.png") || string(readFile(t, res.Path)) != "PNG" {
		t.Errorf("nested: %+v", res)
	}
	reqs := h.srv.Requests()
	var sawEscaped bool
	for _, r := range reqs {
		if strings.HasSuffix(r.RawPath, "/plain/images%2Fa%20b.png") {
			sawEscaped = true
		}
	}
	if !sawEscaped {
		t.Errorf("file name not escaped as one path segment: %+v", reqs)
	}

	res, err = h.client.DownloadFile(ctx, "zipped", "train.csv", dir, kaggle.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != filepath.Join(dir, "train.csv.zip") {
		t.Fatalf("zipped: path %s, want the storage name train.csv.zip", res.Path)
	}
	zr, err := zip.OpenReader(res.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "train.csv" {
		t.Errorf("zipped members = %v", zr.File)
	}

	_, err = h.client.DownloadFile(ctx, "plain", "missing.csv", dir, kaggle.DownloadOptions{})
	if !errors.Is(err, kaggle.ErrNotFound) {
		t.Errorf("missing file: %v, want ErrNotFound", err)
	}
}

func TestDownloadLeaderboard(t *testing.T) {
	h := newHarness(t)
	rows := []kaggletest.LeaderboardEntry{{TeamID: 7, TeamName: "a, b", SubmissionDate: "2020-01-01", Score: "0.9"}}
	h.srv.AddCompetition(kaggletest.Competition{ID: "c", Leaderboard: rows})
	dest := filepath.Join(t.TempDir(), "lb.zip")
	if _, err := h.client.DownloadLeaderboard(context.Background(), "c", dest, kaggle.DownloadOptions{}); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "c-publicleaderboard.csv" {
		t.Fatalf("members %v", zr.File)
	}
	rc, _ := zr.File[0].Open()
	b, _ := io.ReadAll(rc)
	rc.Close()
	if want := "TeamId,TeamName,SubmissionDate,Score\n7,\"a, b\",2020-01-01,0.9\n"; string(b) != want {
		t.Errorf("csv = %q, want %q", b, want)
	}
}

// concurrencyProgress tracks how many downloads are active at once.
type concurrencyProgress struct {
	active, peak *atomic.Int32
	started      bool
}

func (p *concurrencyProgress) Start(string, int64) {
	if p.started {
		return
	}
	p.started = true
	n := p.active.Add(1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			break
		}
	}
	time.Sleep(20 * time.Millisecond) // widen the overlap window
}
func (p *concurrencyProgress) Add(int64) {}
func (p *concurrencyProgress) Done()     { p.active.Add(-1) }

func TestDownloadMany(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	var active, peak atomic.Int32
	var reqs []kaggle.DownloadRequest
	want := map[string][]byte{}
	for i := range 6 {
		id := fmt.Sprintf("comp-%d", i)
		want[id] = h.addComp(id, 20_000+i)
		reqs = append(reqs, kaggle.DownloadRequest{Competition: id, Dest: filepath.Join(dir, id, id+".zip"),
			Options: kaggle.DownloadOptions{Progress: &concurrencyProgress{active: &active, peak: &peak}}})
	}
	results, err := h.client.DownloadMany(context.Background(), reqs, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		id := reqs[i].Competition
		if r.Path != reqs[i].Dest || !bytes.Equal(readFile(t, r.Path), want[id]) {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if p := peak.Load(); p < 1 || p > 2 {
		t.Errorf("peak concurrency %d, want 1..2", p)
	}

	// One failure is reported with its request and stops the rest.
	h.srv.SetRulesAccepted("comp-3", false)
	for i := range reqs {
		reqs[i].Options = kaggle.DownloadOptions{Force: true}
	}
	_, err = h.client.DownloadMany(context.Background(), reqs, 3)
	if !errors.Is(err, kaggle.ErrRulesNotAccepted) || !strings.Contains(err.Error(), "comp-3") {
		t.Errorf("err = %v, want rules error naming comp-3", err)
	}

	_, err = h.client.DownloadMany(context.Background(), append(reqs[:1:1], reqs[0]), 2)
	if err == nil || !strings.Contains(err.Error(), "same") {
		t.Errorf("duplicate requests: %v", err)
	}
}
