package demo

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// The demo data is generated once per test binary (a few seconds) and
// shared by the tests that only read it.
var (
	sharedOnce sync.Once
	sharedDir  string
	sharedErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}

// preparedData returns a data directory with every demo competition
// prepared for DefaultSeed.
func preparedData(t *testing.T) string {
	t.Helper()
	sharedOnce.Do(func() {
		sharedDir, sharedErr = os.MkdirTemp("", "mlebench-demo-test-")
		if sharedErr != nil {
			return
		}
		_, sharedErr = Prepare(context.Background(), sharedDir, PrepareOptions{Seed: DefaultSeed})
	})
	if sharedErr != nil {
		t.Fatalf("preparing the demo data: %v", sharedErr)
	}
	return sharedDir
}

func sharedCatalog(t *testing.T) *competition.Catalog {
	t.Helper()
	cat, err := LoadCatalog(preparedData(t))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func readTable(t *testing.T, path string) *table.Table {
	t.Helper()
	tb, err := table.ReadFile(path, table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
