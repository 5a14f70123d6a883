package aptos2019_blindness_detection

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
)

const testdataDir = "testdata"

// TestConformance: suite + prepared tree vs reference_prepare.py (CSV
// md5s and every copied image) + scores vs scikit-learn's
// cohen_kappa_score. The all-zero sample submission scores 0 (a constant
// prediction).
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	impl := Competition
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &zero, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id_code", "diagnosis")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id_code,diagnosis\na1,0\nb2,1\nc3,2\nd4,4\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect, any row order", "diagnosis,id_code\n4,d4\n2,c3\n1,b2\n0,a1\n", 1},
		// labels {0,1,2,4} → indices 0..3; pred = truth shifted by one index on one row
		{"distance is on label indices", "id_code,diagnosis\na1,0\nb2,1\nc3,4\nd4,4\n", kappaQuadratic([]int{0, 1, 3, 3}, []int{0, 1, 2, 3}, 4)},
		{"1. no diagnosis column", "id_code,label\na1,0\nb2,1\nc3,2\nd4,4\n", -1},
		{"3. no rows", "id_code,diagnosis\n", -1},
		{"5. id sets differ", "id_code,diagnosis\na1,0\nb2,1\nc3,2\ne5,4\n", -1},
		{"5. text vs numeric ids", "id_code,diagnosis\n1,0\n2,1\n3,2\n4,4\n", -1},
		{"5. missing id_code column: KeyError", "id,diagnosis\na1,0\nb2,1\nc3,2\nd4,4\n", -2},
		{"duplicated ids: length mismatch in sklearn", "id_code,diagnosis\na1,0\nb2,1\nc3,2\nd4,4\nd4,4\n", -2},
		{"non-integral float", "id_code,diagnosis\na1,0\nb2,1.5\nc3,2\nd4,4\n", -2},
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
				if err != nil || math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
	// One label on both sides: 0/0 = NaN, a valid (NaN) score.
	one := comptest.Table(t, "id_code,diagnosis\na1,2\nb2,2\n")
	s, err := Grade(comptest.Table(t, "id_code,diagnosis\nb2,2\na1,2\n"), one)
	if err != nil || !math.IsNaN(s.Value) {
		t.Errorf("single label: %v %v, want NaN", s.Value, err)
	}
}

// kappaQuadratic is the textbook quadratic-weighted kappa on label indices,
// written independently of package metric.
func kappaQuadratic(a, b []int, k int) float64 {
	n := float64(len(a))
	o := make([][]float64, k)
	for i := range o {
		o[i] = make([]float64, k)
	}
	ra, rb := make([]float64, k), make([]float64, k)
	for i := range a {
		o[a[i]][b[i]]++
		ra[a[i]]++
		rb[b[i]]++
	}
	var num, den float64
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			w := float64((i - j) * (i - j))
			num += w * o[i][j]
			den += w * ra[i] * rb[j] / n
		}
	}
	return 1 - num/den
}

// TestPrepareIDInference: all-digit ids are read as integers, so the
// image names come from the numbers (leading zeros lost), as in pandas.
func TestPrepareIDInference(t *testing.T) {
	for _, tc := range []struct {
		name    string
		images  []string
		wantErr string
	}{
		{"images named as in the CSV text: missing", []string{"0011", "0022", "0033"}, "22.png"},
		{"images named after the numbers", []string{"11", "22", "33"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			synth.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte("id_code,diagnosis\n0011,1\n0022,2\n0033,0\n"))
			for _, im := range tc.images {
				synth.WriteFile(filepath.Join(d.Raw, "train_images", im+".png"), []byte(im))
			}
			err := Prepare(context.Background(), d)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one mentioning %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(filepath.Join(d.Public, "sample_submission.csv"))
			if string(b) != "id_code,diagnosis\n33,0\n" {
				t.Fatalf("sample submission %q", b)
			}
		})
	}
}
