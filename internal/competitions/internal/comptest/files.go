package comptest

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

func Ptr(v float64) *float64 { return &v }

// ReadFile reads a CSV file with the harness's reader.
func ReadFile(t *testing.T, path string) *table.Table {
	t.Helper()
	tb, err := table.ReadFile(path, table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TableViaFile reads CSV text with the harness's reader (an empty text gives an
// empty table, as the harness does).
func TableViaFile(t *testing.T, content string) *table.Table {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.csv")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := table.ReadFile(p, table.ReadOptions{})
	if errors.Is(err, table.ErrEmpty) {
		return table.MustNew()
	}
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func MD5File(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := md5.Sum(b)
	return hex.EncodeToString(s[:])
}

func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
