package paddy_disease_classification

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/table"
)

const testID = "paddy-disease-classification"

// TestConformance runs the suite on the seed-0 fake data (120 rows, 30
// test rows) and compares every prepared file (CSVs and each copied image)
// with reference_prepared.json, which reference_prepare.py (pandas,
// scikit-learn train_size-only split, shutil.copy) produced from the same
// raw data. The empty-label sample scores 0, as upstream expects.
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
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "image_id", "label")
	})
}

// TestGrade covers the spec's Grade rules on hand-made tables, the
// binary-path cases included (scores by hand).
func TestGrade(t *testing.T) {
	multi := comptest.Table(t, "image_id,label,variety,age\n1.jpg,blast,ADT45,50\n2.jpg,hispa,ADT45,60\n3.jpg,normal,RR,45\n4.jpg,blast,RR,70\n")
	binary := comptest.Table(t, "image_id,label,variety,age\n1.jpg,blast,ADT45,50\n2.jpg,hispa,ADT45,60\n3.jpg,blast,RR,45\n4.jpg,hispa,RR,70\n")
	withNaN := comptest.Table(t, "image_id,label,variety,age\n1.jpg,blast,,50\n2.jpg,hispa,ADT45,60\n3.jpg,normal,RR,45\n4.jpg,blast,RR,70\n")
	for _, tc := range []struct {
		name     string
		ans, sub string
		want     float64 // -1 invalid, -2 other error
	}{
		{"perfect, other order", "m", "image_id,label\n4.jpg,blast\n3.jpg,normal\n2.jpg,hispa\n1.jpg,blast\n", 1},
		{"case-sensitive", "m", "image_id,label\n1.jpg,Blast\n2.jpg,hispa\n3.jpg,normal\n4.jpg,blast\n", 0.75},
		{"missing cell is empty string", "m", "image_id,label\n1.jpg,\n2.jpg,hispa\n3.jpg,normal\n4.jpg,blast\n", 0.75},
		{"all empty", "m", "image_id,label\n1.jpg,\n2.jpg,\n3.jpg,\n4.jpg,\n", 0},
		{"ints (multiclass)", "m", "image_id,label\n1.jpg,1\n2.jpg,2\n3.jpg,1\n4.jpg,1\n", 0},
		{"ints raise (binary)", "b", "image_id,label\n1.jpg,1\n2.jpg,2\n3.jpg,1\n4.jpg,1\n", -2},
		{"floats with NaN are strings (binary, no error)", "b", "image_id,label\n1.jpg,1.0\n2.jpg,\n3.jpg,1.0\n4.jpg,1.0\n", 0},
		{"non-integral floats", "m", "image_id,label\n1.jpg,0.5\n2.jpg,2\n3.jpg,1\n4.jpg,1\n", -2},
		{"answers with NaN", "n", "image_id,label\n1.jpg,blast\n2.jpg,hispa\n3.jpg,normal\n4.jpg,blast\n", -2},
		{"2a. no label column", "m", "image_id,Label\n1.jpg,blast\n2.jpg,hispa\n3.jpg,normal\n4.jpg,blast\n", -1},
		{"2a. no image_id column", "m", "id,label\n1.jpg,blast\n2.jpg,hispa\n3.jpg,normal\n4.jpg,blast\n", -1},
		{"2b. row count", "m", "image_id,label\n1.jpg,blast\n", -1},
		{"2c. ids differ", "m", "image_id,label\n1.jpg,blast\n2.jpg,hispa\n3.jpg,normal\n5.jpg,blast\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans := map[string]*table.Table{"m": multi, "b": binary, "n": withNaN}[tc.ans]
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
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestPrepareErrors: raw data the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"sample submission with an extra column", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "sample_submission.csv"), []byte("image_id,label,x\n1.jpg,,1\n"), 0o644)
		}},
		{"empty sample submission", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "sample_submission.csv"), nil, 0o644)
		}},
		{"missing image", func(raw string) error {
			m, err := filepath.Glob(filepath.Join(raw, "train_images", "*", "*.jpg"))
			if err != nil || len(m) == 0 {
				return errors.New("no images")
			}
			return os.Remove(m[0])
		}},
		{"duplicate image_id", func(raw string) error {
			c := synth.CSV{Header: []string{"image_id", "label", "variety", "age"}}
			for i := range 8 {
				label := labelList[i%3]
				c.Add("7.jpg", label, "RR", "50")
				if err := synth.WriteFile(filepath.Join(raw, "train_images", label, "7.jpg"), []byte("x")); err != nil {
					return err
				}
			}
			return c.Write(filepath.Join(raw, "train.csv"))
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
