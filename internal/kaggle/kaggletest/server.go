// Package kaggletest runs a local, in-process HTTP server that speaks the
// subset of the legacy Kaggle REST API used by package kaggle, for tests.
//
// It serves, under <URL> (= <server>/api/v1):
//
//	GET /competitions/list                        JSON array of competitions
//	GET /competitions/data/list/{id}              {"files": […], "nextPageToken": …}
//	GET /competitions/data/download-all/{id}      302 to a signed storage URL on the same server
//	GET /competitions/data/download/{id}/{file}   302 to a signed storage URL
//	GET /competitions/{id}/leaderboard/view       {"submissions": […]}
//	GET /competitions/{id}/leaderboard/download   zip with <id>-publicleaderboard.csv (200, no redirect)
//	GET /kernels/list                             JSON array of kernel metadata
//	GET /kernels/pull                             {"metadata": …, "blob": {…}}
//
// API requests need HTTP Basic (a user added with [Server.AddUser]) or a
// Bearer token ([Server.AddToken]); failures use Kaggle's error body
// {"code": N, "message": "…"}: 401 for bad credentials, 404 for unknown
// objects, and 403 "You must accept this competition's rules before you'll
// be able to download files." for a competition whose rules are not
// accepted. Storage URLs need no credentials but a valid signature, and
// honour single-range Range and If-Range requests (206 with
// Content-Range, 416 past the end).
//
// Faults can be injected: 429s with Retry-After ([Server.RateLimit]),
// other error statuses ([Server.FailNext]), a connection dropped part-way
// through a transfer ([Server.DropNextTransfer]), a storage that ignores
// Range ([Server.IgnoreRange]) and error bodies that echo the request's
// credentials ([Server.EchoCredentials], for redaction tests). Every request
// is recorded ([Server.Requests]).
//
// The server listens on loopback only and never touches the network.
package kaggletest

import (
	"archive/zip"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// RulesMessage is the legacy API's message for unaccepted rules.
const RulesMessage = "You must accept this competition's rules before you'll be able to download files."

// DefaultLastModified is the Last-Modified of objects that set none.
var DefaultLastModified = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// Competition is a competition the server knows.
type Competition struct {
	ID string
	// Files are the data files, by slash-separated name. They are listed by
	// the data/list call and served by the single-file download.
	Files map[string][]byte
	// Archive is the download-all body; nil means a zip of Files.
	Archive []byte
	// RulesNotAccepted makes downloads answer 403 (listing still works).
	RulesNotAccepted bool
	// ZipSingleFiles serves a single file "x.csv" as "x.csv.zip" (a zip
	// holding it), as Kaggle does for many files.
	ZipSingleFiles bool
	// LastModified of the stored objects (zero: DefaultLastModified).
	LastModified time.Time
	// Leaderboard rows, best first.
	Leaderboard []LeaderboardEntry
	// LeaderboardJSON, when set, is sent verbatim as the view's
	// "submissions" array instead of Leaderboard.
	LeaderboardJSON json.RawMessage
	// Title, Category and TeamCount appear in the competitions list.
	Title     string
	Category  string
	TeamCount int
}

// LeaderboardEntry is one leaderboard row.
type LeaderboardEntry struct {
	TeamID         int64
	TeamName       string
	SubmissionDate string
	Score          string
}

// Kernel is a notebook or script attached to a competition.
type Kernel struct {
	Ref         string // "owner/slug"
	Title       string
	Competition string
	TotalVotes  int
	Language    string // default "python"
	KernelType  string // "notebook" (default) or "script"
	Source      string
}

// Request is a recorded request.
type Request struct {
	Method  string
	Path    string // unescaped path, e.g. /api/v1/competitions/list
	RawPath string // escaped path
	Query   url.Values
	Range   string
	IfRange string
	// Auth is "basic:<username>", "bearer" or "" (none); the secret is not
	// recorded.
	Auth       string
	Authorized bool
	Storage    bool // a storage (signed URL) request
	Status     int
	Bytes      int64 // body bytes written
}

// Server is the fake Kaggle. Configure it from the test goroutine; it is
// safe for concurrent requests.
type Server struct {
	// URL is the API base URL to give a client: <server>/api/v1.
	URL string
	// Root is the server's own URL (http://127.0.0.1:port).
	Root string

	srv     *httptest.Server
	signKey []byte

	mu          sync.Mutex
	users       map[string]string
	tokens      map[string]bool
	comps       map[string]*Competition
	kernels     []Kernel
	rateLimit   int
	retryAfter  string
	failNext    int
	failStatus  int
	dropAfter   int64 // bytes into the next storage body; -1: half; 0: disarmed
	dropArmed   bool
	ignoreRange bool
	echoCreds   bool
	reqs        []Request
}

// New starts a server on loopback and closes it when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := NewUnstarted()
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// NewUnstarted returns a configured but not yet listening server; call
// Start, and Close when done.
func NewUnstarted() *Server {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	s := &Server{
		signKey: key,
		users:   map[string]string{},
		tokens:  map[string]bool{},
		comps:   map[string]*Competition{},
	}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	return s
}

// Start starts listening on 127.0.0.1.
func (s *Server) Start() {
	s.srv.Start()
	s.Root = s.srv.URL
	s.URL = s.srv.URL + "/api/v1"
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Client is an *http.Client for this server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// AddUser accepts HTTP Basic credentials username:key.
func (s *Server) AddUser(username, key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[username] = key
}

// AddToken accepts a Bearer token.
func (s *Server) AddToken(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[token] = true
}

// AddCompetition adds (or replaces) a competition. The value is copied.
func (s *Server) AddCompetition(c Competition) {
	if c.ID == "" {
		panic("kaggletest: competition without ID")
	}
	if c.Archive == nil {
		a, err := ZipFiles(c.Files)
		if err != nil {
			panic(err)
		}
		c.Archive = a
	}
	if c.LastModified.IsZero() {
		c.LastModified = DefaultLastModified
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.comps[c.ID] = &c
}

// AddCompetitionDir adds a competition whose files are every regular file
// under dir and whose archive is a zip of dir.
func (s *Server) AddCompetitionDir(id, dir string) error {
	files, err := readDir(dir)
	if err != nil {
		return err
	}
	s.AddCompetition(Competition{ID: id, Files: files})
	return nil
}

// SetRulesAccepted changes whether downloads of competition id are allowed.
func (s *Server) SetRulesAccepted(id string, accepted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.comps[id]; ok {
		c.RulesNotAccepted = !accepted
	}
}

// Archive returns the download-all bytes of a competition.
func (s *Server) Archive(id string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.comps[id]; ok {
		return slices.Clone(c.Archive)
	}
	return nil
}

// AddKernel adds a kernel.
func (s *Server) AddKernel(k Kernel) {
	if k.Language == "" {
		k.Language = "python"
	}
	if k.KernelType == "" {
		k.KernelType = "notebook"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kernels = append(s.kernels, k)
}

// RateLimit makes the next n API requests fail with 429 and the given
// Retry-After header value (empty: no header).
func (s *Server) RateLimit(n int, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rateLimit, s.retryAfter = n, retryAfter
}

// FailNext makes the next n API requests fail with status (after any rate
// limiting).
func (s *Server) FailNext(n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext, s.failStatus = n, status
}

// DropNextTransfer makes the next storage response close the connection
// after sending after bytes of its body (after < 0: half of it). Once.
func (s *Server) DropNextTransfer(after int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dropAfter, s.dropArmed = after, true
}

// IgnoreRange makes storage answer 200 with the whole object even to Range
// requests.
func (s *Server) IgnoreRange(ignore bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ignoreRange = ignore
}

// EchoCredentials makes every error body quote the request's
// Authorization header and decoded credentials, like a careless server.
func (s *Server) EchoCredentials(echo bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.echoCreds = echo
}

// Requests returns a copy of the recorded requests, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// ResetRequests forgets the recorded requests.
func (s *Server) ResetRequests() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = nil
}

// ---------------------------------------------------------------------------

type recorder struct {
	http.ResponseWriter
	status int
	n      int64
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.n += int64(n)
	return n, err
}

func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	rec := &recorder{ResponseWriter: w}
	entry := Request{
		Method: r.Method, Path: r.URL.Path, RawPath: r.URL.EscapedPath(), Query: r.URL.Query(),
		Range: r.Header.Get("Range"), IfRange: r.Header.Get("If-Range"),
	}
	defer func() { // also runs when a dropped transfer aborts the handler
		entry.Status, entry.Bytes = rec.status, rec.n
		s.mu.Lock()
		s.reqs = append(s.reqs, entry)
		s.mu.Unlock()
	}()
	if rest, ok := strings.CutPrefix(r.URL.EscapedPath(), "/storage/"); ok {
		entry.Storage = true
		s.serveStorage(rec, r, rest)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.EscapedPath(), "/api/v1/")
	if !ok {
		writeError(rec, http.StatusNotFound, "Not found", "")
		return
	}
	if r.Method != http.MethodGet {
		writeError(rec, http.StatusMethodNotAllowed, "Method not allowed", "")
		return
	}

	s.mu.Lock()
	echo := ""
	if s.echoCreds {
		echo = describeAuth(r.Header.Get("Authorization"))
	}
	if s.rateLimit > 0 {
		s.rateLimit--
		ra := s.retryAfter
		s.mu.Unlock()
		if ra != "" {
			rec.Header().Set("Retry-After", ra)
		}
		writeError(rec, http.StatusTooManyRequests, "Too many requests", echo)
		return
	}
	if s.failNext > 0 {
		s.failNext--
		st := s.failStatus
		s.mu.Unlock()
		writeError(rec, st, http.StatusText(st), echo)
		return
	}
	entry.Auth, entry.Authorized = s.checkAuth(r.Header.Get("Authorization"))
	s.mu.Unlock()
	if !entry.Authorized {
		writeError(rec, http.StatusUnauthorized, "Unauthenticated", echo)
		return
	}

	segs, err := splitPath(rest)
	if err != nil {
		writeError(rec, http.StatusBadRequest, "Bad path", echo)
		return
	}
	switch {
	case match(segs, "competitions", "list"):
		s.listCompetitions(rec, r)
	case match(segs, "competitions", "data", "list", "*"):
		s.listFiles(rec, r, segs[3], echo)
	case match(segs, "competitions", "data", "download-all", "*"):
		s.redirectDownload(rec, r, segs[3], "", echo)
	case len(segs) >= 5 && match(segs[:4], "competitions", "data", "download", "*"):
		s.redirectDownload(rec, r, segs[3], strings.Join(segs[4:], "/"), echo)
	case match(segs, "competitions", "*", "leaderboard", "view"):
		s.leaderboardView(rec, segs[1], echo)
	case match(segs, "competitions", "*", "leaderboard", "download"):
		s.leaderboardDownload(rec, r, segs[1], echo)
	case match(segs, "kernels", "list"):
		s.listKernels(rec, r)
	case match(segs, "kernels", "pull"):
		s.pullKernel(rec, r, echo)
	default:
		writeError(rec, http.StatusNotFound, "Not found", echo)
	}
}

// checkAuth validates an Authorization header; the caller holds s.mu.
func (s *Server) checkAuth(h string) (who string, ok bool) {
	switch {
	case strings.HasPrefix(h, "Basic "):
		b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(h, "Basic "))
		if err != nil {
			return "basic:?", false
		}
		user, key, _ := strings.Cut(string(b), ":")
		want, known := s.users[user]
		return "basic:" + user, known && hmac.Equal([]byte(want), []byte(key))
	case strings.HasPrefix(h, "Bearer "):
		return "bearer", s.tokens[strings.TrimPrefix(h, "Bearer ")]
	case h == "":
		return "", false
	}
	return "other", false
}

// describeAuth is what a careless server would echo back.
func describeAuth(h string) string {
	if h == "" {
		return ""
	}
	out := "received Authorization: " + h
	if b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(h, "Basic ")); err == nil && strings.HasPrefix(h, "Basic ") {
		out += " (credentials " + string(b) + ")"
	}
	return out
}

func splitPath(escaped string) ([]string, error) {
	parts := strings.Split(strings.TrimSuffix(escaped, "/"), "/")
	for i, p := range parts {
		u, err := url.PathUnescape(p)
		if err != nil {
			return nil, err
		}
		parts[i] = u
	}
	return parts, nil
}

func match(segs []string, pattern ...string) bool {
	if len(segs) != len(pattern) {
		return false
	}
	for i, p := range pattern {
		if p != "*" && segs[i] != p {
			return false
		}
		if p == "*" && segs[i] == "" {
			return false
		}
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Kaggle-ApiVersion", "1")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeError sends Kaggle's {"code", "message"} error body.
func writeError(w http.ResponseWriter, status int, msg, echo string) {
	if echo != "" {
		msg += " (" + echo + ")"
	}
	writeJSON(w, status, map[string]any{"code": status, "message": msg})
}

func (s *Server) competition(id string) (Competition, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.comps[id]
	if !ok {
		return Competition{}, false
	}
	return *c, true
}

func pageParams(r *http.Request, defSize int) (page, size int) {
	page, size = 1, defSize
	if p, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && p > 0 {
		page = p
	}
	if p, err := strconv.Atoi(r.URL.Query().Get("pageSize")); err == nil && p > 0 {
		size = p
	}
	return page, size
}

func paginate[T any](items []T, page, size int) []T {
	lo := (page - 1) * size
	if lo >= len(items) {
		return []T{}
	}
	return items[lo:min(lo+size, len(items))]
}

func (s *Server) listCompetitions(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ids := make([]string, 0, len(s.comps))
	for id := range s.comps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	search := strings.ToLower(r.URL.Query().Get("search"))
	out := []map[string]any{}
	for _, id := range ids {
		c := s.comps[id]
		if search != "" && !strings.Contains(strings.ToLower(id+" "+c.Title), search) {
			continue
		}
		out = append(out, map[string]any{
			"ref": id, "title": c.Title, "url": "https://www.kaggle.com/competitions/" + id,
			"deadline": "2030-01-01T00:00:00Z", "category": c.Category, "reward": "Knowledge",
			"teamCount": c.TeamCount, "userHasEntered": !c.RulesNotAccepted,
		})
	}
	s.mu.Unlock()
	page, size := pageParams(r, 20)
	writeJSON(w, http.StatusOK, paginate(out, page, size))
}

func (s *Server) listFiles(w http.ResponseWriter, r *http.Request, id, echo string) {
	c, ok := s.competition(id)
	if !ok {
		writeError(w, http.StatusNotFound, "Competition not found", echo)
		return
	}
	names := make([]string, 0, len(c.Files))
	for n := range c.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	size := 20
	if p, err := strconv.Atoi(r.URL.Query().Get("pageSize")); err == nil && p > 0 {
		size = p
	}
	start := 0
	if tok := r.URL.Query().Get("pageToken"); tok != "" {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "Bad page token", echo)
			return
		}
		start = min(n, len(names))
	}
	end := min(start+size, len(names))
	files := []map[string]any{}
	for _, n := range names[start:end] {
		files = append(files, map[string]any{
			"ref": n, "name": n, "totalBytes": len(c.Files[n]),
			"creationDate": c.LastModified.Format(time.RFC3339),
		})
	}
	next := ""
	if end < len(names) {
		next = strconv.Itoa(end)
	}
	writeJSON(w, http.StatusOK, map[string]any{"files": files, "nextPageToken": next})
}

// sign returns the signature of a storage object path.
func (s *Server) sign(objPath string) string {
	m := hmac.New(sha256.New, s.signKey)
	m.Write([]byte(objPath))
	return hex.EncodeToString(m.Sum(nil))
}

// storageURL is a signed URL for object kind/id/name.
func (s *Server) storageURL(kind, id, name string) string {
	obj := kind + "/" + url.PathEscape(id) + "/" + url.PathEscape(name)
	return s.Root + "/storage/" + obj + "?X-Goog-Signature=" + s.sign(obj) + "&X-Goog-Expires=3600"
}

func (s *Server) redirectDownload(w http.ResponseWriter, r *http.Request, id, file, echo string) {
	c, ok := s.competition(id)
	if !ok {
		writeError(w, http.StatusNotFound, "Competition not found", echo)
		return
	}
	if c.RulesNotAccepted {
		writeError(w, http.StatusForbidden, RulesMessage, echo)
		return
	}
	var loc string
	if file == "" {
		loc = s.storageURL("all", id, id+".zip")
	} else {
		if _, ok := c.Files[file]; !ok {
			writeError(w, http.StatusNotFound, "File not found", echo)
			return
		}
		name := file
		if c.ZipSingleFiles {
			name += ".zip"
		}
		loc = s.storageURL("file", id, name)
	}
	http.Redirect(w, r, loc, http.StatusFound)
}

func (s *Server) serveStorage(w http.ResponseWriter, r *http.Request, obj string) {
	if !hmac.Equal([]byte(r.URL.Query().Get("X-Goog-Signature")), []byte(s.sign(obj))) {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, "<Error><Code>SignatureDoesNotMatch</Code></Error>")
		return
	}
	segs, err := splitPath(obj)
	if err != nil || len(segs) != 3 {
		http.NotFound(w, r)
		return
	}
	kind, id, name := segs[0], segs[1], segs[2]
	c, ok := s.competition(id)
	if !ok {
		http.NotFound(w, r)
		return
	}
	var body []byte
	switch kind {
	case "all":
		body = c.Archive
	case "file":
		if b, ok := c.Files[name]; ok {
			body = b
		} else if base, zipped := strings.CutSuffix(name, ".zip"); zipped && c.ZipSingleFiles {
			b, ok := c.Files[base]
			if !ok {
				http.NotFound(w, r)
				return
			}
			body, _ = ZipFiles(map[string][]byte{filepath.Base(base): b})
		} else {
			http.NotFound(w, r)
			return
		}
	default:
		http.NotFound(w, r)
		return
	}
	s.serveBytes(w, r, body, c.LastModified, "application/octet-stream")
}

func etag(b []byte) string {
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

// serveBytes writes body with Range / If-Range support and fault injection.
func (s *Server) serveBytes(w http.ResponseWriter, r *http.Request, body []byte, lm time.Time, ctype string) {
	size := int64(len(body))
	tag := etag(body)
	lmText := lm.UTC().Format(http.TimeFormat)
	h := w.Header()
	h.Set("Accept-Ranges", "bytes")
	h.Set("Last-Modified", lmText)
	h.Set("ETag", tag)
	h.Set("Content-Type", ctype)

	s.mu.Lock()
	ignoreRange := s.ignoreRange
	s.mu.Unlock()

	start, end := int64(0), size-1
	status := http.StatusOK
	if rg := r.Header.Get("Range"); rg != "" && !ignoreRange {
		ifr := r.Header.Get("If-Range")
		if ifr == "" || ifr == tag || ifr == lmText {
			a, b, ok := parseRange(rg, size)
			if !ok {
				h.Set("Content-Range", fmt.Sprintf("bytes */%d", size))
				h.Del("Content-Type")
				w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
				return
			}
			start, end, status = a, b, http.StatusPartialContent
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", a, b, size))
		}
	}
	part := body[start : end+1]
	h.Set("Content-Length", strconv.Itoa(len(part)))
	w.WriteHeader(status)

	s.mu.Lock()
	drop, cut := s.dropArmed, s.dropAfter
	s.dropArmed = false
	s.mu.Unlock()
	if drop {
		if cut < 0 || cut > int64(len(part)) {
			cut = int64(len(part)) / 2
		}
		_, _ = w.Write(part[:cut])
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		panic(http.ErrAbortHandler) // closes the connection mid-body
	}
	_, _ = w.Write(part)
}

// parseRange accepts one "bytes=a-b", "bytes=a-" or "bytes=-n" range.
func parseRange(v string, size int64) (start, end int64, ok bool) {
	spec, found := strings.CutPrefix(v, "bytes=")
	if !found || strings.Contains(spec, ",") {
		return 0, 0, false
	}
	a, b, found := strings.Cut(spec, "-")
	if !found {
		return 0, 0, false
	}
	if a == "" { // suffix range
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n <= 0 || size == 0 {
			return 0, 0, false
		}
		return max(size-n, 0), size - 1, true
	}
	start, err := strconv.ParseInt(a, 10, 64)
	if err != nil || start < 0 || start >= size {
		return 0, 0, false
	}
	end = size - 1
	if b != "" {
		e, err := strconv.ParseInt(b, 10, 64)
		if err != nil || e < start {
			return 0, 0, false
		}
		end = min(e, size-1)
	}
	return start, end, true
}

func (s *Server) leaderboardView(w http.ResponseWriter, id, echo string) {
	c, ok := s.competition(id)
	if !ok {
		writeError(w, http.StatusNotFound, "Competition not found", echo)
		return
	}
	if c.LeaderboardJSON != nil {
		b := append([]byte(`{"submissions":`), c.LeaderboardJSON...)
		b = append(b, '}')
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(b)
		return
	}
	type row struct {
		TeamID         int64  `json:"teamId"`
		TeamName       string `json:"teamName"`
		SubmissionDate string `json:"submissionDate"`
		Score          string `json:"score"`
	}
	rows := []row{}
	for _, e := range c.Leaderboard {
		rows = append(rows, row(e))
	}
	writeJSON(w, http.StatusOK, map[string]any{"submissions": rows})
}

// LeaderboardCSV is the CSV inside the leaderboard download.
func LeaderboardCSV(rows []LeaderboardEntry) []byte {
	var b bytes.Buffer
	b.WriteString("TeamId,TeamName,SubmissionDate,Score\n")
	for _, e := range rows {
		name := e.TeamName
		if strings.ContainsAny(name, ",\"\n") {
			name = `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
		}
		fmt.Fprintf(&b, "%d,%s,%s,%s\n", e.TeamID, name, e.SubmissionDate, e.Score)
	}
	return b.Bytes()
}

func (s *Server) leaderboardDownload(w http.ResponseWriter, r *http.Request, id, echo string) {
	c, ok := s.competition(id)
	if !ok {
		writeError(w, http.StatusNotFound, "Competition not found", echo)
		return
	}
	z, err := ZipFiles(map[string][]byte{id + "-publicleaderboard.csv": LeaderboardCSV(c.Leaderboard)})
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), echo)
		return
	}
	s.serveBytes(w, r, z, c.LastModified, "application/zip")
}

func kernelMeta(k Kernel) map[string]any {
	owner, _, _ := strings.Cut(k.Ref, "/")
	return map[string]any{
		"ref": k.Ref, "title": k.Title, "author": owner, "totalVotes": k.TotalVotes,
		"lastRunTime": DefaultLastModified.Format(time.RFC3339), "language": k.Language,
		"kernelType": k.KernelType,
	}
}

func (s *Server) listKernels(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	var ks []Kernel
	for _, k := range s.kernels {
		owner, _, _ := strings.Cut(k.Ref, "/")
		if c := q.Get("competition"); c != "" && k.Competition != c {
			continue
		}
		if u := q.Get("user"); u != "" && owner != u {
			continue
		}
		if se := strings.ToLower(q.Get("search")); se != "" && !strings.Contains(strings.ToLower(k.Title), se) {
			continue
		}
		if l := q.Get("language"); l != "" && l != "all" && k.Language != l {
			continue
		}
		if t := q.Get("kernelType"); t != "" && t != "all" && k.KernelType != t {
			continue
		}
		ks = append(ks, k)
	}
	s.mu.Unlock()
	if q.Get("sortBy") == "voteCount" {
		sort.SliceStable(ks, func(i, j int) bool { return ks[i].TotalVotes > ks[j].TotalVotes })
	}
	page, size := pageParams(r, 20)
	out := []map[string]any{}
	for _, k := range paginate(ks, page, size) {
		out = append(out, kernelMeta(k))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) pullKernel(w http.ResponseWriter, r *http.Request, echo string) {
	ref := r.URL.Query().Get("userName") + "/" + r.URL.Query().Get("kernelSlug")
	s.mu.Lock()
	var (
		k     Kernel
		found bool
	)
	for _, x := range s.kernels {
		if x.Ref == ref {
			k, found = x, true
			break
		}
	}
	s.mu.Unlock()
	if !found {
		writeError(w, http.StatusNotFound, "Kernel not found", echo)
		return
	}
	_, slug, _ := strings.Cut(k.Ref, "/")
	writeJSON(w, http.StatusOK, map[string]any{
		"metadata": kernelMeta(k),
		"blob": map[string]any{
			"source": k.Source, "language": k.Language, "kernelType": k.KernelType, "slug": slug,
		},
	})
}

// ---------------------------------------------------------------------------
// Archives

// zipTime is the fixed modification time of zip members, so archives are
// reproducible.
var zipTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// ZipFiles builds a deflate zip of files (slash-separated names), members
// in name order with a fixed timestamp: the same input gives the same bytes.
func ZipFiles(files map[string][]byte) ([]byte, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: zipTime})
		if err != nil {
			return nil, fmt.Errorf("kaggletest: zipping %s: %w", n, err)
		}
		if _, err := w.Write(files[n]); err != nil {
			return nil, fmt.Errorf("kaggletest: zipping %s: %w", n, err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("kaggletest: zipping: %w", err)
	}
	return buf.Bytes(), nil
}

// ZipDir is ZipFiles of every regular file under dir.
func ZipDir(dir string) ([]byte, error) {
	files, err := readDir(dir)
	if err != nil {
		return nil, err
	}
	return ZipFiles(files)
}

func readDir(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kaggletest: reading %s: %w", dir, err)
	}
	return files, nil
}
