package kaggletest

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func get(t *testing.T, s *Server, url string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	c := s.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestServerAuthRedirectAndRanges(t *testing.T) {
	s := New(t)
	s.AddUser("u", "k")
	body := bytes.Repeat([]byte("0123456789"), 100)
	s.AddCompetition(Competition{ID: "c", Archive: body})
	auth := map[string]string{"Authorization": "Basic dTpr"} // u:k

	if resp, _ := get(t, s, s.URL+"/competitions/list", nil); resp.StatusCode != 401 {
		t.Fatalf("no auth: %d", resp.StatusCode)
	}
	if resp, _ := get(t, s, s.URL+"/competitions/list", map[string]string{"Authorization": "Basic dTp4"}); resp.StatusCode != 401 {
		t.Fatalf("wrong key: %d", resp.StatusCode)
	}
	resp, _ := get(t, s, s.URL+"/competitions/data/download-all/c", auth)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc, s.Root+"/storage/") {
		t.Fatalf("download-all: %d %q", resp.StatusCode, loc)
	}
	resp, b := get(t, s, loc, nil)
	if resp.StatusCode != 200 || !bytes.Equal(b, body) || resp.Header.Get("Accept-Ranges") != "bytes" {
		t.Fatalf("storage: %d, %d bytes", resp.StatusCode, len(b))
	}
	tests := []struct {
		rng, ifRange string
		status       int
		want         []byte
		contentRange string
	}{
		{"bytes=990-", "", 206, body[990:], "bytes 990-999/1000"},
		{"bytes=10-19", "", 206, body[10:20], "bytes 10-19/1000"},
		{"bytes=-5", "", 206, body[995:], "bytes 995-999/1000"},
		{"bytes=1000-", "", 416, nil, "bytes */1000"},
		{"bytes=5-", `"stale"`, 200, body, ""},
		{"bytes=5-", resp.Header.Get("ETag"), 206, body[5:], "bytes 5-999/1000"},
		{"bytes=5-", resp.Header.Get("Last-Modified"), 206, body[5:], "bytes 5-999/1000"},
	}
	for _, tt := range tests {
		h := map[string]string{"Range": tt.rng}
		if tt.ifRange != "" {
			h["If-Range"] = tt.ifRange
		}
		r, b := get(t, s, loc, h)
		if r.StatusCode != tt.status || (tt.want != nil && !bytes.Equal(b, tt.want)) || r.Header.Get("Content-Range") != tt.contentRange {
			t.Errorf("%s / %s: %d %q, %d bytes", tt.rng, tt.ifRange, r.StatusCode, r.Header.Get("Content-Range"), len(b))
		}
	}
	// A tampered signature is refused.
	if r, _ := get(t, s, strings.Replace(loc, "Signature=", "Signature=0", 1), nil); r.StatusCode != 403 {
		t.Errorf("bad signature: %d", r.StatusCode)
	}
	// Rules and rate limits.
	s.SetRulesAccepted("c", false)
	if r, b := get(t, s, s.URL+"/competitions/data/download-all/c", auth); r.StatusCode != 403 || !strings.Contains(string(b), "You must accept this competition") {
		t.Errorf("rules: %d %s", r.StatusCode, b)
	}
	s.RateLimit(1, "3")
	if r, _ := get(t, s, s.URL+"/competitions/list", auth); r.StatusCode != 429 || r.Header.Get("Retry-After") != "3" {
		t.Errorf("rate limit: %d", r.StatusCode)
	}
	if r, _ := get(t, s, s.URL+"/competitions/list", auth); r.StatusCode != 200 {
		t.Errorf("after rate limit: %d", r.StatusCode)
	}
	reqs := s.Requests()
	if len(reqs) == 0 || reqs[0].Auth != "" || reqs[2].Auth != "basic:u" || !reqs[3].Storage {
		t.Errorf("recorded %+v", reqs[:4])
	}
}

func TestZipDirIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "b.csv"), []byte("b"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("a"), 0o644)
	z1, err := ZipDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	z2, _ := ZipDir(dir)
	if !bytes.Equal(z1, z2) {
		t.Error("two zips of one dir differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(z1), int64(len(z1)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if strings.Join(names, ",") != "b.csv,sub/a.txt" {
		t.Errorf("members %v", names)
	}
	s := New(t)
	if err := s.AddCompetitionDir("d", dir); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.Archive("d"), z1) {
		t.Error("AddCompetitionDir archive differs from ZipDir")
	}
}
