package rsna_miccai_brain_tumor_radiogenomic_classification

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
)

// TestConformance runs the suite on the seed-0 fake data (60 cases, 365
// DICOM slices), compares every prepared file with reference_prepare.py's
// output (which also opened every fake slice with pydicom), checks the
// copied slices are DICOM files of their case, and checks that broken
// submissions and raw data fail cleanly.
func TestConformance(t *testing.T) {
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &half, GoldScore: &one})
	prepared := filepath.Join(p.DataDir, p.Info.ID, "prepared")
	comptest.CheckReferencePrepared(t, prepared, filepath.Join("testdata", "reference_prepared.json"))
	t.Run("slices are DICOM", func(t *testing.T) { checkSlices(t, p.Paths.Public) })
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, idColumn, targetColumn)
	})
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, filepath.Join(p.DataDir, p.Info.ID, "raw")) })
}

// checkSlices decodes every prepared .dcm file: each is an MR slice whose
// PatientID is its case folder and whose series is its modality folder.
func checkSlices(t *testing.T, public string) {
	n := 0
	for _, split := range []string{"train", "test"} {
		err := filepath.WalkDir(filepath.Join(public, split), func(path string, e os.DirEntry, err error) error {
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
			modality, caseID := filepath.Base(filepath.Dir(path)), filepath.Base(filepath.Dir(filepath.Dir(path)))
			if d.Text(dicomfile.PatientID) != caseID || d.Text(dicomfile.SeriesDescription) != modality || d.Text(dicomfile.SOPClassUID) != dicomfile.MRImageStorage {
				t.Errorf("%s: PatientID %q, series %q", path, d.Text(dicomfile.PatientID), d.Text(dicomfile.SeriesDescription))
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n != 365 {
		t.Errorf("%d slices, want the 365 fake train slices", n)
	}
}

// TestGradeCases grades reference_grade.py's submissions against its
// answers (testdata/grade/), one case per spec check.
func TestGradeCases(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.NumpyFloat64)
}

// checkPrepareErrors: raw data the original's prepare fails on. raw is the
// conformance run's fake raw folder; each case edits it and undoes it.
func checkPrepareErrors(t *testing.T, raw string) {
	labels := filepath.Join(raw, "train_labels.csv")
	orig, err := os.ReadFile(labels)
	if err != nil {
		t.Fatal(err)
	}
	setLabels := func(s string) func() (func(), error) {
		return func() (func(), error) {
			return func() { os.WriteFile(labels, orig, 0o644) }, os.WriteFile(labels, []byte(s), 0o644)
		}
	}
	lines := strings.SplitAfter(string(orig), "\n")
	for _, tc := range []struct {
		name string
		edit func() (func(), error)
		ctx  bool
	}{
		{"missing case folder", func() (func(), error) {
			from := filepath.Join(raw, "train", "00004")
			return func() { os.Rename(from+".x", from) }, os.Rename(from, from+".x")
		}, false},
		{"duplicate id", setLabels(strings.Join(lines[:len(lines)-1], "") + strings.Replace(lines[1], ",1", ",0", 1) + lines[1]), false},
		{"non-integer label", setLabels(strings.Replace(string(orig), ",1\n", ",0.5\n", 1)), false},
		{"missing label", setLabels(strings.Replace(string(orig), ",1\n", ",\n", 1)), false},
		{"no MGMT_value column", setLabels(strings.Replace(string(orig), "MGMT_value", "label", 1)), false},
		{"one row", setLabels(lines[0] + lines[1]), false},
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
