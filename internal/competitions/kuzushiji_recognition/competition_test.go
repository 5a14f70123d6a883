package kuzushiji_recognition

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data and compares the
// prepared CSVs and every member of the two public zips with
// testdata/golden_md5.json, which reference_prepare.py (pandas +
// scikit-learn + shutil.make_archive) produced from the same raw data. The
// sample submission scores 0, as upstream's test expects.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &zero, GoldScore: &one})
	comptest.CheckGoldenMembers(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), "testdata/golden_md5.json")
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		gold, err := grade.ReadSubmission(p.Paths.GoldSubmission)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, Competition, gold, answers, "image_id", "labels")
	})
}

// TestScorePage: hand-checked pages (strict box borders, first unused
// match, NaN pages).
func TestScorePage(t *testing.T) {
	truth := table.Strings("labels", []string{"U+0041 10 10 5 5 U+0041 10 10 5 5"})
	for _, tc := range []struct {
		name       string
		pred       string
		tp, fp, fn int64
	}{
		{"both boxes matched in order", "U+0041 12 12 U+0041 11 11", 2, 0, 0},
		{"one point for two boxes", "U+0041 12 12", 1, 0, 1},
		{"border is outside", "U+0041 10 12 U+0041 15 12", 0, 2, 2},
		{"wrong label", "U+0042 12 12", 0, 1, 2},
		{"nan never matches", "U+0041 nan 12", 0, 1, 2},
	} {
		sub := table.Strings("labels", []string{tc.pred})
		p, err := parsePrediction(sub, 0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tp, fp, fn, err := scorePage(p, truth, 0)
		if err != nil || tp != tc.tp || fp != tc.fp || fn != tc.fn {
			t.Errorf("%s: tp %d fp %d fn %d (%v), want %d %d %d", tc.name, tp, fp, fn, err, tc.tp, tc.fp, tc.fn)
		}
	}
	// A missing prediction counts every true box as missed; a missing
	// truth counts every prediction as false.
	missing := page{missing: true}
	if _, _, fn, _ := scorePage(missing, truth, 0); fn != 2 {
		t.Errorf("missing prediction: fn %d, want 2", fn)
	}
	noTruth := table.Floats("labels", []float64{math.NaN()})
	p, _ := parsePrediction(table.Strings("labels", []string{"a 1 1 b 2 2"}), 0)
	if _, fp, _, _ := scorePage(p, noTruth, 0); fp != 2 {
		t.Errorf("missing truth: fp %d, want 2", fp)
	}
}

// TestPrepareEmptyTestLabels: an empty labels cell in the test split makes
// the gold submission fail after the other files were written.
func TestPrepareEmptyTestLabels(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	// Empty every page's labels: the test pages get one too.
	b, _ := os.ReadFile(filepath.Join(d.Raw, "train.csv"))
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = lines[i][:strings.Index(lines[i], ",")+1]
	}
	os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	err := Prepare(context.Background(), d)
	if err == nil || !strings.Contains(err.Error(), "gold submission") {
		t.Fatalf("err = %v, want the gold submission's failure", err)
	}
	if _, err := os.Stat(filepath.Join(d.Public, "sample_submission.csv")); err != nil {
		t.Errorf("the sample submission should have been written first: %v", err)
	}
}
