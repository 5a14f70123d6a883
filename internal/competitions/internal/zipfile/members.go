package zipfile

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/mlebench/mlebench/internal/table"
)

// ReadCSV reads member (a path inside the archive, slash-separated) of
// the zip at zipPath with the harness's read_csv semantics.
func ReadCSV(zipPath, member string) (*table.Table, error) {
	data, err := ReadMember(zipPath, member)
	if err != nil {
		return nil, err
	}
	opt := table.ReadOptions{Path: zipPath + ":" + member}
	t, err := table.ReadBytes(data, opt)
	if err != nil {
		return nil, fmt.Errorf("reading %s from %s: %w", member, zipPath, err)
	}
	return t, nil
}

// ReadMember returns the uncompressed bytes of member.
func ReadMember(zipPath, member string) ([]byte, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", zipPath, err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: opening member %s: %w", zipPath, member, err)
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		if err != nil {
			return nil, fmt.Errorf("%s: reading member %s: %w", zipPath, member, err)
		}
		return data, nil
	}
	return nil, fmt.Errorf("%s: no member %s at the archive root", zipPath, member)
}

// Check fails unless path is a readable zip archive.
func Check(path string) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("extracting %s: %w", path, err)
	}
	return zr.Close()
}

// memberTime is the modification time of every member of the zips a preparer
// writes. The original's zips carry the files' mtimes and are not
// checksummed; a fixed time makes ours reproducible.
var memberTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// Member is one member of an archive written by WriteMembers: its
// content is produced by write.
type Member struct {
	Name   string
	Method uint16 // zip.Store or zip.Deflate
	Write  func(w io.Writer) error
}

// WriteMembers writes the members, in order, into a new zip at path (through
// a temporary file renamed into place).
func WriteMembers(path string, members []Member) (err error) {
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.Name, Method: m.Method, Modified: memberTime})
		if err != nil {
			return fmt.Errorf("writing %s: member %s: %w", path, m.Name, err)
		}
		if m.Write != nil {
			if err := m.Write(w); err != nil {
				return fmt.Errorf("writing %s: member %s: %w", path, m.Name, err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(f.Name(), path)
}
