package archive

import (
	"archive/zip"
	"bufio"
	"compress/bzip2"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// zipBzip2 is the zip method number of bzip2, which Python's zipfile reads
// and archive/zip does not by default.
const zipBzip2 = 12

func extractZip(ctx context.Context, archive, dest string, opt Options) (int64, error) {
	f, err := os.Open(archive)
	if err != nil {
		return 0, fmt.Errorf("extracting %s: %w", archive, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("extracting %s: %w", archive, err)
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // names are checked below
		return 0, fmt.Errorf("extracting %s: not a readable zip file: %w", archive, err)
	}
	zr.RegisterDecompressor(zipBzip2, func(r io.Reader) io.ReadCloser { return io.NopCloser(bzip2.NewReader(r)) })

	type entry struct {
		f     *zip.File
		rel   string
		isDir bool
	}
	entries := make([]entry, 0, len(zr.File))
	members := make([]member, 0, len(zr.File))
	for _, zf := range zr.File {
		rel, isDir, err := memberPath(zf.Name, false)
		if err != nil {
			return 0, fmt.Errorf("extracting %s: %w", archive, err)
		}
		entries = append(entries, entry{zf, rel, isDir})
		if !isDir {
			members = append(members, member{zf.Name, zf.UncompressedSize64})
		}
	}
	if err := checkZipOverlap(archive, zr.File); err != nil {
		return 0, err
	}
	total, err := checkLimits(archive, st.Size(), members, dest, opt)
	if err != nil {
		return 0, err
	}
	w, err := newWriter(ctx, archive, dest, opt.Progress)
	if err != nil {
		return 0, err
	}
	opt.Progress.Start("extract "+filepath.Base(archive), total)
	defer opt.Progress.Done()
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if e.isDir || e.rel == "" {
			if err := w.mkdir(e.rel); err != nil {
				return 0, err
			}
			continue
		}
		rc, err := e.f.Open()
		if err != nil {
			return 0, fmt.Errorf("extracting %s: member %q: %w", archive, e.f.Name, err)
		}
		err = w.file(e.rel, rc, e.f.UncompressedSize64)
		rc.Close()
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}

// checkZipOverlap refuses members whose compressed data overlap, the
// construction behind non-recursive zip bombs.
func checkZipOverlap(archive string, files []*zip.File) error {
	type span struct {
		off, end int64
		name     string
	}
	spans := make([]span, 0, len(files))
	for _, zf := range files {
		if zf.CompressedSize64 == 0 {
			continue
		}
		off, err := zf.DataOffset()
		if err != nil {
			return fmt.Errorf("extracting %s: member %q: %w", archive, zf.Name, err)
		}
		if zf.CompressedSize64 > 1<<62 {
			return fmt.Errorf("%w: %s: member %q declares an impossible compressed size", ErrUnsafe, archive, zf.Name)
		}
		spans = append(spans, span{off, off + int64(zf.CompressedSize64), zf.Name})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].off < spans[j].off })
	for i := 1; i < len(spans); i++ {
		if spans[i].off < spans[i-1].end {
			return fmt.Errorf("%w: %s: the data of members %q and %q overlap (zip bomb?)", ErrUnsafe, archive, spans[i-1].name, spans[i].name)
		}
	}
	return nil
}

// sourceFile is one regular file to compress.
type sourceFile struct {
	rel  string // slash-separated, relative to the source directory
	path string
	info os.FileInfo
}

// listFiles returns every regular file under dir (following symbolic links
// to files, as Python's Path.is_file does), in lexical walk order, except
// the path skip.
func listFiles(dir, skip string) ([]sourceFile, error) {
	skipAbs, _ := filepath.Abs(skip)
	var out []sourceFile
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if abs, _ := filepath.Abs(p); abs == skipAbs {
			return nil
		}
		info, err := os.Stat(p)
		if err != nil || !info.Mode().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, sourceFile{filepath.ToSlash(rel), p, info})
		return nil
	})
	return out, err
}

// Compress writes every regular file under srcDir (recursively, with paths
// relative to srcDir) into archive: a deflate .zip or a .7z, by suffix. It
// refuses an existing archive unless existOK. This is the original's
// compress(src_dir, archive, exist_ok).
func Compress(ctx context.Context, srcDir, archive string, existOK bool) (err error) {
	suffix := Suffix(archive)
	if suffix != ".zip" && suffix != ".7z" {
		return fmt.Errorf("compressing into %s: %w", archive, ErrUnsupported)
	}
	if st, err := os.Stat(srcDir); err != nil {
		return fmt.Errorf("compressing %s: %w", srcDir, err)
	} else if !st.IsDir() {
		return fmt.Errorf("compressing %s: not a directory", srcDir)
	}
	if _, err := os.Lstat(archive); err == nil && !existOK {
		return fmt.Errorf("compressing into %s: the file already exists", archive)
	}
	files, err := listFiles(srcDir, archive)
	if err != nil {
		return fmt.Errorf("compressing %s: %w", srcDir, err)
	}
	out, err := os.OpenFile(archive, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return fmt.Errorf("compressing into %s: %w", archive, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("compressing into %s: %w", archive, cerr)
		}
		if err != nil {
			os.Remove(archive)
		}
	}()
	if suffix == ".7z" {
		return write7z(ctx, out, files, archive)
	}
	bw := bufio.NewWriterSize(out, 1<<20)
	zw := zip.NewWriter(bw)
	for _, sf := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		fh := &zip.FileHeader{Name: sf.rel, Method: zip.Deflate, Modified: sf.info.ModTime()}
		fh.SetMode(sf.info.Mode())
		dst, err := zw.CreateHeader(fh)
		if err != nil {
			return fmt.Errorf("compressing into %s: %w", archive, err)
		}
		if err := copyFile(ctx, dst, sf.path); err != nil {
			return fmt.Errorf("compressing into %s: %w", archive, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("compressing into %s: %w", archive, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("compressing into %s: %w", archive, err)
	}
	return nil
}

func copyFile(ctx context.Context, dst io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(dst, &ctxReader{ctx: ctx, r: f})
	return err
}
