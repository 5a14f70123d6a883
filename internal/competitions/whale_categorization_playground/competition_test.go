package whale_categorization_playground

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const dir = "testdata"

// TestConformance: suite + every CSV and copied image vs
// reference_prepare.py (pandas/numpy/scikit-learn) on the seed-0 fake data;
// scores vs reference_grade.py.
func TestConformance(t *testing.T) {
	impl := Competition
	sample, gold := 0.22727, 1.0
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
		comptest.Malformed(t, impl, answers, answers, "Image", "Id")
	})
}

// TestRNGVectors checks the spec's test vectors for the two streams
// the split uses.
func TestRNGVectors(t *testing.T) {
	perm, err := pyrand.SampleN(2, 2, false, 0)
	if err != nil || perm[0] != 1 || perm[1] != 0 {
		t.Fatalf("sample(2) of 2 rows = %v, %v; want [1 0]", perm, err)
	}
	g := pyrand.NewGenerator(0)
	want := []float64{0.6369616873214543, 0.2697867137638703, 0.04097352393619469, 0.016527635528529094, 0.8132702392002724, 0.9127555772777217}
	for i, w := range want {
		if u := g.Random(); u != w {
			t.Fatalf("default_rng(0) double %d = %v, want %v", i, u, w)
		}
	}
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Image,Id\nb.jpg,w_1\na.jpg,new_whale\nc.jpg,w_2\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid
	}{
		{"ranks 1, 2, 3 after sorting by Image", "Image,Id\na.jpg,new_whale\nc.jpg,x y w_2\nb.jpg,x w_1\n", (1 + 0.5 + 1.0/3) / 3},
		{"empty tokens occupy positions", "Image,Id\na.jpg,  new_whale\nb.jpg,w_1 w_1\nc.jpg,a b c d e w_2\n", (1.0/3 + 1 + 0) / 3},
		{"NaN is the token nan", "Image,Id\na.jpg,\nb.jpg,w_1\nc.jpg,w_2\n", 2.0 / 3},
		{"2. extra column", "Image,Id,x\na.jpg,new_whale,1\nb.jpg,w_1,1\nc.jpg,w_2,1\n", -1},
		{"2. missing Id", "Image\na.jpg\nb.jpg\nc.jpg\n", -1},
		{"3. row count", "Image,Id\na.jpg,new_whale\nb.jpg,w_1\n", -1},
		{"4. Image set differs", "Image,Id\na.jpg,new_whale\nb.jpg,w_1\nd.jpg,w_2\n", -1},
		{"4. duplicate Image", "Image,Id\na.jpg,new_whale\nb.jpg,w_1\nb.jpg,w_2\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			if tc.want == -1 {
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
				return
			}
			if err != nil || !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
				t.Fatalf("score %v kind %v err %v, want %v (numpy float64)", s.Value, s.Kind, err, tc.want)
			}
		})
	}
}
