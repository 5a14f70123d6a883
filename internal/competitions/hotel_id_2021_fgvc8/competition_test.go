package hotel_id_2021_fgvc8

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

const dir = "testdata"

// TestConformance: suite + every CSV and copied image vs
// reference_prepare.py (pandas/scikit-learn) on the seed-0 fake data; scores
// vs reference_grade.py.
func TestConformance(t *testing.T) {
	impl := Competition
	sample, gold := 0.26944, 1.0
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
		comptest.Malformed(t, impl, answers, answers, "image", "hotel_id")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "image,chain,hotel_id,timestamp\nb.jpg,1,12,x\na.jpg,2,7,y\nc.jpg,1,300,z\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid
	}{
		{"ranks 1, 2, 3 after sorting by image", "image,hotel_id\na.jpg,7\nc.jpg,1 2 300\nb.jpg,1 12\n", (1 + 0.5 + 1.0/3) / 3},
		{"empty tokens occupy positions, duplicates count once", "image,hotel_id,extra\na.jpg,  7,q\nb.jpg,12 12,q\nc.jpg,1 2 3 4 5 300,q\n", (1.0/3 + 1 + 0) / 3},
		{"a float column never matches", "image,hotel_id\na.jpg,7\nb.jpg,\nc.jpg,300\n", 0},
		{"1. missing image", "img,hotel_id\na.jpg,7\nb.jpg,12\nc.jpg,300\n", -1},
		{"1. missing hotel_id", "image,hotel\na.jpg,7\nb.jpg,12\nc.jpg,300\n", -1},
		{"2. image set differs", "image,hotel_id\na.jpg,7\nb.jpg,12\nd.jpg,300\n", -1},
		{"3. row count (duplicate image)", "image,hotel_id\na.jpg,7\nb.jpg,12\nc.jpg,300\nc.jpg,300\n", -1},
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
