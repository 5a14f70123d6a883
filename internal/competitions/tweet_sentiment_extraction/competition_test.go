package tweet_sentiment_extraction

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; prepared files
// must match golden_md5.json from reference_prepare.py. The fake raw data's
// empty row lands in public/train.csv, so the all-empty sample submission
// scores 0.0 as upstream expects.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &zero,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "textID", "selected_text")
	})
}

// TestGrade covers the spec's Grade rules with hand-computed scores.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "textID,text,selected_text,sentiment\nb1,x,Hello world,neutral\na2,y,\"sad, today\",negative\nc3,z,İstanbul,positive\n")
	withNaN := comptest.Table(t, "textID,text,selected_text,sentiment\nb1,x,,neutral\na2,y,ok,negative\n")
	const invalid, other = -10, -20
	for _, tc := range []struct {
		name string
		ans  string
		sub  string
		want float64
	}{
		{"perfect", "", "textID,selected_text\nb1,Hello world\na2,\"sad, today\"\nc3,İstanbul\n", 1},
		// Python lower: İ → i̇ (two code points), so "i̇stanbul" matches,
		// "istanbul" does not; row scores 1/2, 1/3, 0.
		{"case, partial and unicode", "", "selected_text,textID\nHELLO,b1\n\"sad, tomorrow\",a2\nistanbul,c3\n", (0.5 + 1.0/3 + 0) / 3},
		{"python lower of İ", "", "textID,selected_text\nb1,x\na2,x\nc3,i\u0307stanbul\n", 1.0 / 3},
		{"no-break space splits", "", "textID,selected_text\nb1,hello\u00a0world\na2,x\nc3,x\n", 1.0 / 3},
		{"empty prediction, non-empty answers", "", "textID,selected_text\nb1,\na2,\nc3,\n", 0},
		{"missing answer, non-empty prediction", "nan", "textID,selected_text\nb1,a\na2,ok\n", 0.5},
		{"missing answer and empty prediction: ZeroDivisionError", "nan", "textID,selected_text\nb1,\na2,ok\n", other},
		{"1. no textID", "", "id,selected_text\nb1,a\na2,a\nc3,a\n", invalid},
		{"1. no selected_text", "", "textID,text\nb1,a\na2,a\nc3,a\n", invalid},
		{"2. row count", "", "textID,selected_text\nb1,a\na2,a\n", invalid},
		{"3. ids differ", "", "textID,selected_text\nb1,a\na2,a\nc4,a\n", invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ans
			if tc.ans == "nan" {
				a = withNaN
			}
			s, err := Grade(comptest.Table(t, tc.sub), a)
			switch tc.want {
			case invalid:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case other:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}
