// Package server is the validation server agents call from inside their
// sandbox (environment-and-agents.md §1.4): `GET /health` and
// `POST /validate` with the submission in the multipart field "file". It
// answers whether a submission is valid with the original's messages
// (grade.Validate, harness.md §4.8) and never reveals a score.
//
// Compatibility with the original's Flask server: same routes, status
// codes, JSON bodies (compact, keys sorted, ASCII-escaped, trailing
// newline), 400 for a request without a "file" upload, 404/405 for other
// paths/methods (HTML bodies, as Flask's defaults), 500 with
// {"details": ..., "error": "An unexpected error occurred."} for any error
// (unprepared data, unknown competition, a panic).
//
// Departures, all in the direction of safety: every upload is written to
// its own temporary file (the original reuses one fixed path, so concurrent
// requests race), removed as soon as the request is answered; uploads above
// a size limit get 413 with a JSON body; each request is appended to an
// audit log (time, size, SHA-256 of the upload, verdict — never a score).
//
// Bounded resources whatever the upload: at most MaxConcurrent uploads are
// read and checked at once (a few more wait for a slot, others get 429 at
// once, before their body is read); while an upload streams to its
// temporary file its records and cells are counted, and one with more than
// twice the records or cells of the larger of the answers and the sample
// submission (plus a margin, see shapeLimits) is answered invalid at that
// point, before anything is parsed. Memory therefore grows with the
// competition's legitimate submission size and the upload's bytes (capped),
// never with a flood of empty cells; disk with MaxConcurrent × the cap.
package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// DefaultMaxUploadBytes is the default upload limit (1 GiB): about four
// times the largest legitimate submission of the catalog,
// h-and-m-personalized-fashion-recommendations' sample submission (every
// one of ~1.37M customers with 12 article ids, about 258 MB).
const DefaultMaxUploadBytes int64 = 1 << 30

// Defaults of the upload concurrency limits.
const (
	DefaultMaxConcurrent = 2
	DefaultMaxQueued     = 4
	DefaultQueueWait     = 30 * time.Second
	// DefaultUploadTimeout bounds the time to receive one upload, so a
	// client that trickles its body cannot hold a slot for ever.
	DefaultUploadTimeout = 10 * time.Minute
)

// Options configure a [Server].
type Options struct {
	Catalog       *competition.Catalog
	CompetitionID string
	DataDir       string // the data root; answers resolve below it
	// Fixes are the opt-in departures from the original (feature.Set).
	Fixes map[string]bool
	// MaxUploadBytes limits the request body; <= 0 means DefaultMaxUploadBytes.
	MaxUploadBytes int64
	// TempDir holds the per-request upload files; "" means os.TempDir().
	TempDir string
	// Limiter caps concurrent uploads; nil means a limiter of this server's
	// own with the defaults. Share one across servers of a process to cap
	// them together.
	Limiter *Limiter
	// UploadTimeout bounds receiving one upload; <= 0 means
	// DefaultUploadTimeout.
	UploadTimeout time.Duration
	// Audit receives one JSON line per /validate request; nil discards.
	Audit io.Writer
	// Log receives errors; nil discards.
	Log *slog.Logger
	// Now stamps audit lines; nil means time.Now.
	Now func() time.Time
}

// Server is the validation HTTP handler.
type Server struct {
	opt     Options
	mux     *http.ServeMux
	auditMu sync.Mutex

	shapeMu sync.Mutex
	shape   *shapeLimits
}

// Limiter admits at most n uploads at once and lets at most q more wait
// (each up to a deadline) for a slot; the rest are turned away.
type Limiter struct {
	slots   chan struct{}
	waiting chan struct{}
	wait    time.Duration
}

// NewLimiter returns a limiter of n concurrent uploads with q waiting at
// most wait each (n < 1 means 1; q < 0 means 0; wait <= 0 means
// DefaultQueueWait).
func NewLimiter(n, q int, wait time.Duration) *Limiter {
	if n < 1 {
		n = 1
	}
	if q < 0 {
		q = 0
	}
	if wait <= 0 {
		wait = DefaultQueueWait
	}
	return &Limiter{slots: make(chan struct{}, n), waiting: make(chan struct{}, q), wait: wait}
}

// acquire takes a slot, waiting if a waiting place is free; it returns a
// release function, or nil when the server is full.
func (l *Limiter) acquire(r *http.Request) func() {
	release := func() { <-l.slots }
	select {
	case l.slots <- struct{}{}:
		return release
	default:
	}
	select {
	case l.waiting <- struct{}{}:
	default:
		return nil
	}
	defer func() { <-l.waiting }()
	t := time.NewTimer(l.wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return release
	case <-t.C:
		return nil
	case <-r.Context().Done():
		return nil
	}
}

// New returns the handler. An unknown competition or unprepared data is not
// an error here: as in the original, each /validate request then answers 500.
func New(opt Options) *Server {
	if opt.MaxUploadBytes <= 0 {
		opt.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Limiter == nil {
		opt.Limiter = NewLimiter(DefaultMaxConcurrent, DefaultMaxQueued, DefaultQueueWait)
	}
	if opt.UploadTimeout <= 0 {
		opt.UploadTimeout = DefaultUploadTimeout
	}
	s := &Server{opt: opt, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /health", s.health)
	s.mux.HandleFunc("POST /validate", s.validate)
	s.mux.HandleFunc("/health", methodNotAllowed("GET, HEAD, OPTIONS"))
	s.mux.HandleFunc("/validate", methodNotAllowed("OPTIONS, POST"))
	s.mux.HandleFunc("/", notFound)
	return s
}

// ServeHTTP implements http.Handler. A panic anywhere below becomes a 500
// JSON answer; this is the only recover() of the server.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.opt.Log.Error("validation server panic", "panic", v, "stack", string(debug.Stack()))
			writeJSON(w, http.StatusInternalServerError, pyjson.Object{
				{Key: "details", Value: fmt.Sprint(v)},
				{Key: "error", Value: "An unexpected error occurred."},
			})
		}
	}()
	s.mux.ServeHTTP(w, r)
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, pyjson.Object{{Key: "status", Value: "running"}})
}

// AuditRecord is one line of the audit log.
type AuditRecord struct {
	Time    time.Time
	Remote  string
	Size    int64
	SHA256  string
	Status  int
	Verdict string // "valid", "invalid", "error", "too_large", "bad_request", "busy"
}

func (s *Server) audit(rec AuditRecord) {
	if s.opt.Audit == nil {
		return
	}
	b, _ := pyjson.Marshal(pyjson.Object{
		{Key: "time", Value: rec.Time.UTC().Format(time.RFC3339Nano)},
		{Key: "competition_id", Value: s.opt.CompetitionID},
		{Key: "remote", Value: rec.Remote},
		{Key: "size", Value: rec.Size},
		{Key: "sha256", Value: rec.SHA256},
		{Key: "status", Value: rec.Status},
		{Key: "verdict", Value: rec.Verdict},
	}, pyjson.Options{Compact: true})
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	s.opt.Audit.Write(append(b, '\n'))
}

func (s *Server) validate(w http.ResponseWriter, r *http.Request) {
	rec := AuditRecord{Time: s.opt.Now(), Remote: r.RemoteAddr}
	defer func() { s.audit(rec) }()
	tooLarge := func() {
		rec.Status, rec.Verdict = http.StatusRequestEntityTooLarge, "too_large"
		w.Header().Set("Connection", "close")
		writeJSON(w, rec.Status, pyjson.Object{
			{Key: "details", Value: fmt.Sprintf("The upload is larger than the server's limit of %d bytes.", s.opt.MaxUploadBytes)},
			{Key: "error", Value: "Request Entity Too Large"},
		})
	}
	if r.ContentLength > s.opt.MaxUploadBytes {
		tooLarge()
		return
	}
	release := s.opt.Limiter.acquire(r)
	if release == nil {
		rec.Status, rec.Verdict = http.StatusTooManyRequests, "busy"
		w.Header().Set("Retry-After", "5")
		w.Header().Set("Connection", "close")
		writeJSON(w, rec.Status, pyjson.Object{
			{Key: "details", Value: fmt.Sprintf("The validation server checks at most %d uploads at a time and all slots are taken; send the submission again when an earlier request has been answered.", cap(s.opt.Limiter.slots))},
			{Key: "error", Value: "Too Many Requests"},
		})
		return
	}
	defer release()
	// Best effort: a recorder (tests) has no connection deadline.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.opt.UploadTimeout))
	r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxUploadBytes)

	comp, err := s.opt.Catalog.Lookup(s.opt.CompetitionID)
	if err != nil {
		rec.Status, rec.Verdict = http.StatusInternalServerError, "error"
		s.internalError(w, err)
		return
	}
	var counter *shapeCounter
	if lim, err := s.shapeLimits(comp); err == nil {
		counter = newShapeCounter(lim.Records, lim.Cells)
	}

	dir, err := os.MkdirTemp(s.opt.TempDir, "mlebench-validate-")
	if err != nil {
		rec.Status, rec.Verdict = http.StatusInternalServerError, "error"
		s.internalError(w, fmt.Errorf("creating upload dir: %w", err))
		return
	}
	defer os.RemoveAll(dir)
	// The original saves to a .csv path, so "not a CSV" never fires.
	path := filepath.Join(dir, "submission_to_validate.csv")
	size, sum, found, err := saveUpload(r, path, counter)
	rec.Size, rec.SHA256 = size, sum
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		tooLarge()
		return
	case errors.Is(err, errShape):
		os.RemoveAll(dir)
		rec.Status, rec.Verdict = http.StatusOK, "invalid"
		w.Header().Set("Connection", "close")
		writeJSON(w, http.StatusOK, pyjson.Object{{Key: "result", Value: fmt.Sprintf(
			"Submission invalid! The submission has more than %d lines or more than %d cells, far more than the answers or the sample submission; the validation server stopped reading it there.",
			counter.MaxRecords, counter.MaxCells)}})
		// Let the client finish sending (without storing or parsing any of
		// it; the size cap still applies), or closing on it would reset the
		// connection before it reads the answer.
		http.NewResponseController(w).Flush()
		io.Copy(io.Discard, r.Body)
		return
	case err != nil || !found:
		rec.Status, rec.Verdict = http.StatusBadRequest, "bad_request"
		badRequest(w)
		return
	}

	valid, msg, err := grade.Validate(comp, s.opt.DataDir, path, s.opt.Fixes)
	if err != nil {
		rec.Status, rec.Verdict = http.StatusInternalServerError, "error"
		s.internalError(w, err)
		return
	}
	rec.Status, rec.Verdict = http.StatusOK, "invalid"
	if valid {
		rec.Verdict = "valid"
	}
	writeJSON(w, http.StatusOK, pyjson.Object{{Key: "result", Value: msg}})
}

// saveUpload streams the multipart part named "file" that carries a
// filename (Flask's request.files) to path, returning its size and SHA-256.
// found is false when the request has no such part (or is not multipart).
//
// When counter is not nil the upload is also counted by it, and saving
// stops with errShape as soon as it exceeds the counter's limits.
func saveUpload(r *http.Request, path string, counter *shapeCounter) (size int64, sum string, found bool, err error) {
	mr, err := r.MultipartReader()
	if err != nil {
		// Not multipart: no files, which is the original's 400, unless the
		// body was too large.
		var mbe *http.MaxBytesError
		if _, cerr := io.Copy(io.Discard, r.Body); errors.As(cerr, &mbe) {
			return 0, "", false, cerr
		}
		return 0, "", false, nil
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return size, sum, found, nil
		}
		if err != nil {
			return size, sum, found, err
		}
		_, params, _ := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		_, hasFilename := params["filename"]
		if found || part.FormName() != "file" || !hasFilename {
			if _, err := io.Copy(io.Discard, part); err != nil {
				return size, sum, found, err
			}
			continue
		}
		f, err := os.Create(path)
		if err != nil {
			return 0, "", false, err
		}
		h := sha256.New()
		dst := io.MultiWriter(f, h)
		if counter != nil {
			dst = io.MultiWriter(counter, f, h)
		}
		n, err := io.Copy(dst, part)
		if err == nil && counter != nil {
			err = counter.Close()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return n, "", false, err
		}
		size, sum, found = n, hex.EncodeToString(h.Sum(nil)), true
	}
}

// shapeLimits computes the competition's limits once they can be (the
// answers do not change while a server runs).
func (s *Server) shapeLimits(comp *competition.Competition) (shapeLimits, error) {
	s.shapeMu.Lock()
	defer s.shapeMu.Unlock()
	if s.shape != nil {
		return *s.shape, nil
	}
	p := comp.PathsIn(s.opt.DataDir)
	lim, err := computeShapeLimits(p.Answers, p.SampleSubmission)
	if err != nil {
		return lim, err
	}
	s.shape = &lim
	return lim, nil
}

func (s *Server) internalError(w http.ResponseWriter, err error) {
	s.opt.Log.Error("validation failed", "competition", s.opt.CompetitionID, "error", err)
	writeJSON(w, http.StatusInternalServerError, pyjson.Object{
		{Key: "details", Value: err.Error()},
		{Key: "error", Value: "An unexpected error occurred."},
	})
}

// writeJSON writes a Flask jsonify body: compact, sorted keys,
// ASCII-escaped, trailing newline.
func writeJSON(w http.ResponseWriter, status int, obj pyjson.Object) {
	b, err := pyjson.Marshal(obj, pyjson.Options{Compact: true, SortKeys: true})
	if err != nil {
		b = []byte(`{"error":"An unexpected error occurred."}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func htmlError(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	title := fmt.Sprintf("%d %s", status, http.StatusText(status))
	fmt.Fprintf(w, "<!doctype html>\n<html lang=en>\n<title>%s</title>\n<h1>%s</h1>\n<p>%s</p>\n", title, http.StatusText(status), text)
}

func badRequest(w http.ResponseWriter) {
	htmlError(w, http.StatusBadRequest, `The request has no file upload in the form field "file".`)
}

func notFound(w http.ResponseWriter, r *http.Request) {
	htmlError(w, http.StatusNotFound, "This server only answers GET /health and POST /validate.")
}

func methodNotAllowed(allow string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusOK)
			return
		}
		htmlError(w, http.StatusMethodNotAllowed, fmt.Sprintf("The method %s is not allowed here; allowed: %s.", r.Method, allow))
	}
}
