package chaii_hindi_and_tamil_question_answering

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestConformance runs the suite on the seed-0 fake data; the prepared
// files must match golden_md5.json from reference_prepare.py (pandas +
// scikit-learn), and the scores of testdata/<id>/submissions must match
// reference_grade.py's (MultiLabelBinarizer + jaccard_score samples).
func TestConformance(t *testing.T) {
	const id = "chaii-hindi-and-tamil-question-answering"
	impl := Competition
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &zero,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "PredictionString")
	})
}

// TestGrade checks each Grade rule with hand-computed Jaccard means.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,PredictionString\nb,Delhi है\na,चेन्नई\nc,\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect (empty vs empty row scores 0)", "id,PredictionString\na,चेन्नई\nb,है  delhi\nc,\n", 2.0 / 3},
		// b: {delhi, है} vs {delhi}: 1/2; a: 0; c: {x} vs {}: 0.
		{"partial", "id,PredictionString\nc,x\nb,DELHI DELHI\na,\n", 0.5 / 3},
		{"1. row count", "id,PredictionString\na,x\n", -1},
		{"2. missing PredictionString", "id,pred\na,x\nb,x\nc,x\n", -1},
		{"3. missing id", "ID,PredictionString\na,x\nb,x\nc,x\n", -1},
		{"5. duplicate id", "id,PredictionString\na,x\na,x\nc,x\n", -1},
		{"numbers have no lower()", "id,PredictionString\na,1\nb,2\nc,3\n", -2},
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
	t.Run("vocabulary of one word", func(t *testing.T) {
		one := comptest.Table(t, "id,PredictionString\na,x\nb,\n")
		if _, err := Grade(comptest.Table(t, "id,PredictionString\na,X\nb,\n"), one); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a non-invalid error", err)
		}
	})
}

// TestGradeVocabularySize covers the spec's degenerate cases decided by
// the vocabulary size V of both sides together: V = 0 and V = 1 make
// scikit-learn raise (null score, not 0); V = 2 is the normal path.
func TestGradeVocabularySize(t *testing.T) {
	for _, tc := range []struct {
		name, ans, sub string
		want           float64 // -2: non-invalid error
	}{
		{"V=0", "id,PredictionString\na,\nb,\n", "id,PredictionString\na,\nb,\n", -2},
		{"V=1", "id,PredictionString\na,x\nb,\n", "id,PredictionString\na,X\nb,\n", -2},
		{"V=2", "id,PredictionString\na,x\nb,\n", "id,PredictionString\na,X y\nb,\n", 0.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), comptest.Table(t, tc.ans))
			if tc.want == -2 {
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("score %v err %v, want a non-invalid error", s.Value, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(s.Value-tc.want) > 1e-12 {
				t.Fatalf("score %v, want %v", s.Value, tc.want)
			}
		})
	}
}
