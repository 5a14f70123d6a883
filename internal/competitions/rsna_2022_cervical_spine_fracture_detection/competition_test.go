package rsna_2022_cervical_spine_fracture_detection

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// TestConformance runs the suite on the seed-0 fake data (200 studies, 30
// boxed, 20 segmented, 10 both), compares every prepared file with
// reference_prepare.py's output (which also opened every fake slice with
// pydicom), decodes the copied slices, and checks that broken submissions
// and raw data fail cleanly.
func TestConformance(t *testing.T) {
	zero, half := 0.0, 0.69315
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &half, GoldScore: &zero})
	prepared := filepath.Join(p.DataDir, p.Info.ID, "prepared")
	comptest.CheckReferencePrepared(t, prepared, filepath.Join("testdata", "reference_prepared.json"))
	t.Run("slices are DICOM", func(t *testing.T) {
		n := 0
		for _, split := range []string{"train_images", "test_images"} {
			err := filepath.WalkDir(filepath.Join(p.Paths.Public, split), func(path string, e os.DirEntry, err error) error {
				if err != nil || e.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				d, err := dicomfile.Decode(b)
				if err != nil {
					return err
				}
				if got, want := d.Text(dicomfile.StudyInstanceUID), filepath.Base(filepath.Dir(path)); got != want {
					t.Errorf("%s: StudyInstanceUID %q", path, got)
				}
				n++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if n != 305 {
			t.Errorf("%d slices, want 305", n)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		valid, err := answers.Select("row_id", "fractured")
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, Competition, valid, answers, "row_id", "fractured")
	})
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, filepath.Join(p.DataDir, p.Info.ID, "raw")) })
}

// TestGradeCases grades reference_grade.py's submissions (testdata/grade/).
func TestGradeCases(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.NumpyFloat64)
}

// TestSampleVector checks the spec's random.Random(0).sample test vector
// and Python's round half to even.
func TestSampleVector(t *testing.T) {
	got, err := pyrand.NewRandom(0).Sample(40, 4)
	if err != nil || len(got) != 4 || got[0] != 24 || got[1] != 26 || got[2] != 2 || got[3] != 16 {
		t.Errorf("sample = %v, %v; want [24 26 2 16]", got, err)
	}
	for x, want := range map[float64]int{2019 * 0.1: 202, 235 * 0.1: 24, 87 * 0.1: 9, 40 * 0.1: 4, 22.5: 22} {
		if r := pyRound(x); r != want {
			t.Errorf("round(%v) = %d, want %d", x, r, want)
		}
	}
}

func checkPrepareErrors(t *testing.T, raw string) {
	csvPath := filepath.Join(raw, "train.csv")
	orig, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(orig), "\n")
	uid := strings.Split(lines[1], ",")[0]
	setCSV := func(s string) func() (func(), error) {
		return func() (func(), error) {
			return func() { os.WriteFile(csvPath, orig, 0o644) }, os.WriteFile(csvPath, []byte(s), 0o644)
		}
	}
	for _, tc := range []struct {
		name string
		edit func() (func(), error)
		ctx  bool
	}{
		{"missing study folder", func() (func(), error) {
			from := filepath.Join(raw, "train_images", uid)
			return func() { os.Rename(from+".x", from) }, os.Rename(from, from+".x")
		}, false},
		{"extra column", setCSV(strings.Replace(string(orig), "C7\n", "C7,x\n", 1)), false},
		{"numeric uids", setCSV(lines[0] + strings.Replace(strings.Join(lines[1:], ""), "1.2.826.0.1.3680043.", "", -1)), false},
		{"too few studies to fill", setCSV(strings.Join(lines[:11], "")), false},
		{"cancelled", func() (func(), error) { return func() {}, nil }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			undo, err := tc.edit()
			defer undo()
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			if tc.ctx {
				c, cancel := context.WithCancel(ctx)
				cancel()
				ctx = c
			}
			err = Prepare(ctx, d)
			if err == nil {
				t.Fatal("prepare succeeded")
			}
			if tc.ctx && !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want canceled", err)
			}
		})
	}
}
