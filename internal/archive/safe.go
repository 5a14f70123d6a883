package archive

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/progress"
)

// memberPath turns an archive member name into a slash-separated path
// relative to the destination. Empty and "." components are dropped (as
// zipfile does); an absolute name, a ".." component or a NUL byte is
// refused. With backslash, "\" separates components too. rel is "" for a
// name that names the destination itself (e.g. "./").
func memberPath(name string, backslash bool) (rel string, isDir bool, err error) {
	if strings.IndexByte(name, 0) >= 0 {
		return "", false, fmt.Errorf("%w: member name %q contains a NUL byte", ErrUnsafe, name)
	}
	if backslash {
		name = strings.ReplaceAll(name, `\`, "/")
	}
	if strings.HasPrefix(name, "/") {
		return "", false, fmt.Errorf("%w: member %q has an absolute path", ErrUnsafe, name)
	}
	isDir = strings.HasSuffix(name, "/")
	var keep []string
	for _, part := range strings.Split(name, "/") {
		switch part {
		case "", ".":
			continue
		case "..":
			return "", false, fmt.Errorf("%w: member %q escapes the destination (\"..\" component)", ErrUnsafe, name)
		}
		keep = append(keep, part)
	}
	return strings.Join(keep, "/"), isDir, nil
}

// writer creates extracted files under one destination directory, never
// following a symbolic link that exists there.
type writer struct {
	ctx     context.Context
	archive string
	dest    string
	dirs    map[string]bool
	p       progress.Reporter
	buf     []byte
}

func newWriter(ctx context.Context, archive, dest string, p progress.Reporter) (*writer, error) {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return nil, fmt.Errorf("extracting %s: %w", archive, err)
	}
	if err := os.MkdirAll(abs, 0o777); err != nil {
		return nil, fmt.Errorf("extracting %s: %w", archive, err)
	}
	return &writer{ctx: ctx, archive: archive, dest: abs, dirs: map[string]bool{"": true}, p: p, buf: make([]byte, 256<<10)}, nil
}

func (w *writer) full(rel string) string { return filepath.Join(w.dest, filepath.FromSlash(rel)) }

// mkdir makes rel and its parents, refusing to pass through a symbolic
// link or a non-directory.
func (w *writer) mkdir(rel string) error {
	if w.dirs[rel] {
		return nil
	}
	if parent := path.Dir(rel); parent != "." {
		if err := w.mkdir(parent); err != nil {
			return err
		}
	}
	full := w.full(rel)
	st, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Mkdir(full, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("extracting %s: %w", w.archive, err)
		}
	case err != nil:
		return fmt.Errorf("extracting %s: %w", w.archive, err)
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%w: extracting %s: %s is a symbolic link; refusing to write through it", ErrUnsafe, w.archive, full)
	case !st.IsDir():
		return fmt.Errorf("extracting %s: %s exists and is not a directory", w.archive, full)
	}
	w.dirs[rel] = true
	return nil
}

// file writes one member of the declared size from r.
func (w *writer) file(rel string, r io.Reader, size uint64) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if parent := path.Dir(rel); parent != "." {
		if err := w.mkdir(parent); err != nil {
			return err
		}
	}
	full := w.full(rel)
	if st, err := os.Lstat(full); err == nil {
		if st.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%w: extracting %s: %s is a symbolic link; refusing to write through it", ErrUnsafe, w.archive, full)
		}
		if st.IsDir() {
			return fmt.Errorf("extracting %s: member %q: %s is a directory", w.archive, rel, full)
		}
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return fmt.Errorf("extracting %s: %w", w.archive, err)
	}
	// Read at most one byte more than declared, to detect a member that
	// produces more than it claims without ever writing the excess.
	src := io.LimitReader(&ctxReader{ctx: w.ctx, r: r}, int64(min(size, 1<<62))+1)
	n, err := io.CopyBuffer(&progress.Writer{W: f, P: w.p}, src, w.buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
		if ctxErr := w.ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		return fmt.Errorf("extracting %s: member %q: %w", w.archive, rel, err)
	case uint64(n) > size:
		return fmt.Errorf("%w: extracting %s: member %q produces more than its declared %d bytes", ErrUnsafe, w.archive, rel, size)
	case uint64(n) < size:
		return fmt.Errorf("extracting %s: member %q is truncated: %d of %d bytes", w.archive, rel, n, size)
	}
	return nil
}

// symlink creates rel as a symbolic link to target, which must be relative
// and resolve inside the destination.
func (w *writer) symlink(rel, target string) error {
	if target == "" || filepath.IsAbs(target) || strings.HasPrefix(target, "/") ||
		!filepath.IsLocal(filepath.Join(filepath.Dir(filepath.FromSlash(rel)), filepath.FromSlash(target))) {
		return fmt.Errorf("%w: extracting %s: symbolic link %q -> %q points outside the destination", ErrUnsafe, w.archive, rel, target)
	}
	if parent := path.Dir(rel); parent != "." {
		if err := w.mkdir(parent); err != nil {
			return err
		}
	}
	full := w.full(rel)
	if st, err := os.Lstat(full); err == nil {
		if st.IsDir() {
			return fmt.Errorf("extracting %s: member %q: %s is a directory", w.archive, rel, full)
		}
		if err := os.Remove(full); err != nil {
			return fmt.Errorf("extracting %s: %w", w.archive, err)
		}
	}
	if err := os.Symlink(target, full); err != nil {
		return fmt.Errorf("extracting %s: %w", w.archive, err)
	}
	return nil
}

// ctxReader fails reads once ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
