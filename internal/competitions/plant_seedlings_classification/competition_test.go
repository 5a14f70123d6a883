package plant_seedlings_classification

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const testID = "plant-seedlings-classification"

// TestConformance runs the suite on the seed-0 fake data (60
// images, 9 test rows) and compares every prepared file with
// reference_prepared.json, which reference_prepare.py (os.listdir sorted,
// pandas, scikit-learn, shutil.copy) produced from the same raw data; the
// fake tree also holds entries prepare must ignore. The "Sugar beet" sample
// scores 2/9 there.
func TestConformance(t *testing.T) {
	sample, one := 0.22222, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &sample, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "file", "species")
	})
}

// TestGrade covers the spec's Grade rules on hand-made tables.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "file,species\na.png,Maize\nb.png,Fat Hen\nc.png,Charlock\nd.png,Maize\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect, other order", "file,species\nd.png,Maize\nc.png,Charlock\nb.png,Fat Hen\na.png,Maize\n", 1},
		{"one empty cell is the text nan", "file,species\na.png,\nb.png,Fat Hen\nc.png,Charlock\nd.png,Maize\n", 0.75},
		{"whitespace-sensitive", "file,species\na.png,Maize \nb.png,Fat Hen\nc.png,Charlock\nd.png,maize\n", 0.5},
		{"digits among text are wrong strings", "file,species\na.png,1\nb.png,Fat Hen\nc.png,Charlock\nd.png,Maize\n", 0.75},
		{"all empty (NaN)", "file,species\na.png,\nb.png,\nc.png,\nd.png,\n", -2},
		{"all numeric", "file,species\na.png,1\nb.png,2\nc.png,3\nd.png,1\n", -2},
		{"1. no file", "File,species\na.png,Maize\nb.png,Fat Hen\nc.png,Charlock\nd.png,Maize\n", -1},
		{"2. no species", "file,label\na.png,Maize\nb.png,Fat Hen\nc.png,Charlock\nd.png,Maize\n", -1},
		{"3. row count", "file,species\na.png,Maize\n", -1},
		{"4. files differ", "file,species\na.png,Maize\nb.png,Fat Hen\nc.png,Charlock\ne.png,Maize\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Value != tc.want || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestSplitSize checks the spec's ceil(0.14·4750) = 666 quirk.
func TestSplitSize(t *testing.T) {
	if n := math.Ceil(0.14 * float64(4750)); n != 666 {
		t.Fatalf("ceil(0.14·4750) = %v, want 666", n)
	}
	train, test, err := pyrand.TrainTestSplit(4750, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.14)})
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 666 || len(train) != 4084 {
		t.Fatalf("split %d/%d, want 4084/666", len(train), len(test))
	}
}

// TestPrepareErrors: raw trees the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"no raw train", func(raw string) error { return os.RemoveAll(filepath.Join(raw, "train")) }},
		{"one image", func(raw string) error {
			if err := os.RemoveAll(filepath.Join(raw, "train")); err != nil {
				return err
			}
			return synth.WriteFile(filepath.Join(raw, "train", "Maize", "a.png"), []byte("x"))
		}},
		{"file name under two species", func(raw string) error {
			if err := os.RemoveAll(filepath.Join(raw, "train")); err != nil {
				return err
			}
			for _, sp := range speciesList[:4] {
				for _, f := range []string{"a.png", "b.png", "c.png"} {
					if err := synth.WriteFile(filepath.Join(raw, "train", sp, f), []byte(sp)); err != nil {
						return err
					}
				}
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 20}); err != nil {
				t.Fatal(err)
			}
			if err := tc.edit(d.Raw); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}
