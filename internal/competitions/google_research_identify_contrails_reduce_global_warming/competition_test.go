package google_research_identify_contrails_reduce_global_warming

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
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file must match testdata/golden_md5.json, which reference_prepare.py
// (numpy + scikit-learn + json) produced from the same raw data; the
// submissions in testdata/submissions must score as reference_grade.py
// says.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: &zero, GoldScore: &one, GoldenMD5: "testdata/golden_md5.json",
	})
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, "record_id", "encoded_pixels")
	})
}

// TestGradeQuirks: NaN when nothing is foreground, mixed sizes fail, and
// answer-side decode failures.
func TestGradeQuirks(t *testing.T) {
	for _, tc := range []struct {
		name, sub, answers string
		want               float64 // NaN: error, not invalid; -1: invalid; -2: NaN score
	}{
		{"global, not per-record", "record_id,encoded_pixels\n1,1 2\n2,-\n", "record_id,encoded_pixels,height,width\n1,1 4,2,2\n2,1 2,2,2\n", 2.0 * 2 / 8},
		{"both empty is NaN", "record_id,encoded_pixels\n1,-\n2,-\n", "record_id,encoded_pixels,height,width\n1,-,2,2\n2,-,2,2\n", -2},
		{"records of different sizes", "record_id,encoded_pixels\n1,1 2\n2,-\n", "record_id,encoded_pixels,height,width\n1,1 4,2,2\n2,1 2,3,3\n", math.NaN()},
		{"extra answer column", "record_id,encoded_pixels\n1,1 2\n", "record_id,encoded_pixels,height,width,x\n1,1 4,2,2,0\n", math.NaN()},
		{"answer decode assertion is invalid", "record_id,encoded_pixels\n1,1 2\n", "record_id,encoded_pixels,height,width\n1,5 1 2 1,2,2\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), comptest.Table(t, tc.answers))
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("score %v err %v, want invalid", s.Value, err)
				}
			case tc.want == -2:
				if err != nil || !math.IsNaN(s.Value) || s.Kind != competition.PyFloat {
					t.Fatalf("score %v (%v) err %v, want a Python NaN", s.Value, s.Kind, err)
				}
			case math.IsNaN(tc.want):
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("score %v err %v, want a non-invalid error", s.Value, err)
				}
			default:
				if err != nil || math.Abs(s.Value-tc.want) > 1e-15 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v err %v, want %v", s.Value, err, tc.want)
				}
			}
		})
	}
}

func newDirs(t *testing.T) competition.Dirs {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPrepareFailures: the split's size rules, record ids and missing files.
func TestPrepareFailures(t *testing.T) {
	write := func(name, text string) func(t *testing.T, raw string) {
		return func(t *testing.T, raw string) {
			if err := os.WriteFile(filepath.Join(raw, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name    string
		edit    func(t *testing.T, raw string)
		wantErr string
	}{
		{"empty validation metadata: test size 0", write("validation_metadata.json", "[]"), "test_size"},
		{"numeric record id", write("train_metadata.json", `[{"record_id": 5}, {"record_id": "6"}]`), "not a string"},
		{"record id escaping the folder", write("train_metadata.json", `[{"record_id": ".."}, {"record_id": "6"}, {"record_id": "7"}]`), "path component"},
		{"not JSON", write("train_metadata.json", `[{"record_id": "1"`), "train_metadata.json"},
		{"missing band file", func(t *testing.T, raw string) {
			ents, _ := os.ReadDir(filepath.Join(raw, "train"))
			for _, e := range ents {
				os.Remove(filepath.Join(raw, "train", e.Name(), "band_12.npy"))
			}
		}, "band_12.npy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDirs(t)
			tc.edit(t, d.Raw)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}

// TestPrepareWithoutValidationTree: raw/validation is created when missing
// and public/validation ends up empty.
func TestPrepareWithoutValidationTree(t *testing.T) {
	d := newDirs(t)
	if err := os.RemoveAll(filepath.Join(d.Raw, "validation")); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(d.Raw, "validation"), filepath.Join(d.Public, "validation")} {
		ents, err := os.ReadDir(p)
		if err != nil || len(ents) != 0 {
			t.Fatalf("%s: %v entries, err %v", p, len(ents), err)
		}
	}
}

// TestEncodeMaskOrders: Fortran-ordered and bool masks encode as NumPy's
// transpose-then-flatten does.
func TestEncodeMaskOrders(t *testing.T) {
	dir := t.TempDir()
	// 2×3 mask [[1,0,1],[1,1,0]]: column-major 1,1,0,1,1,0 → "1 2 4 2".
	c := filepath.Join(dir, "c.npy")
	if err := writeNpy(c, "|b1", []int{2, 3, 1}, []byte{1, 0, 1, 1, 1, 0}); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "f.npy")
	hdr := strings.Replace(string(npyfile.FormatHeader("<i2", []int{2, 3, 1})), "False", "True ", 1)
	if err := os.WriteFile(f, append([]byte(hdr), 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{c, f} {
		got, err := encodeMaskFile(p)
		if err != nil || got != "1 2 4 2" {
			t.Errorf("%s: %q, %v; want \"1 2 4 2\"", filepath.Base(p), got, err)
		}
	}
}
