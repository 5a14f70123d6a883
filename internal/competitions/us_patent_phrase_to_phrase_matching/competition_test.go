package us_patent_phrase_to_phrase_matching

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
// files must match testdata/.../golden_md5.json, produced by
// reference_prepare.py (pandas + scikit-learn) from the same raw data. The
// all-zero sample submission scores NaN (constant predictions); the answers
// score 1 (0.9999999999999999 before rounding).
func TestConformance(t *testing.T) {
	nan, one := math.NaN(), 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &nan,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "id", "score")
	})
}

// TestGrade covers each rule of the spec's Grade section on a tiny
// answers table, with scores computed by hand.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,anchor,score\na1,x,0.0\nb2,y,0.5\nc3,z,1.0\nd4,w,0.5\n")
	const invalid, other = -10, -20
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect", "id,score\na1,0\nb2,0.5\nc3,1\nd4,0.5\n", 1},
		{"scaled and shuffled", "score,id\n7,c3\n4,b2\n1,a1\n4,d4\n", 1},
		// x = (-0.5,0,0.5,0), y = (1,0,0,-1) - 0 mean: r = (-0.5)/(sqrt(0.5)*sqrt(2)) = -0.5
		{"hand value", "id,score\na1,1\nb2,0\nc3,0\nd4,-1\n", -0.5},
		{"constant (sample) gives NaN", "id,score\na1,0\nb2,0\nc3,0\nd4,0\n", math.NaN()},
		{"1. row count differs", "id,score\na1,0\nb2,0.5\nc3,1\n", invalid},
		{"2. no score column", "id,Score\na1,0\nb2,0.5\nc3,1\nd4,0.5\n", invalid},
		{"2. no id column", "ID,score\na1,0\nb2,0.5\nc3,1\nd4,0.5\n", invalid},
		{"3. ids differ", "id,score\na1,0\nb2,0.5\nc3,1\nd5,0.5\n", invalid},
		{"3. duplicate id", "id,score\na1,0\na1,0.5\nc3,1\nd4,0.5\n", invalid},
		{"4. NaN prediction raises (scipy 1.10)", "id,score\na1,0\nb2,\nc3,1\nd4,0.5\n", other},
		{"4. text prediction", "id,score\na1,0\nb2,high\nc3,1\nd4,0.5\n", other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
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
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}
