package dataset

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
)

// kaggleFixture serves the test competition from a fake Kaggle.
type kaggleFixture struct {
	*fixture
	srv    *kaggletest.Server
	client *kaggle.Client
	sleeps []time.Duration
}

func newKaggleFixture(t *testing.T) *kaggleFixture {
	f := newFixture(t)
	srv := kaggletest.New(t)
	srv.AddUser("alice", "s3cret-key")
	if err := srv.AddCompetitionDir(testID, f.rawDir); err != nil {
		t.Fatal(err)
	}
	f.comp.Checksums.Zip = md5hex(string(srv.Archive(testID)))
	kf := &kaggleFixture{fixture: f, srv: srv}
	kf.client = kaggle.New(srv.URL, kaggle.Credentials{Username: "alice", Key: "s3cret-key", Source: "test"})
	kf.client.HTTPClient = srv.Client()
	kf.client.Sleep = func(ctx context.Context, d time.Duration) error {
		kf.sleeps = append(kf.sleeps, d)
		return ctx.Err()
	}
	return kf
}

func (kf *kaggleFixture) service() (*Service, *Kaggle) {
	k := &Kaggle{Client: kf.client}
	s := kf.fixture.service()
	s.Download = k
	return s, k
}

func (kf *kaggleFixture) zipPath() string { return filepath.Join(kf.paths().Root, testID+".zip") }

func (kf *kaggleFixture) storageRequests() []kaggletest.Request {
	var out []kaggletest.Request
	for _, r := range kf.srv.Requests() {
		if r.Storage {
			out = append(out, r)
		}
	}
	return out
}

func TestKagglePreflightDownloadVerifyExtractPrepare(t *testing.T) {
	kf := newKaggleFixture(t)
	s, k := kf.service()
	access, err := k.Preflight(context.Background(), []string{testID})
	if err != nil || len(access) != 1 || !access[0].OK() {
		t.Fatalf("preflight: %+v, %v", access, err)
	}
	if len(kf.storageRequests()) != 0 {
		t.Error("preflight downloaded data")
	}
	rec := newStepRecorder()
	s.Progress = rec
	res, err := s.Prepare(context.Background(), kf.comp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	kf.checkPrepared()
	if res.Zip != kf.zipPath() || !res.Prepared || !res.Verified {
		t.Errorf("result %+v", res)
	}
	if st, err := os.Stat(kf.zipPath()); err != nil || st.Size() != int64(len(kf.srv.Archive(testID))) {
		t.Errorf("downloaded zip: %v", err)
	}
	if rec.steps[0] == "" || rec.added[rec.steps[0]] != int64(len(kf.srv.Archive(testID))) {
		t.Errorf("download progress: steps %v, added %v", rec.steps, rec.added)
	}
	// Authenticated once (list competitions) before downloading.
	reqs := kf.srv.Requests()
	if !strings.HasSuffix(reqs[0].Path, "/competitions/list") {
		t.Errorf("first request %s", reqs[0].Path)
	}
	// Prepared: a second run downloads nothing.
	kf.srv.ResetRequests()
	if _, err := s.Prepare(context.Background(), kf.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := len(kf.storageRequests()); n != 0 {
		t.Errorf("second run made %d storage requests", n)
	}
}

func TestKaggleWrongCredentials(t *testing.T) {
	kf := newKaggleFixture(t)
	kf.client.Creds.Key = "wrong-key"
	s, k := kf.service()
	_, err := k.Preflight(context.Background(), []string{testID})
	var ae *AuthError
	if !errors.As(err, &ae) || !errors.Is(err, kaggle.ErrUnauthorized) {
		t.Fatalf("preflight err = %v", err)
	}
	_, err = s.Prepare(context.Background(), kf.comp, Options{})
	if !errors.As(err, &ae) || !strings.Contains(err.Error(), "Kaggle authentication failed!") {
		t.Fatalf("prepare err = %v", err)
	}
	if strings.Contains(err.Error(), "wrong-key") {
		t.Error("the key leaked into the error")
	}
	kf.checkNotPrepared()
	if _, err := os.Stat(kf.zipPath()); !os.IsNotExist(err) {
		t.Error("zip written without credentials")
	}
}

func TestKaggleRulesNotAccepted(t *testing.T) {
	kf := newKaggleFixture(t)
	kf.srv.SetRulesAccepted(testID, false)
	kf.srv.AddCompetition(kaggletest.Competition{ID: "other-comp", Files: map[string][]byte{"a.csv": []byte("a\n")}})
	s, k := kf.service()
	access, err := k.Preflight(context.Background(), []string{testID, "other-comp", "no-such-comp"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Access{
		{ID: testID, Status: "rules-not-accepted", RulesURL: "https://www.kaggle.com/c/" + testID + "/rules"},
		{ID: "other-comp", Status: "ok"},
		{ID: "no-such-comp", Status: "not-found"},
	}
	for i, w := range want {
		if access[i].ID != w.ID || access[i].Status != w.Status || access[i].RulesURL != w.RulesURL {
			t.Errorf("access[%d] = %+v, want %+v", i, access[i], w)
		}
	}
	_, err = s.Prepare(context.Background(), kf.comp, Options{})
	var re *RulesError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "https://www.kaggle.com/c/"+testID+"/rules") {
		t.Fatalf("err = %v", err)
	}
	kf.checkNotPrepared()
	if len(kf.storageRequests()) != 0 {
		t.Error("data downloaded without accepted rules")
	}
	// Accepting them makes the same command work.
	kf.srv.SetRulesAccepted(testID, true)
	if _, err := s.Prepare(context.Background(), kf.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	kf.checkPrepared()
}

func TestKaggleTransferCutAndResumed(t *testing.T) {
	kf := newKaggleFixture(t)
	kf.srv.DropNextTransfer(-1)
	s, _ := kf.service()
	if _, err := s.Prepare(context.Background(), kf.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	kf.checkPrepared()
	st := kf.storageRequests()
	if len(st) < 2 || st[len(st)-1].Range == "" || !strings.HasPrefix(st[len(st)-1].Range, "bytes=") {
		t.Errorf("no resumed (Range) request: %+v", st)
	}
}

func TestKaggleTransferCutThenRunAgain(t *testing.T) {
	// The process dies after half the transfer: the next prepare resumes
	// the .part file.
	kf := newKaggleFixture(t)
	archive := kf.srv.Archive(testID)
	os.MkdirAll(kf.paths().Root, 0o755)
	half := len(archive) / 2
	if err := os.WriteFile(kf.zipPath()+".part", archive[:half], 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := kf.service()
	if _, err := s.Prepare(context.Background(), kf.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	kf.checkPrepared()
	st := kf.storageRequests()
	if len(st) != 1 || st[0].Range == "" || st[0].Bytes != int64(len(archive)-half) {
		t.Errorf("storage requests %+v; want one resumed transfer of %d bytes", st, len(archive)-half)
	}
}

func TestKaggleCorruptedZip(t *testing.T) {
	kf := newKaggleFixture(t)
	good := kf.srv.Archive(testID)
	bad := append([]byte(nil), good...)
	bad[len(bad)/2] ^= 0xFF
	files := map[string][]byte{}
	for name, content := range testRaw {
		files[name] = []byte(content)
	}
	kf.srv.AddCompetition(kaggletest.Competition{ID: testID, Files: files, Archive: bad})
	s, _ := kf.service()
	_, err := s.Prepare(context.Background(), kf.comp, Options{})
	var ze *ZipChecksumError
	if !errors.As(err, &ze) || ze.Path != kf.zipPath() || !strings.Contains(err.Error(), "Checksum for `"+kf.zipPath()+"`") {
		t.Fatalf("err = %v", err)
	}
	kf.checkNotPrepared()
	if !isEmptyDir(kf.paths().Raw) {
		t.Error("a corrupted zip was extracted")
	}
}

func TestKaggleRateLimited(t *testing.T) {
	kf := newKaggleFixture(t)
	kf.srv.RateLimit(3, "2")
	s, k := kf.service()
	if _, err := k.Preflight(context.Background(), []string{testID}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Prepare(context.Background(), kf.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	kf.checkPrepared()
	n429 := 0
	for _, r := range kf.srv.Requests() {
		if r.Status == 429 {
			n429++
		}
	}
	if n429 != 3 {
		t.Errorf("%d rate-limited requests, want 3", n429)
	}
	waited := false
	for _, d := range kf.sleeps {
		if d >= 2*time.Second {
			waited = true
		}
	}
	if !waited {
		t.Errorf("Retry-After not honoured: sleeps %v", kf.sleeps)
	}
}

func TestKaggleDownloadLeaderboard(t *testing.T) {
	kf := newKaggleFixture(t)
	var lb []kaggletest.LeaderboardEntry
	var scores []float64
	for i := 0; i < 120; i++ {
		text := strconv.FormatFloat(0.99-float64(i)*0.005, 'f', 5, 64)
		lb = append(lb, kaggletest.LeaderboardEntry{TeamID: int64(1000 + i), TeamName: "team, \"quoted\"", SubmissionDate: "2024-01-02T03:04:05Z", Score: text})
		score, _ := strconv.ParseFloat(text, 64)
		scores = append(scores, score)
	}
	kf.srv.AddCompetition(kaggletest.Competition{ID: "lb-comp", Files: map[string][]byte{"a.csv": []byte("a\n")}, Leaderboard: lb})
	kf.srv.AddCompetition(kaggletest.Competition{ID: "empty-lb", Files: map[string][]byte{"a.csv": []byte("a\n")}})
	_, k := kf.service()
	path := LeaderboardPath(kf.data, "lb-comp")
	th, n, err := k.DownloadLeaderboard(context.Background(), "lb-comp", path)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := grade.ThresholdsFromScores(scores)
	if n != 120 || th != want {
		t.Errorf("thresholds %+v (%d teams), want %+v", th, n, want)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 121 || strings.Contains(lines[0], "teamName") || !strings.Contains(lines[0], "score") || !strings.Contains(lines[0], "teamId") {
		t.Errorf("csv header %q, %d lines", lines[0], len(lines))
	}
	if _, _, err := k.DownloadLeaderboard(context.Background(), "empty-lb", LeaderboardPath(kf.data, "empty-lb")); err == nil || !strings.Contains(err.Error(), "Failed to download leaderboard for competition `empty-lb`.") {
		t.Errorf("empty leaderboard: %v", err)
	}
}

func TestKaggleUnreachableUsesLocalZip(t *testing.T) {
	kf := newKaggleFixture(t)
	archive := kf.srv.Archive(testID)
	os.MkdirAll(kf.paths().Root, 0o755)
	if err := os.WriteFile(kf.zipPath(), archive, 0o644); err != nil {
		t.Fatal(err)
	}
	kf.srv.Close()
	kf.client.Retry = kaggle.RetryPolicy{MaxAttempts: 2}
	s, _ := kf.service()
	res, err := s.Prepare(context.Background(), kf.comp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Zip != kf.zipPath() || !res.Verified {
		t.Errorf("result %+v", res)
	}
	kf.checkPrepared()
	// Without a local zip the failure is reported.
	kf2 := newKaggleFixture(t)
	kf2.srv.Close()
	kf2.client.Retry = kaggle.RetryPolicy{MaxAttempts: 2}
	s2, _ := kf2.service()
	if _, err := s2.Prepare(context.Background(), kf2.comp, Options{}); err == nil {
		t.Error("prepared without Kaggle and without a zip")
	}
	kf2.checkNotPrepared()
}

// TestKaggleUnreachableIsANetworkError: a Kaggle that cannot be reached is
// reported as a network problem, not as failed authentication.
func TestKaggleUnreachableIsANetworkError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now: connection refused
	c := kaggle.New("http://"+addr+"/api/v1", kaggle.Credentials{Username: "alice", Key: "k"})
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	k := &Kaggle{Client: c}
	_, err = k.Preflight(context.Background(), []string{testID})
	var ne *NetworkError
	var ae *AuthError
	if !errors.As(err, &ne) || errors.As(err, &ae) || !strings.Contains(err.Error(), "network problem, not your credentials") {
		t.Errorf("Preflight against an unreachable Kaggle: %v", err)
	}
	// Wrong credentials stay an authentication failure.
	f := newKaggleFixture(t)
	f.client.Creds.Key = "wrong"
	_, err = (&Kaggle{Client: f.client}).Preflight(context.Background(), []string{testID})
	if !errors.As(err, &ae) {
		t.Errorf("Preflight with a wrong key: %v", err)
	}
}
