package archive

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/bodgit/sevenzip"
)

// maxLinkTarget bounds the text of a symbolic link member.
const maxLinkTarget = 4096

func extract7z(ctx context.Context, archive, dest string, opt Options) (int64, error) {
	st, err := os.Stat(archive)
	if err != nil {
		return 0, fmt.Errorf("extracting %s: %w", archive, err)
	}
	rc, err := sevenzip.OpenReader(archive)
	if err != nil {
		return 0, fmt.Errorf("extracting %s: not a readable 7z file: %w", archive, err)
	}
	defer rc.Close()

	type entry struct {
		f       *sevenzip.File
		rel     string
		isDir   bool
		symlink bool
	}
	entries := make([]entry, 0, len(rc.File))
	members := make([]member, 0, len(rc.File))
	for _, f := range rc.File {
		rel, isDir, err := memberPath(f.Name, true)
		if err != nil {
			return 0, fmt.Errorf("extracting %s: %w", archive, err)
		}
		mode := f.Mode()
		e := entry{f: f, rel: rel, isDir: isDir || mode.IsDir(), symlink: mode&fs.ModeSymlink != 0}
		entries = append(entries, e)
		if !e.isDir {
			members = append(members, member{f.Name, f.UncompressedSize})
		}
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
		switch {
		case e.isDir || e.rel == "":
			err = w.mkdir(e.rel)
		case e.symlink:
			err = extract7zLink(w, archive, e.f, e.rel)
		default:
			err = extract7zFile(w, archive, e.f, e.rel)
		}
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}

func extract7zFile(w *writer, archive string, f *sevenzip.File, rel string) error {
	r, err := f.Open()
	if err != nil {
		return fmt.Errorf("extracting %s: member %q: %w", archive, f.Name, err)
	}
	defer r.Close()
	h := crc32.NewIEEE()
	if err := w.file(rel, io.TeeReader(r, h), f.UncompressedSize); err != nil {
		return err
	}
	// The reader does not check member CRCs; an undefined CRC reads as 0.
	if f.CRC32 != 0 && h.Sum32() != f.CRC32 {
		return fmt.Errorf("extracting %s: member %q: CRC mismatch (archive corrupt)", archive, f.Name)
	}
	return nil
}

func extract7zLink(w *writer, archive string, f *sevenzip.File, rel string) error {
	if f.UncompressedSize > maxLinkTarget {
		return fmt.Errorf("%w: extracting %s: symbolic link %q has a %d-byte target", ErrUnsafe, archive, f.Name, f.UncompressedSize)
	}
	r, err := f.Open()
	if err != nil {
		return fmt.Errorf("extracting %s: member %q: %w", archive, f.Name, err)
	}
	defer r.Close()
	target, err := io.ReadAll(io.LimitReader(r, maxLinkTarget))
	if err != nil {
		return fmt.Errorf("extracting %s: member %q: %w", archive, f.Name, err)
	}
	return w.symlink(rel, string(target))
}
