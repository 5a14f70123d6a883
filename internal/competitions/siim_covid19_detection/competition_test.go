package siim_covid19_detection

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
)

// TestConformance runs the suite on the seed-0 fake data (40 studies, 76
// images), compares every prepared file with reference_prepare.py's output
// (which also opened every fake image with pydicom), decodes the copied
// images, and checks that broken submissions and raw data fail cleanly.
func TestConformance(t *testing.T) {
	one := 1.0
	sample := 0.29693 // reference_grade.py's "sample" case
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &sample, GoldScore: &one})
	prepared := filepath.Join(p.DataDir, p.Info.ID, "prepared")
	comptest.CheckReferencePrepared(t, prepared, filepath.Join("testdata", "reference_prepared.json"))
	t.Run("images are DICOM", func(t *testing.T) {
		n := 0
		for _, split := range []string{"train", "test"} {
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
				if got, want := d.Text(dicomfile.PatientID), filepath.Base(filepath.Dir(filepath.Dir(path))); got != want {
					t.Errorf("%s: PatientID %q", path, got)
				}
				n++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if n != 76 {
			t.Errorf("%d images, want 76", n)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, "id", "PredictionString")
	})
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, filepath.Join(p.DataDir, p.Info.ID, "raw")) })
}

// TestGradeCases grades reference_grade.py's submissions (testdata/grade/).
func TestGradeCases(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	var cases map[string]struct {
		Answers string   `json:"answers"`
		Outcome string   `json:"outcome"`
		Score   *float64 `json:"score"`
	}
	comptest.ReadJSON(t, filepath.Join(dir, "cases.json"), &cases)
	if len(cases) < 10 {
		t.Fatalf("%d cases", len(cases))
	}
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
				if s.Kind != competition.NumpyFloat64 || !comptest.Close(s.Value, *c.Score) {
					t.Errorf("score %.17g kind %v, want %.17g", s.Value, s.Kind, *c.Score)
				}
			case "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want invalid", s, err)
				}
			default:
				t.Fatalf("outcome %q", c.Outcome)
			}
		})
	}
}

// TestIoU checks corner-box IoU by hand.
func TestIoU(t *testing.T) {
	for _, tc := range []struct {
		a, b [4]float64
		want float64
	}{
		{[4]float64{0, 0, 2, 2}, [4]float64{1, 1, 3, 3}, 1.0 / 7},
		{[4]float64{0, 0, 2, 2}, [4]float64{0, 0, 2, 2}, 1},
		{[4]float64{0, 0, 1, 1}, [4]float64{2, 2, 3, 3}, 0},
		{[4]float64{0, 0, 0, 0}, [4]float64{0, 0, 0, 0}, 0}, // union 0
		{[4]float64{0, 0, 4, 1}, [4]float64{1, 0, 3, 1}, 0.5},
	} {
		if got := iou(tc.a, tc.b); got != tc.want {
			t.Errorf("iou(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func checkPrepareErrors(t *testing.T, raw string) {
	imgPath := filepath.Join(raw, "train_image_level.csv")
	orig, err := os.ReadFile(imgPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(orig), "\n")
	study := strings.TrimSpace(lines[1][strings.LastIndex(lines[1], ",")+1:])
	for _, tc := range []struct {
		name string
		edit func() (func(), error)
		ctx  bool
	}{
		{"missing study folder", func() (func(), error) {
			from := filepath.Join(raw, "train", study)
			return func() { os.Rename(from+".x", from) }, os.Rename(from, from+".x")
		}, false},
		{"image of an unknown study", func() (func(), error) {
			bad := strings.Replace(string(orig), ","+study+"\n", ",ffffffffffff\n", 1)
			return func() { os.WriteFile(imgPath, orig, 0o644) }, os.WriteFile(imgPath, []byte(bad), 0o644)
		}, false},
		{"numeric StudyInstanceUID", func() (func(), error) {
			var sb strings.Builder
			sb.WriteString(lines[0])
			for i, l := range lines[1:] {
				if l == "" {
					continue
				}
				sb.WriteString(l[:strings.LastIndex(l, ",")+1] + strings.Repeat("1", 11) + string(rune('0'+i%10)) + "\n")
			}
			return func() { os.WriteFile(imgPath, orig, 0o644) }, os.WriteFile(imgPath, []byte(sb.String()), 0o644)
		}, false},
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
