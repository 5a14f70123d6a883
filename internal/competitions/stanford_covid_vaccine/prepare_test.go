package stanford_covid_vaccine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// fakeDirs writes the seed-0 fake raw data and returns the directories.
func fakeDirs(t testing.TB, rows int) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: rows}); err != nil {
		t.Fatal(err)
	}
	return d
}

func edit(t *testing.T, path string, f func(string) string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(f(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPrepareRefuses covers the spec's conditions under which the
// original's prepare raises (asserts, KeyError, ValueError from sample).
func TestPrepareRefuses(t *testing.T) {
	re := func(pat, repl string) func(string) string {
		return func(s string) string { return regexp.MustCompile(pat).ReplaceAllString(s, repl) }
	}
	for _, tc := range []struct {
		name, file string
		edit       func(string) string
		want       string
	}{
		{"fewer SN_filter > 0 rows than n_test", "train.json", re(`"SN_filter":1\.0`, `"SN_filter":0.0`), "fewer than"},
		{"mixed seq_length among test rows", "train.json", func(s string) string {
			n := 0
			return regexp.MustCompile(`"seq_length":107`).ReplaceAllStringFunc(s, func(m string) string {
				n++
				if n%2 == 0 {
					return `"seq_length":108`
				}
				return m
			})
		}, "same seq_length"},
		{"seq_scored not below seq_length", "train.json", re(`"seq_length":107`, `"seq_length":68`), "not below"},
		{"a target list shorter than seq_scored", "train.json", re(`"seq_scored":68`, `"seq_scored":67`), "not a list of seq_scored"},
		{"seq_length not an integer column", "train.json", re(`"seq_length":107,`, `"seq_length":107.5,`), "not an integer column"},
		{"fewer than 10 rows", "train.json", func(s string) string {
			return strings.Join(strings.SplitAfter(s, "\n")[:9], "")
		}, "no test rows"},
		{"train.json without index", "train.json", re(`"index":\d+,`, ``), `no "index"`},
		{"test.json without index", "test.json", re(`"index":\d+,`, ``), `no "index"`},
		{"test.json without seq_length", "test.json", re(`"seq_length":\d+,`, ``), `no "seq_length"`},
		{"test.json with a target column", "test.json", re(`\}\n`, `,"deg_pH10":[]}`+"\n"), "target column"},
		{"test.json column not in train.json", "test.json", re(`\}\n`, `,"extra":1}`+"\n"), "KeyError"},
		{"test.json empty", "test.json", func(string) string { return "" }, `no "index"`},
		{"sample_submission.csv with other columns", "sample_submission.csv", re(`deg_50C\n`, "deg_50C,x\n"), "want the set"},
		{"a line that is not an object", "train.json", func(s string) string { return "[1]\n" + s }, "one JSON object"},
		{"truncated JSON", "train.json", func(s string) string { return s[:len(s)-20] }, "line 100"},
		{"JSON objects as values", "train.json", re(`"id":"(id_[0-9a-f]+)"`, `"id":{"a":"$1"}`), "JSON objects"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := fakeDirs(t, 0)
			edit(t, filepath.Join(d.Raw, tc.file), tc.edit)
			err := Prepare(context.Background(), d)
			if err == nil {
				t.Fatal("prepare succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

// TestPrepareCancelled: a cancelled context stops prepare.
func TestPrepareCancelled(t *testing.T) {
	d := fakeDirs(t, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); err == nil {
		t.Fatal("prepare ignored the cancelled context")
	}
}

// BenchmarkPrepare prepares Kaggle-sized fake data (2,400 train rows);
// run with -bench Prepare -benchmem. Peak RSS is reported as MB-peak-rss.
func BenchmarkPrepare(b *testing.B) {
	d := fakeDirs(b, 2400)
	b.ResetTimer()
	for range b.N {
		if err := Prepare(context.Background(), d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(comptest.PeakRSS())/(1<<20), "MB-peak-rss")
}
