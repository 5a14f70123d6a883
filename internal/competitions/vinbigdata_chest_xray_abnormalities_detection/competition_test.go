package vinbigdata_chest_xray_abnormalities_detection

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
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

// TestConformance runs the suite on the seed-0 fake data (the 15,000
// images the original's literal asserts require, so about 30,000 small
// files are written and copied per prepare: skipped with -short), and
// compares the CSVs and the image folders' manifests with
// reference_prepare.py's output.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and copies 15,000 DICOM files per prepare")
	}
	var ref struct {
		Files     map[string]string `json:"files"`
		Manifests map[string]string `json:"manifests"`
	}
	comptest.ReadJSON(t, filepath.Join("testdata", "reference_prepared.json"), &ref)
	golden := filepath.Join(t.TempDir(), "golden.json")
	b := "{"
	for _, k := range comptest.SortedKeys(ref.Files) {
		if b != "{" {
			b += ","
		}
		b += fmt.Sprintf("%q:%q", k, ref.Files[k])
	}
	if err := os.WriteFile(golden, []byte(b+"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := competitiontest.Run(t, Competition, competitiontest.Options{GoldenMD5: golden, GoldenExclude: []string{"public/train/", "public/test/"}})
	for dir, want := range ref.Manifests {
		if got := manifestMD5(t, filepath.Join(p.Paths.Public, strings.TrimPrefix(dir, "public/"))); got != want {
			t.Errorf("%s manifest md5 %s, reference %s", dir, got, want)
		}
	}
	t.Run("images are DICOM", func(t *testing.T) {
		entries, err := os.ReadDir(filepath.Join(p.Paths.Public, "test"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries[:20] {
			b, err := os.ReadFile(filepath.Join(p.Paths.Public, "test", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			d, err := dicomfile.Decode(b)
			if err != nil || d.Text(dicomfile.PatientID)+".dicom" != e.Name() {
				t.Errorf("%s: %v, PatientID %q", e.Name(), err, d.Text(dicomfile.PatientID))
			}
		}
	})
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, filepath.Join(p.DataDir, p.Info.ID, "raw")) })
}

// TestMalformed grades malformed variants of the gold submission of
// testdata/grade: never a panic; duplicated rows stay valid (rows are not
// counted), so only the structural cases are required to fail.
func TestMalformed(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile(filepath.Join(dir, "gold.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(gold), competition.NumpyFloat64)
	lines := strings.SplitAfter(string(gold), "\n")
	for name, text := range map[string]string{
		"no rows":       lines[0],
		"no id column":  strings.Replace(string(gold), "image_id", "id", 1),
		"renamed ids":   strings.Replace(string(gold), "\n"+strings.Split(lines[1], ",")[0], "\nx", 1),
		"one row":       lines[0] + lines[1],
		"NaN predicted": strings.Replace(string(gold), ",", ",\n", 0) + strings.Split(lines[1], ",")[0] + ",\n",
	} {
		sub := comptest.TableOrEmpty(t, text)
		if s, err := comptest.SafeGrade(Competition, sub, answers); err == nil {
			t.Errorf("%s: score %v, want an error", name, s)
		}
	}
}

func manifestMD5(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&sb, "%s %s\n", e.Name(), comptest.MD5File(t, filepath.Join(dir, e.Name())))
	}
	sum := md5.Sum([]byte(sb.String()))
	return hex.EncodeToString(sum[:])
}

// TestGradeCases grades reference_grade.py's submissions against its
// 30-image answers (testdata/grade/).
func TestGradeCases(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	var cases map[string]struct {
		Outcome string   `json:"outcome"`
		Score   *float64 `json:"score"`
	}
	comptest.ReadJSON(t, filepath.Join(dir, "cases.json"), &cases)
	if len(cases) < 10 {
		t.Fatalf("%d cases", len(cases))
	}
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range comptest.SortedKeys(cases) {
		c := cases[name]
		t.Run(name, func(t *testing.T) {
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

// TestIDZeroQuirks checks the pycocotools id-0 behaviour by hand on one
// image and category with two ground-truth boxes.
func TestIDZeroQuirks(t *testing.T) {
	box := func(x float64) [4]float64 { return [4]float64{x, 0, 10, 10} } // xywh as pycocotools reads it
	gts := []annotation{{id: 0, bbox: box(0), area: 1}, {id: 1, bbox: box(100), area: 1}}
	// A perfect copy: GT 0 can never be a true positive.
	dts := []annotation{{id: 0, score: 0.9, bbox: box(0), area: 1}, {id: 1, score: 0.8, bbox: box(100), area: 1}}
	// order: d0 (matches GT 0: counted FP), d1 (TP) → recall 0.5 at precision 0.5
	got := cocoStats0(gts, dts, 1, []int64{0})
	// precision 1/(2+eps) at the 51 recall thresholds up to 0.5, then 0
	want := (1 / (2 + 0x1p-52)) * 51 / 101
	if !comptest.Close(got, want) {
		t.Errorf("perfect copy: %.17g, want %.17g", got, want)
	}
	// Detection 0 matching GT 1 does not consume it: detection 1 matches
	// it too, and two true positives give recall 1 although GT 0 is missed.
	dts = []annotation{{id: 0, score: 0.9, bbox: box(100), area: 1}, {id: 1, score: 0.8, bbox: box(100), area: 1}}
	if got, want := cocoStats0(gts, dts, 1, []int64{0}), 2/(2+0x1p-52); !comptest.Close(got, want) {
		t.Errorf("double match: %.17g, want %.17g", got, want)
	}
	// With detection ids from 1 the first one consumes GT 1: one TP, recall 0.5.
	dts[0].id, dts[1].id = 1, 2
	if got, want := cocoStats0(gts, dts, 1, []int64{0}), 51.0/101/(1+0x1p-52); !comptest.Close(got, want) {
		t.Errorf("single match: %.17g, want %.17g", got, want)
	}
}

func checkPrepareErrors(t *testing.T, raw string) {
	csvPath := filepath.Join(raw, "train.csv")
	orig, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(orig), "\n")
	first := strings.Split(lines[1], ",")[0]
	for _, tc := range []struct {
		name string
		edit func() (func(), error)
	}{
		{"14999 images", func() (func(), error) {
			var sb strings.Builder
			for _, l := range lines {
				if !strings.HasPrefix(l, first+",") {
					sb.WriteString(l)
				}
			}
			return func() { os.WriteFile(csvPath, orig, 0o644) }, os.WriteFile(csvPath, []byte(sb.String()), 0o644)
		}},
		{"missing image file", func() (func(), error) {
			from := filepath.Join(raw, "train", first+".dicom")
			return func() { os.Rename(from+".x", from) }, os.Rename(from, from+".x")
		}},
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
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}
