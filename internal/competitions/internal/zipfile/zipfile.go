package zipfile

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
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
//
// The members are deflated on all cores: workers compress the members ahead
// of the writer (at most maxAhead at a time, each kept in memory only when
// it compresses to at most maxBuffered bytes), and the writer frames them in
// order with archive/zip, passing the compressed bytes through; a member
// too big to buffer is compressed by the writer itself. The archive's bytes
// are those of compressing every member in turn (TestWriteParallelSameBytes).
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
	workers := runtime.GOMAXPROCS(0)
	if len(members) < 2 || workers < 2 {
		err = writeMembers(ctx, zw, path, members, nil)
	} else {
		err = writeParallel(ctx, zw, path, members, workers)
	}
	if err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	return nil
}

// maxBuffered is the largest compressed member a worker keeps (a variable
// for the tests).
var maxBuffered = 32 << 20

// maxAhead bounds the members compressed ahead of the writer per worker.
const maxAhead = 2

// compressed is one member deflated by a worker: data, or nil when the
// member was too big to buffer (or failed: the writer then reports the
// error itself, in member order).
type compressed struct {
	data []byte
	ok   bool
}

// writeMembers frames members in order. When pre is set, pre(i) returns
// member i's deflated bytes if a worker produced them.
func writeMembers(ctx context.Context, zw *zip.Writer, path string, members []Source, pre func(int) compressed) error {
	var current []byte // the bytes the pass-through compressor writes
	if pre != nil {
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
			if current == nil {
				return newFlate(w), nil
			}
			return &passThrough{w: w, data: current}, nil
		})
	}
	for i, m := range members {
		if err := ctx.Err(); err != nil {
			return err
		}
		current = nil
		if pre != nil {
			if c := pre(i); c.ok {
				current = c.data
			}
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.Name, Method: zip.Deflate, Modified: ModTime})
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		r, err := m.Open()
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		// The uncompressed bytes go through archive/zip (its CRC-32 and
		// size) even when the compressed ones are ready.
		_, err = io.Copy(w, r)
		r.Close()
		if err != nil {
			return fmt.Errorf("writing zip %s: member %s: %w", path, m.Name, err)
		}
	}
	return nil
}

// writeParallel deflates members on workers goroutines ahead of the writer.
func writeParallel(ctx context.Context, zw *zip.Writer, path string, members []Source, workers int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan compressed, len(members))
	for i := range results {
		results[i] = make(chan compressed, 1)
	}
	tokens := make(chan struct{}, workers*maxAhead)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case tokens <- struct{}{}:
				case <-ctx.Done():
					return
				}
				i := int(next.Add(1) - 1)
				if i >= len(members) {
					return
				}
				results[i] <- deflateMember(members[i])
			}
		}()
	}
	defer wg.Wait()
	defer cancel()
	return writeMembers(ctx, zw, path, members, func(i int) compressed {
		c := <-results[i]
		<-tokens
		return c
	})
}

// deflateMember compresses a member as archive/zip's Deflate compressor
// does, giving up past maxBuffered compressed bytes.
func deflateMember(m Source) compressed {
	r, err := m.Open()
	if err != nil {
		return compressed{}
	}
	defer r.Close()
	var buf limitedBuffer
	fw := newFlate(&buf)
	_, err = io.Copy(fw, r)
	if cerr := fw.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return compressed{}
	}
	return compressed{data: buf.b, ok: true}
}

// flatePool reuses compressors: a flate.Writer holds about a megabyte of
// state, too much to allocate per member.
var flatePool sync.Pool

// newFlate is archive/zip's Deflate compressor (compress/flate level 5,
// pooled as archive/zip pools it); Close returns it to the pool.
func newFlate(w io.Writer) io.WriteCloser {
	fw, ok := flatePool.Get().(*flate.Writer)
	if ok {
		fw.Reset(w)
	} else {
		fw, _ = flate.NewWriter(w, 5)
	}
	return &pooledFlate{fw: fw}
}

type pooledFlate struct{ fw *flate.Writer }

func (p *pooledFlate) Write(b []byte) (int, error) {
	if p.fw == nil {
		return 0, errors.New("write to a closed compressor")
	}
	return p.fw.Write(b)
}

func (p *pooledFlate) Close() error {
	if p.fw == nil {
		return nil
	}
	err := p.fw.Close()
	flatePool.Put(p.fw)
	p.fw = nil
	return err
}

var errTooBig = errors.New("member too big to buffer")

// limitedBuffer collects at most maxBuffered bytes.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if len(l.b)+len(p) > maxBuffered {
		return 0, errTooBig
	}
	l.b = append(l.b, p...)
	return len(p), nil
}

// passThrough is the compressor of a member deflated ahead: it drops the
// uncompressed bytes written to it and writes the ready ones on Close.
type passThrough struct {
	w    io.Writer
	data []byte
}

func (p *passThrough) Write(b []byte) (int, error) { return len(b), nil }

func (p *passThrough) Close() error {
	_, err := p.w.Write(p.data)
	return err
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
