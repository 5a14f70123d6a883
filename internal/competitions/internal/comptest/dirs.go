package comptest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// Dirs makes the raw, public and private directories of a prepare run
// under a temporary directory.
func Dirs(t *testing.T) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "prepared", "public"), Private: filepath.Join(dir, "prepared", "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}
