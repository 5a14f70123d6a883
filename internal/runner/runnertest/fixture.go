package runnertest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
)

// Preferred are the competitions the suites prepare, first available first:
// small tabular ones whose sample submission is sample_submission.csv.
var Preferred = []string{
	"spaceship-titanic",
	"spooky-author-identification",
	"tabular-playground-series-may-2022",
	"tabular-playground-series-dec-2021",
	"playground-series-s3e18",
	"random-acts-of-pizza",
	"leaf-classification",
}

// PrepareCompetitions prepares up to n of the preferred competitions that
// the catalog implements with a fake-raw generator (synthetic raw data →
// the competition's own Prepare) under dataDir, and returns their ids. It
// fails the test when fewer than n could be prepared.
func PrepareCompetitions(t testing.TB, cat *competition.Catalog, dataDir string, n int) []string {
	t.Helper()
	var ids []string
	for _, id := range Preferred {
		if len(ids) == n {
			break
		}
		comp, err := cat.Lookup(id)
		if err != nil || comp.Impl == nil || comp.Impl.FakeRaw == nil {
			continue
		}
		p := comp.PathsIn(dataDir)
		ok := func() bool {
			for _, d := range []string{p.Raw, p.Public, p.Private} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := comp.Impl.FakeRaw(p.Raw, competition.FakeOptions{Seed: 1}); err != nil {
				t.Logf("skipping %s: fake raw: %v", id, err)
				return false
			}
			if err := comp.Impl.Prepare(context.Background(), p.Dirs()); err != nil {
				t.Logf("skipping %s: prepare: %v", id, err)
				return false
			}
			os.WriteFile(filepath.Join(p.Public, "description.md"), []byte("# "+comp.Name+"\n\nSynthetic test data.\n"), 0o644)
			if err := comp.CheckPrepared(dataDir, false); err != nil {
				t.Logf("skipping %s: %v", id, err)
				return false
			}
			if _, err := os.Stat(filepath.Join(p.Public, "sample_submission.csv")); err != nil {
				t.Logf("skipping %s: no sample_submission.csv", id)
				return false
			}
			return true
		}()
		os.RemoveAll(p.Raw)
		if ok {
			ids = append(ids, id)
		} else {
			os.RemoveAll(p.Root)
		}
	}
	if len(ids) < n {
		t.Fatalf("could prepare only %v of the preferred competitions, need %d", ids, n)
	}
	return ids
}

// RepoRoot finds the repository root (the directory with go.mod and
// agents/) above the working directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "agents")); err == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repository root (go.mod + agents/) not found")
		}
		dir = parent
	}
}

// DummyAgent loads agents/dummy from the repository.
func DummyAgent(t testing.TB) *agent.Agent {
	t.Helper()
	a, err := agent.Load(filepath.Join(RepoRoot(t), "agents"), "dummy")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// HomeFiles are the sandbox's /home files with the original's texts
// (instructions.txt, instructions_obfuscated.txt) read from the
// shared/upstream directory next to the repository, as `mlebench run`
// reads them from --upstream-dir. Without them the test is skipped (or
// fails when MLEBENCH_REQUIRE_UPSTREAM=1): mlebench ships no substitute.
func HomeFiles(t testing.TB) map[string][]byte {
	t.Helper()
	dir := os.Getenv("MLEBENCH_UPSTREAM_DIR")
	if dir == "" {
		dir = filepath.Join(RepoRoot(t), "..", "shared", "upstream")
	}
	texts, err := agent.LoadTexts(dir)
	if err != nil {
		if os.Getenv("MLEBENCH_REQUIRE_UPSTREAM") == "1" {
			t.Fatal(err)
		}
		t.Skipf("the original's texts are not available: %v", err)
	}
	return texts.HomeFiles()
}
