package report

import (
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Fixture run groups under testdata/runs.
var (
	upstreamA = filepath.Join("testdata", "runs", "upstream-a") // original layout, uneven seeds, NaN, missing submission
	upstreamB = filepath.Join("testdata", "runs", "upstream-b") // grading report alone
	runnerToy = filepath.Join("testdata", "runs", "runner-toy") // our runner's layout with status.json and snapshots
	cmpA      = filepath.Join("testdata", "runs", "cmp-a")
	cmpB      = filepath.Join("testdata", "runs", "cmp-b")
	toyData   = filepath.Join("testdata", "toydata")
)

// realCatalog is the original's competitions (facts only).
func realCatalog(t *testing.T) *competition.Catalog {
	t.Helper()
	cat, err := competition.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// toyCatalog holds three small competitions that are not in the original's
// facts (like the demo's): toy-acc (accuracy of column pred against y),
// toy-mae (mean absolute error, lower is better) and toy-flat (accuracy,
// gold equal to the median so its normalised scale is undefined).
func toyCatalog(t *testing.T) *competition.Catalog {
	t.Helper()
	info := func(id string, th competition.Thresholds) competition.Info {
		return competition.Info{ID: id, Name: "Toy " + id, Type: "simple", AwardsMedals: true,
			Answers: id + "/prepared/private/answers.csv", SampleSubmission: id + "/prepared/public/sample_submission.csv",
			Splits: []string{"toy"}, Thresholds: th}
	}
	infos := []competition.Info{
		info("toy-acc", competition.Thresholds{Gold: 0.9, Silver: 0.8, Bronze: 0.7, Median: 0.6}),
		info("toy-flat", competition.Thresholds{Gold: 1, Silver: 1, Bronze: 1, Median: 1}),
		info("toy-mae", competition.Thresholds{Gold: 0.1, Silver: 0.2, Bronze: 0.3, Median: 0.6, LowerIsBetter: true}),
	}
	prep := func(context.Context, competition.Dirs) error { return nil }
	impls := []*competition.Impl{
		{ID: "toy-acc", Prepare: prep, Grade: toyAccuracy},
		{ID: "toy-flat", Prepare: prep, Grade: toyAccuracy},
		{ID: "toy-mae", Prepare: prep, Grade: toyMAE},
	}
	cat, err := competition.NewCatalogWith(infos, impls)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func toyColumns(sub, ans *table.Table) (pred, y *table.Column, err error) {
	p, ok := sub.Col("pred")
	if !ok || sub.Len() != ans.Len() {
		return nil, nil, competition.Invalid("submission needs a pred column and one row per answer")
	}
	y, _ = ans.Col("y")
	return p, y, nil
}

func toyAccuracy(sub, ans *table.Table) (competition.Score, error) {
	p, y, err := toyColumns(sub, ans)
	if err != nil {
		return competition.Score{}, err
	}
	hits := 0
	for i := 0; i < y.Len(); i++ {
		if p.Str(i) == y.Str(i) {
			hits++
		}
	}
	return competition.Float(float64(hits) / float64(y.Len())), nil
}

func toyMAE(sub, ans *table.Table) (competition.Score, error) {
	p, y, err := toyColumns(sub, ans)
	if err != nil {
		return competition.Score{}, err
	}
	s := 0.0
	for i := 0; i < y.Len(); i++ {
		a, ok1 := p.Float(i)
		b, ok2 := y.Float(i)
		if !ok1 || !ok2 {
			return competition.Score{}, competition.Invalid("non-numeric prediction")
		}
		s += math.Abs(a - b)
	}
	return competition.Float(s / float64(y.Len())), nil
}

func toyGrader(t *testing.T) *grade.Grader {
	return &grade.Grader{Catalog: toyCatalog(t), DataDir: toyData}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// golden compares got with testdata/golden/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n--- got ---\n%s", path, got)
	}
}
