package herbarium_2020_fgvc7

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
	"github.com/mlebench/mlebench/internal/grade"
)

const testID = "herbarium-2020-fgvc7"

// TestConformance runs the suite on the seed-0 fake data (60 images
// in categories of size 1, 2–4 and ≥ 5, non-ASCII text) and compares every
// prepared file (both metadata.json files, every copied image, the CSVs)
// with reference_prepared.json from reference_prepare.py (json, random,
// scikit-learn, pandas); grading is compared with reference_scores.json
// from reference_grade.py (sklearn f1_score macro).
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &zero, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "Id", "Predicted")
	})
}

// TestGrade covers the spec's Grade rules on hand-made tables.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Id,Predicted\n0,5\n1,7\n2,5\n3,9\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		// labels {5,7,9}: F1 5 = 1, 7 = 1, 9 = 1
		{"perfect, other order", "Id,Predicted\n3,9\n2,5\n1,7\n0,5\n", 1},
		// labels {5,7,9,4}: 5: TP1 FN1 → 2/3; 7: 1; 9: 1; 4: 0 → (2/3+2)/4
		{"unseen predicted label lowers the mean", "Id,Predicted\n0,5\n1,7\n2,4\n3,9\n", (2.0/3 + 2) / 4},
		{"floats truncate toward zero", "Id,Predicted\n0,5.9\n1,7.1\n2,5.5\n3,9.99\n", 1},
		{"int() of text with spaces", "Id,Predicted\n0,x5\n1,7\n2,5\n3,9\n", -2},
		{"NaN raises", "Id,Predicted\n0,\n1,7\n2,5\n3,9\n", -2},
		{"1. row count", "Id,Predicted\n0,5\n", -1},
		{"2. no Id", "ID,Predicted\n0,5\n1,7\n2,5\n3,9\n", -1},
		{"2. no Predicted", "Id,Prediction\n0,5\n1,7\n2,5\n3,9\n", -1},
		{"3. ids differ", "Id,Predicted\n0,5\n1,7\n2,5\n4,9\n", -1},
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
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

func TestParseInt(t *testing.T) {
	for s, want := range map[string]int64{" 12 ": 12, "+3": 3, "-4": -4, "1_000": 1000} {
		if got, ok := parseInt(s); !ok || got != want {
			t.Errorf("int(%q) = %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "1.0", "_1", "1__0", "1_", "abc", "--1", "99999999999999999999"} {
		if _, ok := parseInt(s); ok {
			t.Errorf("int(%q) accepted", s)
		}
	}
}

// TestPrepareErrors: raw metadata the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	meta := func(body string) func(raw string) error {
		return func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "nybg2020", "train", "metadata.json"), []byte(body), 0o644)
		}
	}
	img := `{"file_name": "images/001/02/1.jpg", "id": 1}`
	ann := `{"category_id": 102, "image_id": 1}`
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"no metadata", func(raw string) error { return os.Remove(filepath.Join(raw, "nybg2020", "train", "metadata.json")) }},
		{"missing regions", meta(`{"annotations": [], "categories": [], "images": [], "info": {}, "licenses": []}`)},
		{"extra key", meta(`{"annotations": [], "categories": [], "images": [], "info": {}, "licenses": [], "regions": [], "x": 1}`)},
		{"length mismatch", meta(`{"annotations": [` + ann + `], "categories": [], "images": [], "info": {}, "licenses": [], "regions": []}`)},
		{"id mismatch", meta(`{"annotations": [{"category_id": 102, "image_id": 2}], "categories": [], "images": [` + img + `], "info": {}, "licenses": [], "regions": []}`)},
		{"no test image", meta(`{"annotations": [` + ann + `], "categories": [], "images": [` + img + `], "info": {}, "licenses": [], "regions": []}`)},
		{"string category", meta(`{"annotations": [{"category_id": "102", "image_id": 1}], "categories": [], "images": [` + img + `], "info": {}, "licenses": [], "regions": []}`)},
		{"file outside category folder", func(raw string) error {
			p := filepath.Join(raw, "nybg2020", "train", "metadata.json")
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s := string(b)
			i := strings.Index(s, `"file_name": "images/`) + len(`"file_name": "images/`)
			return os.WriteFile(p, []byte(s[:i]+"999/"+s[i:]), 0o644)
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
