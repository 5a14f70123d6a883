package iwildcam_2020_fgvc7

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

const testID = "iwildcam-2020-fgvc7"

// TestConformance runs the suite on the seed-0 fake data (80 images
// over 16 locations, a missing key that turns a column float, NaN in the
// test categories, non-ASCII info) and compares every prepared file with
// reference_prepared.json from reference_prepare.py (pandas DataFrame /
// to_dict, scikit-learn split, numpy randint, json.dump); grading is compared
// with reference_scores.json from reference_grade.py (sklearn
// accuracy_score).
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
		comptest.Malformed(t, impl, answers, answers, "Id", "Category")
	})
}

// TestGrade covers the spec's Grade rules on hand-made tables.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Id,Category\na,1\nb,2\nc,3\nd,1\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect, other order", "Id,Category\nd,1\nc,3\nb,2\na,1\n", 1},
		{"integral floats match ints", "Id,Category\na,1.0\nb,2.0\nc,0.0\nd,1.0\n", 0.75},
		{"text column counts as wrong", "Id,Category\na,x\nb,2\nc,3\nd,1\n", 0},
		{"non-integral float raises", "Id,Category\na,1.5\nb,2\nc,3\nd,1\n", -2},
		{"NaN raises", "Id,Category\na,\nb,2\nc,3\nd,1\n", -2},
		{"2. row count", "Id,Category\na,1\n", -1},
		{"2. Category missing", "Id,Cat\na,1\nb,2\nc,3\nd,1\n", -1},
		{"2. Id missing", "id,Category\na,1\nb,2\nc,3\nd,1\n", -1},
		{"2. Ids differ", "Id,Category\na,1\nb,2\nc,3\ne,1\n", -1},
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
				if s.Value != tc.want || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestPrepareErrors: raw data the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	write := func(name, body string) func(raw string) error {
		return func(raw string) error { return os.WriteFile(filepath.Join(raw, name), []byte(body), 0o644) }
	}
	const tr = "iwildcam2020_train_annotations.json"
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"no megadetector results", func(raw string) error { return os.Remove(filepath.Join(raw, "iwildcam2020_megadetector_results.json")) }},
		{"no test information", func(raw string) error { return os.Remove(filepath.Join(raw, "iwildcam2020_test_information.json")) }},
		{"extra train key", write(tr, `{"annotations": [], "images": [{"id": "a", "location": 1}, {"id": "b", "location": 2}], "categories": [], "info": {}, "x": 1}`)},
		{"single location", write(tr, `{"annotations": [], "images": [{"id": "a", "location": 1}], "categories": [], "info": {}}`)},
		{"duplicate image id", write(tr, `{"annotations": [], "images": [{"id": "a", "location": 1}, {"id": "a", "location": 2}, {"id": "b", "location": 3}], "categories": [], "info": {}}`)},
		{"missing image file", func(raw string) error {
			ents, err := os.ReadDir(filepath.Join(raw, "train"))
			if err != nil {
				return err
			}
			return os.Remove(filepath.Join(raw, "train", ents[0].Name()))
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
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 30}); err != nil {
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
