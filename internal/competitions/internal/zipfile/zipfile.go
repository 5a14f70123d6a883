package zipfile

import (
	"archive/zip"
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
)

// ModTime is the modification time of every member of the zips
// preparers write. The original's zips carry the prepare-time file mtimes
// and a filesystem-order member list, so they are never byte-reproducible
// (and not checksummed); a fixed time and a sorted member list make ours
// deterministic.
var ModTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Source is one member to write: its name in the archive and a
// function opening its content.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// Write writes a deflate zip archive at path holding members in the
// given order (the original's compress(); callers sort names for
// determinism). It honours ctx between members and removes a partial
// archive on error.
func Write(ctx context.Context, path string, members []Source) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing zip: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing zip %s: %w", path, cerr)
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	for _, m := range members {
		if err := ctx.Err(); err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.Name, Method: zip.Deflate, Modified: ModTime})
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		r, err := m.Open()
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		_, err = io.Copy(w, r)
		r.Close()
		if err != nil {
			return fmt.Errorf("writing zip %s: member %s: %w", path, m.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	return nil
}

// Reader is a zip archive opened for reading members by the path they
// would have once extracted (Python zipfile's member-name normalisation:
// empty and "." components dropped), so a preparer can read
// "<raw>/train/<id>" straight from raw/train.zip instead of extracting it
// into the raw directory first. A later member with the same path wins, as
// in an extraction.
type Reader struct {
	rc      *zip.ReadCloser
	members map[string]*zip.File
}

func Open(path string) (*Reader, error) {
	rc, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("opening zip %s: %w", path, err)
	}
	z := &Reader{rc: rc, members: make(map[string]*zip.File, len(rc.File))}
	for _, f := range rc.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		z.members[cleanMember(f.Name)] = f
	}
	return z, nil
}

func cleanMember(name string) string {
	parts := strings.Split(name, "/")
	out := parts[:0]
	for _, p := range parts {
		if p != "" && p != "." {
			out = append(out, p)
		}
	}
	return strings.Join(out, "/")
}

// Close closes the archive.
func (z *Reader) Close() error { return z.rc.Close() }

// Has reports whether the archive holds a file at path (slash-separated).
func (z *Reader) Has(path string) bool { _, ok := z.members[path]; return ok }

// Open opens the member at path; a missing member is an fs.ErrNotExist
// error naming it, like the FileNotFoundError of copying a file that the
// extraction did not produce.
func (z *Reader) Open(path string) (io.ReadCloser, error) {
	f, ok := z.members[path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return f.Open()
}

// Source returns a Source copying member path under another name.
func (z *Reader) Source(name, path string) Source {
	return Source{Name: name, Open: func() (io.ReadCloser, error) { return z.Open(path) }}
}

// ExtractTo writes member path to the file dst (a byte copy, like
// shutil.copy from the extracted tree).
func (z *Reader) ExtractTo(path, dst string) error {
	r, err := z.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	return imagecopy.WriteFrom(dst, r)
}

// Paths returns the paths of the archive's files (directories left out), in
// no particular order.
func (z *Reader) Paths() []string {
	out := make([]string, 0, len(z.members))
	for p := range z.members {
		out = append(out, p)
	}
	return out
}

// Entries returns every entry's name, directories included, with Python
// zipfile's normalisation (empty and "." components dropped), in archive
// order.
func (z *Reader) Entries() []string {
	out := make([]string, len(z.rc.File))
	for i, f := range z.rc.File {
		out[i] = cleanMember(f.Name)
	}
	return out
}
