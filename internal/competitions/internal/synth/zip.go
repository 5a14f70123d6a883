package synth

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// ZipEntry is one member of a zip archive. A Name ending in "/" is a
// directory entry (Data ignored).
type ZipEntry struct {
	Name string
	Data []byte
}

// zipTime is the fixed modification time of every member, so archives are
// byte-identical across runs.
var zipTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// ZipBytes builds a deflate zip archive of entries, in the given order.
func ZipBytes(entries []ZipEntry) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		hdr := &zip.FileHeader{Name: e.Name, Method: zip.Deflate, Modified: zipTime}
		if len(e.Name) > 0 && e.Name[len(e.Name)-1] == '/' {
			hdr.Method = zip.Store
		}
		w, err := zw.CreateHeader(hdr)
		if err != nil {
			return nil, fmt.Errorf("synth: zip %s: %w", e.Name, err)
		}
		if hdr.Method != zip.Store || len(e.Data) > 0 {
			if _, err := w.Write(e.Data); err != nil {
				return nil, fmt.Errorf("synth: zip %s: %w", e.Name, err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("synth: zip: %w", err)
	}
	return b.Bytes(), nil
}

// WriteZip writes a zip archive of entries to path (parents created).
func WriteZip(path string, entries []ZipEntry) error {
	b, err := ZipBytes(entries)
	if err != nil {
		return err
	}
	return WriteFile(path, b)
}

// DirEntries returns every regular file under root as zip entries named
// prefix + the slash-separated path relative to root, sorted by name.
// Use it to pack a tree a generator has just written.
func DirEntries(root, prefix string) ([]ZipEntry, error) {
	var out []ZipEntry
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out = append(out, ZipEntry{Name: prefix + filepath.ToSlash(rel), Data: b})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
