package petfinder_pawpularity_score

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; every
// prepared file (CSVs and copied images) must match golden_md5.json from
// reference_prepare.py (pandas, sklearn, numpy default_rng(0)). The sample
// submission's RMSE on that data is 49.28657007745619 (reference_grade.py).
func TestConformance(t *testing.T) {
	sample, gold := 49.28657, 0.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "Id", "Pawpularity")
	})
}

// TestGrade covers the spec's Grade rules with hand-computed scores.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Id,Eyes,Pawpularity\nb2,0,10\na1,1,40\nc3,0,100\n")
	single := comptest.Table(t, "Id,Pawpularity\na1,40\n")
	badAns := comptest.Table(t, "Id,Pawpularity\na1,0\nb2,5\n")
	const invalid, other = -10, -20
	for _, tc := range []struct {
		name string
		ans  string
		sub  string
		want float64
	}{
		{"perfect", "", "Id,Pawpularity\na1,40\nb2,10\nc3,100\n", 0},
		// errors 0, 3, -4 → sqrt(25/3)
		{"hand value, shuffled", "", "Pawpularity,Id\n96,c3\n13,b2\n40,a1\n", math.Sqrt(25.0 / 3)},
		{"1. answers out of range (assert)", "bad", "Id,Pawpularity\na1,1\nb2,5\n", other},
		{"2. no Id", "", "id,Pawpularity\na1,40\nb2,10\nc3,100\n", invalid},
		{"3. no Pawpularity", "", "Id,score\na1,40\nb2,10\nc3,100\n", invalid},
		{"4. above 100", "", "Id,Pawpularity\na1,40\nb2,10\nc3,100.01\n", invalid},
		{"4. below 1", "", "Id,Pawpularity\na1,0.5\nb2,10\nc3,100\n", invalid},
		{"4. NaN", "", "Id,Pawpularity\na1,\nb2,10\nc3,100\n", invalid},
		{"4. text", "", "Id,Pawpularity\na1,high\nb2,10\nc3,100\n", other},
		{"5. ids differ", "", "Id,Pawpularity\na1,40\nb2,10\nc4,100\n", invalid},
		{"5. one row vs many answers", "", "Id,Pawpularity\na1,40\n", invalid},
		{"5. lengths cannot broadcast", "", "Id,Pawpularity\na1,40\nb2,10\n", other},
		{"5. many rows repeating the one answer Id", "single", "Id,Pawpularity\na1,40\na1,41\n", other},
		{"5. many rows vs one answer, an Id differs", "single", "Id,Pawpularity\na1,40\nb2,41\n", invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ans
			switch tc.ans {
			case "single":
				a = single
			case "bad":
				a = badAns
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
