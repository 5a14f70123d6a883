package lmsys_chatbot_arena

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
// must match golden_md5.json from reference_prepare.py. The sample
// submission scores ln 3 = 1.09861 (upstream's expectation), the answers
// ε = 2.22e-16 → 0.0.
func TestConformance(t *testing.T) {
	sample, gold := 1.09861, 0.0
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
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "id", "winner_model_a", "winner_model_b", "winner_tie")
	})
}

// TestGrade covers the spec's Grade rules with hand-computed scores.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,prompt,winner_model_a,winner_model_b,winner_tie\n20,x,1,0,0\n3,y,0,0,1\n")
	const invalid, other = -10, -20
	h := "id,winner_model_a,winner_model_b,winner_tie\n"
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"hand value", h + "3,0.2,0.3,0.5\n20,0.8,0.1,0.1\n", -(math.Log(0.5) + math.Log(0.8)) / 2},
		{"no renormalisation within 5e-7", h + "20,0.5,0.2,0.3000004\n3,0,0,1\n", -(math.Log(0.5) + math.Log(1-2.220446049250313e-16)) / 2},
		{"zero probability clipped at eps", h + "20,0,1,0\n3,0,0,1\n", -(math.Log(2.220446049250313e-16) + math.Log(1-2.220446049250313e-16)) / 2},
		{"1. missing winner_tie", "id,winner_model_a,winner_model_b\n20,1,0\n3,0,1\n", invalid},
		{"1. missing id", "ID,winner_model_a,winner_model_b,winner_tie\n20,1,0,0\n3,0,0,1\n", invalid},
		{"3. row count", h + "20,1,0,0\n", invalid},
		{"4. negative probability", h + "20,-0.1,0.6,0.5\n3,0,0,1\n", invalid},
		{"4. NaN", h + "20,,0.5,0.5\n3,0,0,1\n", invalid},
		{"4. text", h + "20,half,0.5,0.5\n3,0,0,1\n", other},
		{"4. text in a later column beats an earlier out-of-range value", h + "20,-1,0.5,half\n3,0,0,1\n", other},
		{"5. row sums to 1.000001", h + "20,0.5,0.2,0.300001\n3,0,0,1\n", invalid},
		{"6. ids differ", h + "20,1,0,0\n4,0,0,1\n", invalid},
		{"6. duplicate id", h + "20,1,0,0\n20,0,0,1\n", invalid},
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
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}
