package imet_2020_fgvc7

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

const dir = "testdata"

// TestConformance: suite + every CSV, labels.csv and copied image vs
// reference_prepare.py (pandas/scikit-learn) on the seed-0 fake data; scores
// vs reference_grade.py (MultiLabelBinarizer + micro f1_score).
func TestConformance(t *testing.T) {
	impl := Competition
	sample, gold := 0.14634, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &sample, GoldScore: &gold})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "attribute_ids")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,attribute_ids\nb,1 2\na,3\nc,2 4 5\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		// true sizes 2+1+3 = 6; pred (in universe, deduplicated) 2+1+1 = 4; TP = 1+1+0 = 2
		{"unknown tokens dropped, duplicates once", "id,attribute_ids\na,3 3 99\nb,1 5\nc,1\n", 4.0 / 10},
		{"leading zeros and whitespace", "id,attribute_ids\na,  03  \nb,1   2\nc,\n", 4.0 / 8},
		// c's 40 tokens (2, 4 and 5 repeated, 3 unknown ones) take the map path: pred 1+1+3, TP 1+1+3.
		{"long rows deduplicated like short ones", "id,attribute_ids\na,3\nb,1\nc," + strings.Repeat("2 4 5 7 ", 10) + "\n", 10.0 / 11},
		{"all-empty column is valid", "id,attribute_ids\na,\nb,\nc,\n", 0},
		{"every cell one number: AttributeError", "id,attribute_ids\na,3\nb,1\nc,2\n", -2},
		{"2. missing id", "ID,attribute_ids\na,3\nb,1\nc,2 4\n", -1},
		{"3. missing attribute_ids", "id,attr\na,3\nb,1\nc,2 4\n", -1},
		{"4. row count", "id,attribute_ids\na,3\nb,1 2\n", -1},
		{"5. id mismatch", "id,attribute_ids\na,3\nb,1 2\nd,2 4\n", -1},
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
				if err != nil || !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy float64)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}
