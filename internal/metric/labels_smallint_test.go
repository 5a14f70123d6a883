package metric

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The dense-table paths for int labels (uniqueKeys, ConfusionMatrix) must
// give what the map paths give for the same values as floats.
func TestSmallIntLabelsMatchMapPath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name   string
		lo, hi int64
		n      int
	}{
		{"binary", 0, 1, 1000},
		{"classes", 0, 40, 5000},
		{"negative", -7, 3, 2000},
		{"one value", 5, 5, 100},
		{"wide: map path", -1 << 20, 1 << 20, 500},
		{"wide, dense by size", 0, 450_000, 200_000},
		{"wide, map path by size", 0, 1 << 22, 200_000},
		{"one row", 3, 9, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			draw := func() []int64 {
				v := make([]int64, c.n)
				for i := range v {
					v[i] = c.lo + r.Int64N(c.hi-c.lo+1)
				}
				return v
			}
			yt, yp := draw(), draw()
			asFloat := func(v []int64) []float64 {
				f := make([]float64, len(v))
				for i, x := range v {
					f[i] = float64(x)
				}
				return f
			}
			ut, err := uniqueKeys(IntLabels(yt))
			if err != nil {
				t.Fatal(err)
			}
			uf, err := uniqueKeys(FloatLabels(asFloat(yt)))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ut, uf) {
				t.Errorf("uniqueKeys: ints %v, floats %v", ut, uf)
			}
			for _, avg := range []string{AverageMacro, AverageMicro, AverageWeighted} {
				fi, errI := F1(IntLabels(yt), IntLabels(yp), avg, IntValue(1))
				ff, errF := F1(FloatLabels(asFloat(yt)), FloatLabels(asFloat(yp)), avg, FloatValue(1))
				if (errI == nil) != (errF == nil) || math.Float64bits(fi) != math.Float64bits(ff) {
					t.Errorf("F1 %s: ints %v (%v), floats %v (%v)", avg, fi, errI, ff, errF)
				}
			}
			if c.n > 10_000 {
				return // the confusion matrix would be quadratic in the classes
			}
			cmI, labI, errI := ConfusionMatrix(IntLabels(yt), IntLabels(yp))
			cmF, labF, errF := ConfusionMatrix(FloatLabels(asFloat(yt)), FloatLabels(asFloat(yp)))
			if (errI == nil) != (errF == nil) {
				t.Fatalf("errors differ: %v vs %v", errI, errF)
			}
			if len(cmI) != len(cmF) || len(labI) != len(labF) {
				t.Fatalf("shapes differ: %d/%d labels, %d/%d rows", len(labI), len(labF), len(cmI), len(cmF))
			}
			for i := range cmI {
				if !slices.Equal(cmI[i], cmF[i]) {
					t.Fatalf("row %d: ints %v, floats %v", i, cmI[i], cmF[i])
				}
			}
			if got, want := MatthewsCorrcoefOf(cmI), MatthewsCorrcoefOf(cmF); got != want {
				t.Errorf("MCC %v vs %v", got, want)
			}
		})
	}
}
