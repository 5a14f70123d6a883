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
// requests race); uploads above a size limit get 413 with a JSON body; each
// request is appended to an audit log (time, size, SHA-256 of the upload,
// verdict — never a score).
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

// DefaultMaxUploadBytes is the default upload limit (1 GiB).
const DefaultMaxUploadBytes int64 = 1 << 30

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
	Verdict string // "valid", "invalid", "error", "too_large", "bad_request"
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
	r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxUploadBytes)

	dir, err := os.MkdirTemp(s.opt.TempDir, "mlebench-validate-")
	if err != nil {
		rec.Status, rec.Verdict = http.StatusInternalServerError, "error"
		s.internalError(w, fmt.Errorf("creating upload dir: %w", err))
		return
	}
	defer os.RemoveAll(dir)
	// The original saves to a .csv path, so "not a CSV" never fires.
	path := filepath.Join(dir, "submission_to_validate.csv")
	size, sum, found, err := saveUpload(r, path)
	rec.Size, rec.SHA256 = size, sum
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		tooLarge()
		return
	case err != nil || !found:
		rec.Status, rec.Verdict = http.StatusBadRequest, "bad_request"
		badRequest(w)
		return
	}

	comp, err := s.opt.Catalog.Lookup(s.opt.CompetitionID)
	if err != nil {
		rec.Status, rec.Verdict = http.StatusInternalServerError, "error"
		s.internalError(w, err)
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
func saveUpload(r *http.Request, path string) (size int64, sum string, found bool, err error) {
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
		n, err := io.Copy(io.MultiWriter(f, h), part)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return n, "", false, err
		}
		size, sum, found = n, hex.EncodeToString(h.Sum(nil)), true
	}
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
