package jigsaw_unintended_bias_in_toxicity_classification

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; the prepared
// files must match golden_md5.json from reference_prepare.py (pandas), and
// the scores of testdata/<id>/submissions must match reference_grade.py's
// (sklearn roc_auc_score on the binarised predictions).
func TestConformance(t *testing.T) {
	const id = "jigsaw-unintended-bias-in-toxicity-classification"
	impl := Competition
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &half,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "id", "toxicity")
	})
}

// TestGrade checks the spec's rules on a tiny answers table where every
// identity has the same values, so the hand computation is short.
func TestGrade(t *testing.T) {
	head := "id,toxicity,male,female,homosexual_gay_or_lesbian,christian,jewish,muslim,black,white,psychiatric_or_mental_illness\n"
	ans := comptest.Table(t, head+
		"1,0.9,1,1,1,1,1,1,1,1,1\n"+
		"2,0.1,1,1,1,1,1,1,1,1,1\n"+
		"3,0.6,0,0,0,0,0,0,0,0,0\n"+
		"4,0.0,,,,,,,,,\n")
	// Binarised truth 1,0,1,0; identity rows {1,2}. Subsets: subgroup
	// {1,2}, BPSN {2,3}, BNSP {1,4}, each with both classes.
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect", "id,prediction\n1,0.9\n2,0.2\n3,0.5\n4,0\n", 1},
		{"toxicity column", "id,toxicity\n4,0\n3,0.5\n2,0.2\n1,0.9\n", 1},
		{"constant", "id,prediction\n1,0\n2,0\n3,0\n4,0\n", 0.5},
		// Inverted: every AUC is 0, every generalized mean is 0.
		{"inverted: AUC 0 gives inf, mean 0", "id,prediction\n1,0\n2,1\n3,0\n4,1\n", 0},
		{"1. missing id", "ID,prediction\n1,0\n2,0\n3,0\n4,0\n", -1},
		{"2. missing prediction/toxicity", "id,pred\n1,0\n2,0\n3,0\n4,0\n", -1},
		{"4. ids differ", "id,prediction\n1,0\n2,0\n3,0\n5,0\n", -1},
		{"4. one row against many", "id,prediction\n1,0\n", -1},
		{"4. lengths cannot broadcast", "id,prediction\n1,0\n2,0\n", -2},
		{"4. no rows", "id,prediction\n", -2},
		{"both columns", "id,prediction,toxicity\n1,0,0\n2,0,0\n3,0,0\n4,0,0\n", -2},
		{"text prediction", "id,prediction\n1,a\n2,0\n3,0\n4,0\n", -2},
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
				if math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
	t.Run("one id against one answer", func(t *testing.T) {
		one := comptest.Table(t, head+"1,0.9,1,1,1,1,1,1,1,1,1\n")
		_, err := Grade(comptest.Table(t, "id,prediction\n1,0\n1,1\n"), one)
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a non-invalid error", err)
		}
	})
}
