package histopathologic_cancer_detection

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
)

const testdataDir = "testdata"

// TestConformance: suite + CSVs (raw order) and every copied image vs
// reference_prepare.py on the seed-0 fake data; scores vs scikit-learn. The
// all-zero sample scores 0.5, as upstream's test expects.
func TestConformance(t *testing.T) {
	impl := Competition
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &half, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "label")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,label\nf00a,1\nb00c,0\nd00e,0\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"constant predictions: 0.5", "id,label\nf00a,0\nb00c,0\nd00e,0\n", 0.5},
		{"tie with one negative", "id,label\nd00e,0.2\nf00a,0.7\nb00c,0.7\n", 0.75},
		{"1. no id", "ID,label\nf00a,1\nb00c,0\nd00e,0\n", -1},
		{"2. no label", "id,p\nf00a,1\nb00c,0\nd00e,0\n", -1},
		{"3. row count", "id,label\nf00a,1\n", -1},
		{"4. to_numeric fails", "id,label\nf00a,x\nb00c,0\nd00e,0\n", -1},
		{"5. out of range", "id,label\nf00a,1\nb00c,-0.5\nd00e,0\n", -1},
		{"5. NaN passes, sklearn raises", "id,label\nf00a,\nb00c,0\nd00e,0\n", -2},
		{"6. ids differ (case-sensitive)", "id,label\nF00A,1\nb00c,0\nd00e,0\n", -1},
		{"6. numeric ids never equal text ids", "id,label\n1,1\n2,0\n3,0\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch tc.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil || s.Value != tc.want || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}

// TestPrepareTestCount: the test share comes from the raw test folder;
// an empty folder makes the split fail.
func TestPrepareTestCount(t *testing.T) {
	for _, tc := range []struct {
		name     string
		numTest  int
		wantTest int // rows of answers.csv; -1 = error
	}{
		{"1 of 11 → ceil(10/11) = 1", 1, 1},
		{"10 of 20 → 5", 10, 5},
		{"no test files", 0, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			os.MkdirAll(filepath.Join(d.Raw, "test"), 0o755)
			csv := synth.CSV{Header: []string{"id", "label"}}
			for i := range 10 {
				id := "a" + strings.Repeat("0", i)
				csv.Add(id, "1")
				synth.WriteFile(filepath.Join(d.Raw, "train", id+".tif"), []byte(id))
			}
			csv.Write(filepath.Join(d.Raw, "train_labels.csv"))
			for i := range tc.numTest {
				synth.WriteFile(filepath.Join(d.Raw, "test", strings.Repeat("b", i+1)+".tif"), nil)
			}
			synth.WriteFile(filepath.Join(d.Raw, "test", "x.TIF"), nil) // not counted
			err := Prepare(context.Background(), d)
			if tc.wantTest < 0 {
				if err == nil {
					t.Fatal("want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(filepath.Join(d.Private, "answers.csv"))
			if got := strings.Count(string(b), "\n") - 1; got != tc.wantTest {
				t.Fatalf("answers have %d rows, want %d", got, tc.wantTest)
			}
		})
	}
}
