package tabular_playground_series_dec_2021

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

const testID = "tabular-playground-series-dec-2021"

var testdata = filepath.Join("testdata")

// TestConformance runs the shared suite on the seed-0 fake raw data;
// golden MD5s come from testdata/.../reference_prepare.py (pandas +
// scikit-learn), run once on the same fake raw data.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5: filepath.Join(testdata, "golden_md5.json"),
		GoldScore: comptest.Ptr(1),
	})
	sample, err := os.ReadFile(p.Paths.SampleSubmission)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	if lines[0] != "Id,Cover_Type" || len(lines) != 51 || !strings.HasSuffix(lines[1], ",2") {
		t.Errorf("sample submission: %d lines, starts %q", len(lines), lines[:2])
	}
}

// TestSplitSize: the real size gives exactly 400,000 test rows.
func TestSplitSize(t *testing.T) {
	if testing.Short() {
		t.Skip("4M-element permutation")
	}
	train, test, err := split(4_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != 3_600_000 || len(test) != 400_000 {
		t.Fatalf("split %d/%d, want 3600000/400000", len(train), len(test))
	}
}

// TestFastPathMatchesTablePath prepares one raw file through C2's
// fast path and through package table: same bytes.
func TestFastPathMatchesTablePath(t *testing.T) {
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw")
	os.MkdirAll(raw, 0o755)
	if err := FakeRaw(raw, competition.FakeOptions{Seed: 3, Rows: 3000}); err != nil {
		t.Fatal(err)
	}
	prep := func(name string, fn func(d competition.Dirs) error) map[string]string {
		d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, name, "public"), Private: filepath.Join(dir, name, "private")}
		os.MkdirAll(d.Public, 0o755)
		os.MkdirAll(d.Private, 0o755)
		if err := fn(d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sums, err := competitiontest.TreeMD5(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return sums
	}
	fast := prep("fast", func(d competition.Dirs) error { return Prepare(context.Background(), d) })
	slow := prep("table", func(d competition.Dirs) error {
		return prepareTable(context.Background(), d, filepath.Join(raw, "train.csv"))
	})
	if len(fast) != 4 || len(slow) != 4 {
		t.Fatalf("wrote %d and %d files, want 4", len(fast), len(slow))
	}
	for p, s := range fast {
		if slow[p] != s {
			t.Errorf("%s differs between the fast path and the table path", p)
		}
	}
}

// TestPrepareErrors: the original's disjointness assert and missing
// columns, on both paths (a quoted header forces the table path).
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct{ name, csv, want string }{
		{"duplicate_ids_fast", dupIDs(false), "both the train and the test"},
		{"duplicate_ids_table", dupIDs(true), "both the train and the test"},
		{"no_target", "Id,x\n1,2\n2,3\n", "required"},
		{"no_target_table", "\"Id\",x\n1,2\n2,3\n", "required"},
		{"one_row", "Id,Cover_Type\n1,2\n", "train set will be empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: dir, Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			os.WriteFile(filepath.Join(dir, "train.csv"), []byte(tc.csv), 0o644)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// dupIDs is a 40-row file in which every Id appears twice, so the
// split must put one copy on each side somewhere.
func dupIDs(quoted bool) string {
	var b strings.Builder
	if quoted {
		b.WriteString("\"Id\",Cover_Type\n")
	} else {
		b.WriteString("Id,Cover_Type\n")
	}
	for i := 0; i < 40; i++ {
		b.WriteString(string(rune('0'+i%20/10)) + string(rune('0'+i%10)) + ",1\n")
	}
	return b.String()
}

// TestGrade grades the cases of testdata/.../grade (outcomes and
// scores from reference_grade.py with scikit-learn).
func TestGrade(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join(testdata, "grade"), competition.PyFloat)
}

// TestGradeFuzz: malformed submissions never panic.
func TestGradeFuzz(t *testing.T) {
	impl := Competition
	dir := filepath.Join(testdata, "grade")
	answers, err := grade.LoadAnswers(impl, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(filepath.Join(dir, "random_shuffled.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, impl, answers, string(valid), competition.PyFloat)
}
