package rsna_breast_cancer_detection

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestConformance runs the suite on the seed-0 fake data (60 patients,
// 306 mammograms), compares every prepared file with
// reference_prepare.py's output (which also opened every fake image with
// pydicom), decodes the copied images, and checks that broken submissions
// and raw data fail cleanly.
func TestConformance(t *testing.T) {
	one := 1.0
	sample := 0.17757 // reference_grade.py's "sample" case
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &sample, GoldScore: &one})
	prepared := filepath.Join(p.DataDir, p.Info.ID, "prepared")
	comptest.CheckReferencePrepared(t, prepared, filepath.Join("testdata", "reference_prepared.json"))
	t.Run("images are DICOM", func(t *testing.T) { checkImages(t, p.Paths.Public) })
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, "prediction_id", "cancer")
	})
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, filepath.Join(p.DataDir, p.Info.ID, "raw")) })
}

func checkImages(t *testing.T, public string) {
	n := 0
	for _, split := range []string{"train_images", "test_images"} {
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
			if got, want := d.Text(dicomfile.PatientID), filepath.Base(filepath.Dir(path)); got != want {
				t.Errorf("%s: PatientID %q", path, got)
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n != 306 {
		t.Errorf("%d images, want 306", n)
	}
}

// TestGradeCases grades reference_grade.py's submissions (testdata/grade/)
// and compares outcome, score and score type.
func TestGradeCases(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	var cases map[string]struct {
		Answers string   `json:"answers"`
		Outcome string   `json:"outcome"`
		Score   *float64 `json:"score"`
		Kind    string   `json:"kind"`
	}
	comptest.ReadJSON(t, filepath.Join(dir, "cases.json"), &cases)
	kinds := map[string]competition.ScoreKind{"numpy": competition.NumpyFloat64, "float": competition.PyFloat, "int": competition.PyInt}
	for _, name := range comptest.SortedKeys(cases) {
		c := cases[name]
		t.Run(name, func(t *testing.T) {
			answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, c.Answers))
			if err != nil {
				t.Fatal(err)
			}
			sub, err := grade.ReadSubmission(filepath.Join(dir, name+".csv"))
			if err != nil {
				t.Fatal(err)
			}
			s, err := comptest.SafeGrade(Competition, sub, answers)
			switch c.Outcome {
			case "valid":
				if err != nil {
					t.Fatal(err)
				}
				if s.Kind != kinds[c.Kind] || !comptest.Close(s.Value, *c.Score) {
					t.Errorf("score %.17g kind %v, want %.17g %s", s.Value, s.Kind, *c.Score, c.Kind)
				}
			case "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want invalid", s, err)
				}
			default:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want a plain error", s, err)
				}
			}
		})
	}
}

// TestPF1 checks the hand-derivable pF1 values and types.
func TestPF1(t *testing.T) {
	np := func(v ...float64) []num {
		out := make([]num, len(v))
		for i, x := range v {
			out[i] = num{x, npScalar}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		labels []bool
		preds  []num
		want   float64
		kind   competition.ScoreKind
		err    bool
	}{
		{"P=0.5 R=0.5", []bool{true, false}, np(0.5, 0.5), 0.5, competition.NumpyFloat64, false},
		{"P=1 R=0.25", []bool{true, true}, np(0.5, 0), 2 * 0.25 / 1.25, competition.NumpyFloat64, false},
		{"NaN", []bool{true, false}, np(math.NaN(), 0.5), 0, competition.PyInt, false},
		{"clipped ints", []bool{true, false, true}, np(7, -3, -1), 2 * 0.5 / 1.5, competition.PyFloat, false},
		{"ints only zero", []bool{true, false}, np(-1, -1), 0, 0, true},
		{"-0.0 stays numpy", []bool{true, false}, np(math.Copysign(0, -1), 0), 0, competition.PyInt, false},
		{"empty", nil, nil, 0, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := pF1(tc.labels, tc.preds)
			if tc.err {
				if err == nil {
					t.Fatalf("score %v, want ZeroDivisionError", s)
				}
				return
			}
			if err != nil || s.Kind != tc.kind || math.Abs(s.Value-tc.want) > 1e-15 {
				t.Fatalf("got %v %v, want %v kind %v", s, err, tc.want, tc.kind)
			}
		})
	}
}

func checkPrepareErrors(t *testing.T, raw string) {
	csvPath := filepath.Join(raw, "train.csv")
	orig, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(orig), "\n")
	setCSV := func(s string) func() (func(), error) {
		return func() (func(), error) {
			return func() { os.WriteFile(csvPath, orig, 0o644) }, os.WriteFile(csvPath, []byte(s), 0o644)
		}
	}
	fields := strings.Split(strings.TrimSpace(lines[1]), ",")
	for _, tc := range []struct {
		name string
		edit func() (func(), error)
		ctx  bool
	}{
		{"missing image", func() (func(), error) {
			from := filepath.Join(raw, "train_images", fields[1], fields[2]+".dcm")
			return func() { os.Rename(from+".x", from) }, os.Rename(from, from+".x")
		}, false},
		{"no laterality column", setCSV(strings.Replace(string(orig), "laterality", "side", 1)), false},
		{"float patient ids", setCSV(strings.Replace(string(orig), ","+fields[1]+",", ","+fields[1]+".5,", 1)), false},
		{"one patient", setCSV(lines[0] + lines[1] + lines[2]), false},
		{"one image per breast", setCSV(func() string {
			// keep the first row of every (patient, side): answers rows = test rows
			seen := map[string]bool{}
			out := lines[0]
			for _, l := range lines[1:] {
				f := strings.Split(l, ",")
				if len(f) > 3 && !seen[f[1]+f[3]] {
					seen[f[1]+f[3]] = true
					out += l
				}
			}
			return out
		}()), false},
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
