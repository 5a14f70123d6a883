package competitions

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestFbkwConformance runs the suite on the seed-0 fake data; the prepared
// files must match testdata/<id>/golden_md5.json, which reference_prepare.py
// (pandas + scikit-learn) produced from the same raw data, and the scores of
// testdata/<id>/submissions must match reference_grade.py's
// (MultiLabelBinarizer + f1_score micro).
func TestFbkwConformance(t *testing.T) {
	const id = "facebook-recruiting-iii-keyword-extraction"
	impl := sharedTImpl(t, id)
	sample, one := 0.10811, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", id, "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		sharedTCheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata", id))
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		valid, err := answers.Select("Id", "Tags")
		if err != nil {
			t.Fatal(err)
		}
		sharedTMalformed(t, impl, valid, answers, "Id", "Tags")
	})
}

// TestFbkwGrade covers the spec's Grade rules on a hand-made answers table
// with hand-computed micro F1 values.
func TestFbkwGrade(t *testing.T) {
	ans := sharedTTable(t, "Id,Title,Body,Tags\n3,t,b,java python\n1,t,b,c#\n2,t,b,\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect", "Id,Tags\n1,c#\n2,\n3,python java\n", 1},
		// TP=1 (java) FP=1 (c#) FN=2 (python, c#) → 2/(2+1+2)
		{"partial", "Id,Tags\n1,\n2,c#\n3,java\n", 2.0 / 5},
		{"unknown tags ignored", "Id,Tags\n1,c# php\n2,ruby\n3,java python java\n", 1},
		{"all missing tags", "Id,Tags\n1,\n2,\n3,\n", 0},
		{"1. missing Id", "id,Tags\n1,c#\n2,\n3,java\n", -1},
		{"1. missing Tags", "Id,tags\n1,c#\n2,\n3,java\n", -1},
		{"2. row count", "Id,Tags\n1,c#\n2,\n", -1},
		{"3. duplicate ids", "Id,Tags\n1,c#\n1,\n3,java\n", -1},
		{"3. wrong id", "Id,Tags\n1,c#\n4,\n3,java\n", -1},
		{"numeric Tags", "Id,Tags\n1,1\n2,2\n3,3\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := fbkwGrade(sharedTTable(t, tc.sub), ans)
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
				if !sharedTClose(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
	t.Run("degenerate vocabulary", func(t *testing.T) {
		one := sharedTTable(t, "Id,Tags\n1,java\n2,java\n")
		if _, err := fbkwGrade(sharedTTable(t, "Id,Tags\n1,java\n2,\n"), one); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a non-invalid error", err)
		}
	})
}
