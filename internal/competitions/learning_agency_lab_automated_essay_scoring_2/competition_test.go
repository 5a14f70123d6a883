package learning_agency_lab_automated_essay_scoring_2

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; prepared files
// must match golden_md5.json from reference_prepare.py (pandas, sklearn,
// numpy RandomState(42) for the sample). The sample submission's QWK on that
// data is 0.27835051546391765 (sklearn, computed once).
func TestConformance(t *testing.T) {
	sample, one := 0.27835, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "essay_id", "score")
	})
}

// TestGrade covers the spec's Grade rules, including numpy's
// broadcasting of the id comparison, on hand-made tables.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "essay_id,full_text,score\na1,x,1\nb2,y,2\nc3,z,3\nd4,w,3\n")
	single := comptest.Table(t, "essay_id,full_text,score\na1,x,4\n")
	const invalid, other = -10, -20
	for _, tc := range []struct {
		name string
		ans  string // "single" for the one-row answers
		sub  string
		want float64
	}{
		{"perfect", "", "essay_id,score\na1,1\nb2,2\nc3,3\nd4,3\n", 1},
		{"shuffled, integral floats", "", "score,essay_id\n3.0,d4\n1.0,a1\n3.0,c3\n2.0,b2\n", 1},
		// labels {1,2,3,4} → indices 0..3; O: (1,1),(2,2),(3,3),(4,3);
		// Σw·O = 1; row sums p=(1,1,1,1), col sums q=(1,1,2,0), N=4:
		// Σw·E = Σ_j q_j Σ_i (i-j)² / 4 = (14 + 6 + 2·6)/4 = 8 → κ = 1 - 1/8.
		{"hand value", "", "essay_id,score\na1,1\nb2,2\nc3,3\nd4,4\n", 0.875},
		{"constant equal vectors: NaN", "single", "essay_id,score\na1,4\n", math.NaN()},
		{"2. no score column", "", "essay_id,pred\na1,1\nb2,2\nc3,3\nd4,3\n", invalid},
		{"2. no essay_id column", "", "id,score\na1,1\nb2,2\nc3,3\nd4,3\n", invalid},
		{"2. empty submission", "", "essay_id,score\n", invalid},
		{"2. ids differ", "", "essay_id,score\na1,1\nb2,2\nc3,3\nd5,3\n", invalid},
		{"3. one row vs many answers", "", "essay_id,score\na1,1\n", invalid},
		{"3. many rows vs one answer, an id differs", "single", "essay_id,score\na1,1\nb2,1\n", invalid},
		{"3. many rows repeating the one answer id", "single", "essay_id,score\na1,1\na1,2\n", other},
		{"3. lengths cannot broadcast", "", "essay_id,score\na1,1\nb2,2\nc3,3\n", other},
		{"6. non-integral floats", "", "essay_id,score\na1,1.5\nb2,2\nc3,3\nd4,3\n", other},
		{"6. missing value", "", "essay_id,score\na1,\nb2,2\nc3,3\nd4,3\n", other},
		{"6. text mixed with ints", "", "essay_id,score\na1,high\nb2,2\nc3,3\nd4,3\n", other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ans
			if tc.ans == "single" {
				a = single
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
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}
