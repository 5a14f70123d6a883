package kaggle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Progress receives download progress. The library never prints; cmd
// renders it. For one download: Start is called when a response arrives
// (again on each retry: every Start resets the count to zero), then Add
// with the bytes already present when resuming and with every chunk
// received; Done is called once at the end (success or failure) if Start
// was called. total is -1 when unknown. Calls for one download come from
// one goroutine; [Client.DownloadMany] gives each request its own Progress.
type Progress interface {
	Start(name string, total int64)
	Add(n int64)
	Done()
}

type noProgress struct{}

func (noProgress) Start(string, int64) {}
func (noProgress) Add(int64)           {}
func (noProgress) Done()               {}

// DownloadOptions tune one download.
type DownloadOptions struct {
	// Force transfers the file even when an up-to-date copy exists. Without
	// it, an existing destination with the remote size and a modification
	// time not older than the remote Last-Modified is kept (the kaggle CLI's
	// rule; this client sets a finished file's mtime to Last-Modified).
	Force bool
	// Progress receives progress (nil: none).
	Progress Progress
}

// DownloadResult describes a finished download.
type DownloadResult struct {
	Path    string // the final file
	Size    int64  // its size in bytes
	Skipped bool   // an up-to-date file was already there; nothing transferred
	Resumed bool   // the transfer continued a partial file with an HTTP Range request
}

// DownloadAllFiles downloads a competition's whole data archive
// (GET /competitions/data/download-all/{id}, which redirects to storage)
// to destPath, normally DATA/<id>/<id>.zip. Parent directories are created.
//
// The bytes go to destPath+".part", which is resumed with an HTTP Range
// request when it exists (from an earlier attempt or an earlier run); a
// server that answers 200 instead of 206 restarts the file cleanly. The
// part file is fsynced and renamed to destPath only when its size equals
// the announced length. Retries follow c.Retry; an attempt that received
// bytes does not count against MaxAttempts.
func (c *Client) DownloadAllFiles(ctx context.Context, competition, destPath string, opt DownloadOptions) (DownloadResult, error) {
	if err := checkID("competition", competition); err != nil {
		return DownloadResult{}, err
	}
	if destPath == "" {
		return DownloadResult{}, errors.New("kaggle: empty destination path")
	}
	cl := call{op: "download all files", competition: competition}
	return c.download(ctx, cl, "/competitions/data/download-all/"+url.PathEscape(competition),
		dest{path: destPath}, opt)
}

// DownloadFile downloads one data file of a competition
// (GET /competitions/data/download/{id}/{file}) into destDir. As with the
// kaggle CLI, the file is named after the last path segment of the final
// (storage) URL, which may differ from fileName: Kaggle often serves
// "x.csv" as "x.csv.zip". The result's Path is the file written. Partial
// files, resume and retries work as in [Client.DownloadAllFiles].
func (c *Client) DownloadFile(ctx context.Context, competition, fileName, destDir string, opt DownloadOptions) (DownloadResult, error) {
	if err := checkID("competition", competition); err != nil {
		return DownloadResult{}, err
	}
	if fileName == "" {
		return DownloadResult{}, errors.New("kaggle: empty file name")
	}
	if destDir == "" {
		destDir = "."
	}
	cl := call{op: "download file " + fileName, competition: competition}
	return c.download(ctx, cl,
		"/competitions/data/download/"+url.PathEscape(competition)+"/"+url.PathEscape(fileName),
		dest{dir: destDir, fallback: path.Base(strings.ReplaceAll(fileName, `\`, "/"))}, opt)
}

// DownloadLeaderboard downloads the public leaderboard archive
// (GET /competitions/{id}/leaderboard/download: a zip holding
// "<id>-publicleaderboard.csv" with TeamId,TeamName,SubmissionDate,Score)
// to destPath.
func (c *Client) DownloadLeaderboard(ctx context.Context, competition, destPath string, opt DownloadOptions) (DownloadResult, error) {
	if err := checkID("competition", competition); err != nil {
		return DownloadResult{}, err
	}
	if destPath == "" {
		return DownloadResult{}, errors.New("kaggle: empty destination path")
	}
	cl := call{op: "download leaderboard", competition: competition}
	return c.download(ctx, cl, "/competitions/"+url.PathEscape(competition)+"/leaderboard/download",
		dest{path: destPath}, opt)
}

// DownloadRequest is one item of [Client.DownloadMany].
type DownloadRequest struct {
	Competition string
	// File is the data file to fetch; empty means the whole archive.
	File string
	// Dest is the archive's path when File is empty, else the directory
	// to write File into.
	Dest    string
	Options DownloadOptions
}

// DownloadMany runs the requests with at most jobs downloads at a time
// (jobs < 1 means 1). The first failure cancels the rest and is returned,
// naming its request; results[i] is filled for every request that
// finished.
func (c *Client) DownloadMany(ctx context.Context, reqs []DownloadRequest, jobs int) ([]DownloadResult, error) {
	if jobs < 1 {
		jobs = 1
	}
	seen := map[string]int{}
	for i, r := range reqs {
		key := r.Competition + "\x00" + r.File + "\x00" + filepath.Clean(r.Dest)
		if j, dup := seen[key]; dup {
			return nil, fmt.Errorf("kaggle: download requests %d and %d are the same (%s %q → %s)", j, i, r.Competition, r.File, r.Dest)
		}
		seen[key] = i
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]DownloadResult, len(reqs))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		sem      = make(chan struct{}, jobs)
	)
loop:
	for i, r := range reqs {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			break loop
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var (
				res DownloadResult
				err error
			)
			if r.File == "" {
				res, err = c.DownloadAllFiles(ctx, r.Competition, r.Dest, r.Options)
			} else {
				res, err = c.DownloadFile(ctx, r.Competition, r.File, r.Dest, r.Options)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					what := r.Competition
					if r.File != "" {
						what += "/" + r.File
					}
					firstErr = fmt.Errorf("kaggle: downloading %s: %w", what, err)
					cancel()
				}
				return
			}
			results[i] = res
		}()
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return results, firstErr
}

// dest is where a download goes: a fixed path, or a directory plus a name
// taken from the final URL (fallback when none can be derived).
type dest struct {
	path     string
	dir      string
	fallback string
}

// errRestart: the partial file was inconsistent with the server's answer
// and has been removed; the next attempt starts from zero.
var errRestart = errors.New("partial download discarded, restarting")

// download is the resumable transfer shared by every download call.
func (c *Client) download(ctx context.Context, cl call, apiPath string, d dest, opt DownloadOptions) (DownloadResult, error) {
	apiU, err := c.apiURL(apiPath, nil)
	if err != nil {
		return DownloadResult{}, err
	}
	prog := opt.Progress
	if prog == nil {
		prog = noProgress{}
	}
	started := false
	defer func() {
		if started {
			prog.Done()
		}
	}()
	final := d.path // may be learned from the first redirect
	var (
		res      DownloadResult
		validate string // If-Range validator seen earlier in this call
	)
	err = c.withRetry(ctx, cl, func(int) (bool, error) {
		// 1. Ask the API where the bytes are. A redirect is the usual
		// answer; a 200 carries the file itself.
		var hdr http.Header
		if final != "" {
			hdr = c.rangeHeader(final, opt.Force, validate)
		}
		resp, err := c.send(ctx, cl, apiU, hdr, false, true)
		if err != nil {
			return false, err
		}
		if isRedirect(resp.StatusCode) {
			loc, err := apiU.Parse(resp.Header.Get("Location"))
			if err != nil || resp.Header.Get("Location") == "" {
				return false, &APIError{Status: resp.StatusCode, Message: "redirect without a usable Location", Op: cl.op, Competition: cl.competition}
			}
			if final == "" {
				final = filepath.Join(d.dir, nameFromURL(loc, d.fallback))
			}
			hdr = c.rangeHeader(final, opt.Force, validate)
			resp, err = c.send(ctx, cl, loc, hdr, true, loc.Host == apiU.Host && loc.Scheme == apiU.Scheme)
			if err != nil {
				return false, c.rangeFailure(err, final)
			}
		} else if final == "" {
			final = filepath.Join(d.dir, nameFromURL(apiU, d.fallback))
		}
		defer resp.Body.Close()
		if v := resp.Header.Get("ETag"); v != "" && !strings.HasPrefix(v, "W/") {
			validate = v
		} else if v := resp.Header.Get("Last-Modified"); v != "" {
			validate = v
		}

		// 2. Keep an up-to-date file.
		if !opt.Force && resp.StatusCode == http.StatusOK {
			if upToDate(final, resp) {
				st, _ := os.Stat(final)
				res = DownloadResult{Path: final, Size: st.Size(), Skipped: true}
				return false, nil
			}
		}

		// 3. Stream into the part file.
		part := final + ".part"
		var offset, total int64
		switch resp.StatusCode {
		case http.StatusPartialContent:
			start, _, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
			have := fileSize(part)
			if !ok || start != have {
				os.Remove(part)
				return false, fmt.Errorf("%w: server resumed at %q but %d bytes are on disk", errRestart,
					resp.Header.Get("Content-Range"), have)
			}
			offset, total = start, size
			res.Resumed = true
		case http.StatusOK:
			offset, total = 0, resp.ContentLength
		default:
			return false, &APIError{Status: resp.StatusCode, Message: "unexpected success status", Op: cl.op, Competition: cl.competition}
		}
		if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
			return false, fmt.Errorf("kaggle: %s: %w", cl.op, err)
		}
		f, err := os.OpenFile(part, os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return false, fmt.Errorf("kaggle: %s: %w", cl.op, err)
		}
		defer f.Close()
		if err := f.Truncate(offset); err != nil {
			return false, fmt.Errorf("kaggle: %s: %w", cl.op, err)
		}
		if _, err := f.Seek(offset, io.SeekStart); err != nil {
			return false, fmt.Errorf("kaggle: %s: %w", cl.op, err)
		}
		prog.Start(filepath.Base(final), total)
		started = true
		if offset > 0 {
			prog.Add(offset)
		}
		n, err := copyBody(f, resp.Body, prog)
		if err != nil {
			var we *writeError
			if errors.As(err, &we) {
				return n > 0, fmt.Errorf("kaggle: %s: writing %s: %w", cl.op, part, we.err)
			}
			return n > 0, &TransportError{Call: cl.String(), Op: "GET " + displayURL(resp.Request.URL), Err: err}
		}
		got := offset + n
		if total >= 0 && got != total {
			return n > 0, &TransportError{Call: cl.String(), Op: "GET " + displayURL(resp.Request.URL),
				Err: fmt.Errorf("%w: %d of %d bytes", errShortBody, got, total)}
		}

		// 4. Commit: fsync, rename, fsync the directory, set mtime.
		if err := f.Sync(); err != nil {
			return true, fmt.Errorf("kaggle: %s: syncing %s: %w", cl.op, part, err)
		}
		if err := f.Close(); err != nil {
			return true, fmt.Errorf("kaggle: %s: closing %s: %w", cl.op, part, err)
		}
		if err := os.Rename(part, final); err != nil {
			return true, fmt.Errorf("kaggle: %s: %w", cl.op, err)
		}
		syncDir(filepath.Dir(final))
		if lm, err := http.ParseTime(resp.Header.Get("Last-Modified")); err == nil {
			_ = os.Chtimes(final, lm, lm)
		}
		res.Path, res.Size = final, got
		return true, nil
	})
	if err != nil {
		return DownloadResult{}, c.clean(err)
	}
	return res, nil
}

// rangeHeader returns the request headers for the next transfer to final:
// a Range from the current part-file size (with If-Range when a validator
// is known), unless a complete file is to be checked for freshness.
func (c *Client) rangeHeader(final string, force bool, validator string) http.Header {
	h := http.Header{"Accept-Encoding": {"identity"}}
	if !force {
		if _, err := os.Stat(final); err == nil {
			return h
		}
	}
	n := fileSize(final + ".part")
	if n > 0 {
		h.Set("Range", "bytes="+strconv.FormatInt(n, 10)+"-")
		if validator != "" {
			h.Set("If-Range", validator)
		}
	}
	return h
}

// rangeFailure turns a 416 (the part file does not fit the remote file)
// into a restart.
func (c *Client) rangeFailure(err error, final string) error {
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusRequestedRangeNotSatisfiable {
		os.Remove(final + ".part")
		return fmt.Errorf("%w: server refused the range (HTTP 416)", errRestart)
	}
	return err
}

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	return st.Size()
}

// upToDate applies the kaggle CLI's skip rule to a 200 response.
func upToDate(final string, resp *http.Response) bool {
	st, err := os.Stat(final)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	lm, err := http.ParseTime(resp.Header.Get("Last-Modified"))
	if err != nil || resp.ContentLength < 0 {
		return false
	}
	return st.Size() == resp.ContentLength && !lm.After(st.ModTime())
}

// parseContentRange parses "bytes start-end/size" (size may be "*": -1).
func parseContentRange(v string) (start, end, size int64, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(v), "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	rng, sz, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, 0, false
	}
	a, b, found := strings.Cut(rng, "-")
	if !found {
		return 0, 0, 0, false
	}
	var err error
	if start, err = strconv.ParseInt(a, 10, 64); err != nil || start < 0 {
		return 0, 0, 0, false
	}
	if end, err = strconv.ParseInt(b, 10, 64); err != nil || end < start {
		return 0, 0, 0, false
	}
	size = -1
	if sz != "*" {
		if size, err = strconv.ParseInt(sz, 10, 64); err != nil || size <= end {
			return 0, 0, 0, false
		}
	}
	return start, end, size, true
}

// nameFromURL is the last path segment of u, if it is a plain file name.
func nameFromURL(u *url.URL, fallback string) string {
	name := path.Base(u.Path)
	if name == "" || name == "." || name == ".." || name == "/" || strings.ContainsAny(name, `/\`) || !filepath.IsLocal(name) {
		name = fallback
	}
	if name == "" || name == "." || name == ".." || !filepath.IsLocal(name) {
		name = "download"
	}
	return name
}

type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// copyBody copies src to dst reporting progress; read errors are returned
// as is, write errors as *writeError.
func copyBody(dst io.Writer, src io.Reader, prog Progress) (int64, error) {
	buf := make([]byte, 1<<20)
	var n int64
	for {
		m, rerr := src.Read(buf)
		if m > 0 {
			if _, werr := dst.Write(buf[:m]); werr != nil {
				return n, &writeError{werr}
			}
			n += int64(m)
			prog.Add(int64(m))
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}

// syncDir makes a rename durable; errors are ignored (not every platform
// can fsync a directory).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
