package dataset

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// TestRawDirectoryReadInPlace prepares from a read-only raw directory with
// a preparer that only reads: the preparer gets the directory itself, no
// copy appears in DATA/<id>/raw, and the directory is left as it was.
func TestRawDirectoryReadInPlace(t *testing.T) {
	f := newFixture(t)
	var seen string
	f.comp.Impl = &competition.Impl{ID: testID, Prepare: func(ctx context.Context, d competition.Dirs) error {
		seen = d.Raw
		for dir, files := range map[string]map[string]string{d.Public: testPublic, d.Private: testPrivate} {
			for name, content := range files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					return err
				}
			}
		}
		_, err := os.ReadFile(filepath.Join(d.Raw, "train.csv"))
		return err
	}}
	before := listDir(t, f.rawDir)
	chmodTree(t, f.rawDir, false)
	defer chmodTree(t, f.rawDir, true)
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.rawDir}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if seen != f.rawDir {
		t.Errorf("the preparer read %s, want the raw directory %s itself", seen, f.rawDir)
	}
	if _, err := os.Stat(f.paths().Raw); err == nil {
		t.Errorf("a copy of the raw directory was made in %s", f.paths().Raw)
	}
	if _, err := os.Stat(filepath.Join(f.paths().Root, rawUsedName)); err == nil {
		t.Errorf("%s marks a raw directory the harness does not own", rawUsedName)
	}
	if after := listDir(t, f.rawDir); len(after) != len(before) {
		t.Errorf("raw directory changed: %v, was %v", after, before)
	}
	f.noTemporaries()
}

// TestRawDirectoryCopiedForWritingPreparer: a preparer that declares
// WritesRaw gets a copy, and the user's directory keeps the file it deletes.
func TestRawDirectoryCopiedForWritingPreparer(t *testing.T) {
	f := newFixture(t)
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.rawDir}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if _, err := os.Stat(filepath.Join(f.rawDir, "scratch.txt")); err != nil {
		t.Errorf("the user's raw directory was modified: %v", err)
	}
	if _, err := os.Stat(f.paths().Raw); err == nil {
		t.Errorf("the copy of the raw directory was kept without KeepRaw")
	}
}

func chmodTree(t *testing.T, root string, writable bool) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o444)
		if d.IsDir() {
			mode = 0o555
		}
		if writable {
			mode |= 0o200
		}
		return os.Chmod(p, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
}
