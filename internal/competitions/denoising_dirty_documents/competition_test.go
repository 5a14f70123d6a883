package denoising_dirty_documents

import (
	"errors"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/pillow"
	"github.com/mlebench/mlebench/internal/grade"
)

const dir = "testdata"

// TestConformance: suite + the whole prepared tree (answers, sample
// submission, every image in the four folders and the stray extracted
// members) vs reference_prepare.py (zipfile + Pillow + pandas) on the seed-0
// fake data, whose cleaned test images come in 8-bit grey, RGB, palette and
// 16-bit grey and one of which is missing; scores vs scikit-learn.
func TestConformance(t *testing.T) {
	impl := Competition
	zero := 0.0
	p := competitiontest.Run(t, impl, competitiontest.Options{GoldScore: &zero})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "value")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,value\n1_1_1,1.0\n1_1_2,0.5\n1_2_1,0.0\n1_2_2,0.25\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect, any order", "id,value\n1_2_2,0.25\n1_1_1,1\n1_2_1,0\n1_1_2,0.5\n", 0},
		{"ones: sqrt(mean of squares)", "id,value\n1_1_1,1\n1_1_2,1\n1_2_1,1\n1_2_2,1\n", math.Sqrt((0 + 0.25 + 1 + 0.5625) / 4)},
		{"bools cast to float", "id,value\n1_1_1,True\n1_1_2,False\n1_2_1,False\n1_2_2,False\n", math.Sqrt((0.25 + 0.0625) / 4)},
		{"no clipping", "id,value\n1_1_1,3\n1_1_2,0.5\n1_2_1,0.0\n1_2_2,0.25\n", 1},
		{"2. no id", "ID,value\n1_1_1,1\n1_1_2,1\n1_2_1,1\n1_2_2,1\n", -1},
		{"3. no value", "id,v\n1_1_1,1\n1_1_2,1\n1_2_1,1\n1_2_2,1\n", -1},
		{"4. value not castable to float", "id,value\n1_1_1,x\n1_1_2,1\n1_2_1,1\n1_2_2,1\n", -1},
		{"5. row count", "id,value\n1_1_1,1\n", -1},
		{"6. ids differ", "id,value\n1_1_1,1\n1_1_2,1\n1_2_1,1\n1_2_3,1\n", -1},
		{"7. NaN: sklearn raises", "id,value\n1_1_1,1\n1_1_2,\n1_2_1,1\n1_2_2,1\n", -2},
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
				if err != nil || math.Abs(s.Value-tc.want) > 1e-15 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}

// TestSharedPillowL checks the conversion against values Pillow 9.4 gave for
// the same pixels (convert("L")).
func TestSharedPillowL(t *testing.T) {
	rgb := image.NewRGBA(image.Rect(0, 0, 2, 1))
	rgb.Set(0, 0, color.RGBA{10, 200, 30, 255})
	rgb.Set(1, 0, color.RGBA{255, 0, 0, 255})
	g16 := image.NewGray16(image.Rect(0, 0, 6, 1))
	for x, v := range []uint16{0, 100, 255, 256, 1000, 65535} {
		g16.SetGray16(x, 0, color.Gray16{Y: v})
	}
	for _, tc := range []struct {
		img  image.Image
		want []uint8
	}{
		{rgb, []uint8{124, 76}},
		{g16, []uint8{0, 100, 255, 255, 255, 255}},
	} {
		got, _, _ := pillow.ConvertL(tc.img)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%T: %v, want %v", tc.img, got, tc.want)
		}
	}
}

// TestStem: answer ids start with pathlib's Path(name).stem
// (Python 3.11: ".png" is a dot-file without suffix, so its stem is the
// whole name).
func TestStem(t *testing.T) {
	for name, want := range map[string]string{"101.png": "101", "a.b.png": "a.b", ".png": ".png", "..png": "."} {
		if got := fileStem(name); got != want {
			t.Errorf("stem of %q = %q, want %q", name, got, want)
		}
	}
}
