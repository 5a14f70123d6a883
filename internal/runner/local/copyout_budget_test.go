//go:build linux

package local

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/runner"
)

// TestCopyOutBudget: a 1 GiB sparse log does not fit a 64 MiB output cap:
// it is skipped whole (not expanded, not truncated) and recorded, while
// the files that fit are copied.
func TestCopyOutBudget(t *testing.T) {
	src := filepath.Join(t.TempDir(), "logs")
	os.MkdirAll(src, 0o755)
	f, err := os.Create(filepath.Join(src, "huge.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	os.WriteFile(filepath.Join(src, "small.log"), []byte("hello\n"), 0o644)
	dst := filepath.Join(t.TempDir(), "logs")
	budget := runner.NewOutputBudget(64 << 20)
	var notes []string
	if err := copyOut(src, dst, func(m string) { notes = append(notes, m) }, budget); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dst, "small.log")); err != nil || string(b) != "hello\n" {
		t.Errorf("small.log: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dst, "huge.log")); err == nil {
		t.Error("the sparse log was copied past the cap")
	}
	if budget.Used() != 6 || len(notes) != 1 || !strings.Contains(notes[0], "huge.log") {
		t.Errorf("used %d, notes %q", budget.Used(), notes)
	}
	if n := budget.Notes(); len(n) == 0 {
		t.Error("the budget does not record the skipped file")
	}
}
