package demo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/demo/baseline"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestBaselineSeeds: the runner gives the baseline its seed (its config
// declares seed_env), and the seed changes what it does: different seeds
// give different submissions and scores, the same seed the same bytes, so
// the demo's ± over seeds carries information.
func TestBaselineSeeds(t *testing.T) {
	a, err := agent.Load(filepath.Join("..", "..", "agents"), "baseline")
	if err != nil {
		t.Fatal(err)
	}
	if a.SeedEnv != baseline.SeedVar {
		t.Fatalf("agents/baseline/config.yaml: seed_env %q, want %s", a.SeedEnv, baseline.SeedVar)
	}
	dir := preparedData(t)
	cat := sharedCatalog(t)
	g := &grade.Grader{Catalog: cat, DataDir: dir}
	const id = "demo-tabular-binary"
	comp, err := cat.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) ([]byte, float64) {
		work := t.TempDir()
		public := filepath.Join(work, "data")
		if err := os.CopyFS(public, os.DirFS(comp.PathsIn(dir).Public)); err != nil {
			t.Fatal(err)
		}
		env := baseline.Env{DataDir: public, SubmissionDir: filepath.Join(work, "submission"), CodeDir: filepath.Join(work, "code"),
			Log: &bytes.Buffer{}, Seeded: true, Seed: seed}
		if err := baseline.Run(context.Background(), env); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(env.SubmissionDir, "submission.csv")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := g.GradeCSV(context.Background(), id, p)
		if err != nil || rep.Score == nil {
			t.Fatalf("grading seed %d: %v", seed, err)
		}
		return b, *rep.Score
	}
	sub0, score0 := run(0)
	sub1, score1 := run(1)
	again, scoreAgain := run(0)
	if bytes.Equal(sub0, sub1) || score0 == score1 {
		t.Errorf("seeds 0 and 1 give the same submission (score %v)", score0)
	}
	if !bytes.Equal(sub0, again) || score0 != scoreAgain {
		t.Errorf("seed 0 is not reproducible: %v then %v", score0, scoreAgain)
	}
	t.Logf("scores: seed 0 %v, seed 1 %v", score0, score1)
}

// TestCellScoreFormat: the demo's scores follow the thresholds' rule
// (report.FormatScore), not a fixed number of decimals.
func TestCellScoreFormat(t *testing.T) {
	x := 0.8253
	if got := (Cell{Runs: 3, Valid: 3, MeanScore: &x}).Score(); got != "0.8253" {
		t.Errorf("score %q, want 0.8253 (as thresholds are written)", got)
	}
	if got := num(0.82840); got != "0.8284" {
		t.Errorf("threshold %q", got)
	}
}
