package server_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/server"
)

// streamUpload returns a multipart body whose "file" part is header
// followed by repeat × n, generated while it is read (the test itself
// holds none of it).
func streamUpload(header string, repeat []byte, n int) (io.Reader, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		w, err := mw.CreateFormFile("file", "submission.csv")
		if err == nil {
			_, err = io.WriteString(w, header)
		}
		chunk := bytes.Repeat(repeat, max(1, (64<<10)/len(repeat)))
		per := len(chunk) / len(repeat)
		for left := n; err == nil && left > 0; left -= per {
			if left < per {
				chunk = chunk[:left*len(repeat)]
			}
			_, err = w.Write(chunk)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	return pr, mw.FormDataContentType()
}

// heapPeak samples the heap (live and not yet collected objects) every
// few milliseconds until stop is closed and returns the largest value.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-stop:
				out <- peak
				return
			case <-tick.C:
			}
		}
	}()
	return out
}

// TestAttackEmptyCellsMemory: 100 MiB of empty CSV cells (one wide line,
// or many lines of separators) must not drive the server's heap up: the
// upload is answered invalid while it streams, once it has far more cells
// or lines than the answers. Before the shape limits the wide upload took
// several GiB.
func TestAttackEmptyCellsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 2 × 100 MiB")
	}
	cat := testCatalog(t)
	data := prepared(t, cat)
	tmp := t.TempDir()
	srv := server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, TempDir: tmp})
	const size = 100 << 20
	for _, tc := range []struct {
		name   string
		header string
		repeat []byte
	}{
		{"one wide line", "PassengerId,Transported\n", []byte(",")},
		{"many lines", "PassengerId,Transported\n", []byte(",\n")},
		{"quoted cells", "PassengerId,Transported\n", []byte(`"",`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runtime.GC()
			stop := make(chan struct{})
			peakc := heapPeak(stop)
			body, ctype := streamUpload(tc.header, tc.repeat, size/len(tc.repeat))
			r := httptest.NewRequest("POST", "/validate", body)
			r.Header.Set("Content-Type", ctype)
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			io.Copy(io.Discard, body) // let the generator finish
			close(stop)
			peak := <-peakc
			t.Logf("peak heap %.1f MiB; answer %d %s", float64(peak)/(1<<20), w.Code, strings.TrimSpace(w.Body.String()))
			if w.Code != 200 || !strings.Contains(w.Body.String(), "Submission invalid!") {
				t.Errorf("answer %d %q, want an invalid verdict", w.Code, w.Body.String())
			}
			if peak > 64<<20 {
				t.Errorf("peak heap %d MiB for a 100 MiB upload of empty cells", peak>>20)
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("%d upload dirs left behind", len(left))
			}
		})
	}
}

// TestShapeLimitsKeepLegitimateSubmissions: a valid submission, one with a
// few extra rows or columns, quoted cells with separators and line breaks
// and CRLF line ends are all read and graded as before.
func TestShapeLimitsKeepLegitimateSubmissions(t *testing.T) {
	cat := testCatalog(t)
	data := prepared(t, cat)
	srv := server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data})
	for _, tc := range []struct{ name, body, want string }{
		{"valid", validSub, "Submission is valid."},
		{"crlf", strings.ReplaceAll(validSub, "\n", "\r\n"), "Submission is valid."},
		{"more rows", validSub + strings.Repeat("9999_01,True\n", 50), "Submission has 53 rows, expected 3."},
		{"quoted", "PassengerId,Transported\n\"0001_01\",\"a,\nb\"\n", "Submission has 1 rows, expected 3."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, ctype := upload(t, "file", "s.csv", []byte(tc.body))
			r := httptest.NewRequest("POST", "/validate", body)
			r.Header.Set("Content-Type", ctype)
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != 200 || !strings.Contains(w.Body.String(), tc.want) {
				t.Errorf("answer %d %q, want %q", w.Code, w.Body.String(), tc.want)
			}
		})
	}
}

// TestAttackConcurrentUploadsHeldOpen: uploads held open take the
// server's slots (and disk); beyond the slots and the waiting places a
// request is turned away with 429 before its body is read, so at most
// MaxConcurrent upload files exist at once. Before the limiter every
// upload was accepted and written.
func TestAttackConcurrentUploadsHeldOpen(t *testing.T) {
	cat := testCatalog(t)
	data := prepared(t, cat)
	tmp := t.TempDir()
	lim := server.NewLimiter(2, 1, 300*time.Millisecond)
	ts := httptest.NewServer(server.New(server.Options{Catalog: cat, CompetitionID: compID, DataDir: data, TempDir: tmp, Limiter: lim}))
	defer ts.Close()

	const held = 4
	var writers []*io.PipeWriter
	var wg sync.WaitGroup
	var busy, other atomic.Int32
	var bodies sync.Map
	for i := 0; i < held; i++ {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		mw := multipart.NewWriter(pw)
		req, _ := http.NewRequest("POST", ts.URL+"/validate", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				other.Add(1)
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			bodies.Store(i, string(b))
			if resp.StatusCode == http.StatusTooManyRequests {
				busy.Add(1)
				pr.CloseWithError(io.ErrClosedPipe)
			} else {
				other.Add(1)
			}
		}(i)
		go func() {
			// A request already turned away closes its pipe, and
			// then the part cannot even be started.
			w, err := mw.CreateFormFile("file", "s.csv")
			if err != nil {
				return
			}
			w.Write([]byte("PassengerId,Transported\n"))
			w.Write(bytes.Repeat([]byte("0001_01,True\n"), 1000))
			// ...and hold the upload open.
		}()
	}
	time.Sleep(time.Second)
	dirs, _ := filepath.Glob(filepath.Join(tmp, "*"))
	if len(dirs) > 2 {
		t.Errorf("%d uploads are being written at once, want at most 2", len(dirs))
	}
	for _, pw := range writers {
		pw.CloseWithError(io.ErrUnexpectedEOF)
	}
	wg.Wait()
	if busy.Load() != held-2 {
		bodies.Range(func(k, v any) bool { t.Logf("request %v: %s", k, v); return true })
		t.Errorf("%d requests turned away, want %d", busy.Load(), held-2)
	}
	bodies.Range(func(k, v any) bool {
		if s := v.(string); strings.Contains(s, "Too Many") && !strings.Contains(s, "at most 2 uploads at a time") {
			t.Errorf("429 body lacks the explanation: %s", s)
		}
		return true
	})
	// The handlers of the broken uploads finish just after their clients.
	deadline := time.Now().Add(5 * time.Second)
	for {
		left, _ := os.ReadDir(tmp)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%d upload dirs left behind", len(left))
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
}
