package metric

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// mapCounts is FBeta's counting over uniqueLabels through a map: the
// reference denseIntCounts must reproduce.
func mapCounts(t *testing.T, yt, yp []int64) Counts {
	t.Helper()
	labels, err := uniqueLabels(IntLabels(yt), IntLabels(yp))
	if err != nil {
		t.Fatal(err)
	}
	idx := make(map[labelKey]int, len(labels))
	for i, k := range labels {
		idx[k] = i
	}
	c := Counts{TP: make([]int64, len(labels)), Pred: make([]int64, len(labels)), True: make([]int64, len(labels))}
	for i := range yt {
		ti, pi := idx[keyOf(IntValue(yt[i]))], idx[keyOf(IntValue(yp[i]))]
		c.True[ti]++
		c.Pred[pi]++
		if ti == pi {
			c.TP[ti]++
		}
	}
	return c
}

// denseIntCounts gives the map path's counts wherever it takes the input,
// and declines exactly outside its range (FBeta then counts as before).
func TestDenseIntCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	draw := func(n int, lo, hi int64) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = lo + r.Int64N(hi-lo+1)
		}
		return v
	}
	perm := func(n int) []int64 {
		v := make([]int64, n)
		for i, p := range r.Perm(n) {
			v[i] = int64(p)
		}
		return v
	}
	const exact = 1 << 53
	cases := []struct {
		name   string
		yt, yp []int64
		ok     bool
	}{
		{"binary", draw(1000, 0, 1), draw(1000, 0, 1), true},
		{"classes", draw(5000, 0, 40), draw(5000, 0, 40), true},
		{"negative", draw(2000, -9, 3), draw(2000, -4, 8), true},
		{"predicted labels outside the truth's", draw(3000, 0, 50), draw(3000, 40, 90), true},
		{"one constant prediction", draw(4000, 0, 3000), slices.Repeat([]int64{42}, 4000), true},
		{"FGVC shape: every label distinct", perm(170_000), slices.Repeat([]int64{42}, 170_000), true},
		{"one row", []int64{7}, []int64{9}, true},
		{"span just inside denseSpan", []int64{0, smallIntSpan - 1}, []int64{0, 0}, true},
		{"span of denseSpan: declined", []int64{0, smallIntSpan}, []int64{0, 0}, false},
		{"prediction widens the span: declined", []int64{0, 1}, []int64{0, smallIntSpan}, false},
		{"near 2^53", []int64{exact - 2, exact - 3}, []int64{exact - 2, exact - 2}, true},
		{"2^53: declined", []int64{exact - 2, exact - 1}, []int64{exact, exact - 1}, false},
		{"-2^53: declined", []int64{-exact, -exact + 1}, []int64{-exact + 1, -exact + 1}, false},
		{"empty: declined", []int64{}, []int64{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := denseIntCounts(IntLabels(c.yt), IntLabels(c.yp))
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v", ok, c.ok)
			}
			if !ok {
				return
			}
			want := mapCounts(t, c.yt, c.yp)
			if !slices.Equal(got.TP, want.TP) || !slices.Equal(got.Pred, want.Pred) || !slices.Equal(got.True, want.True) {
				t.Fatalf("counts differ from the map path's:\n got %v\nwant %v", got, want)
			}
			for _, avg := range []string{AverageMacro, AverageMicro, AverageWeighted} {
				f, err := F1(IntLabels(c.yt), IntLabels(c.yp), avg, IntValue(1))
				if err != nil {
					t.Fatal(err)
				}
				w, _ := FBetaFromCounts(want, 1, avg)
				if math.Float64bits(f) != math.Float64bits(w) {
					t.Errorf("F1 %s = %v, want %v", avg, f, w)
				}
			}
		})
	}
	// Other dtypes are not taken.
	if _, ok := denseIntCounts(FloatLabels([]float64{1, 2}), FloatLabels([]float64{1, 2})); ok {
		t.Error("float labels taken")
	}
	if _, ok := denseIntCounts(IntLabels([]int64{1, 2}), StrLabels([]string{"1", "2"})); ok {
		t.Error("int with str labels taken")
	}
	if _, ok := denseIntCounts(IntLabels([]int64{1, 2}), IntLabels([]int64{1})); ok {
		t.Error("different lengths taken")
	}
}

// Accuracy of two int arrays counts as labelsEqual does: the same as for
// the same values as floats (the per-element path), including the target
// checks' errors.
func TestAccuracyInts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	draw := func(n int, lo, hi int64) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = lo + r.Int64N(hi-lo+1)
		}
		return v
	}
	asFloat := func(v []int64) []float64 {
		f := make([]float64, len(v))
		for i, x := range v {
			f[i] = float64(x)
		}
		return f
	}
	cases := []struct {
		name   string
		yt, yp []int64
	}{
		{"binary", draw(1000, 0, 1), draw(1000, 0, 1)},
		{"multiclass", draw(5000, 0, 9), draw(5000, 0, 9)},
		{"constant prediction", draw(3000, 1000010000, 1000010999), slices.Repeat([]int64{1000010653}, 3000)},
		{"all equal", []int64{4, 5, 6}, []int64{4, 5, 6}},
		{"one row", []int64{3}, []int64{4}},
		{"empty", []int64{}, []int64{}},
		{"lengths differ", []int64{1, 2}, []int64{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gi, errI := Accuracy(IntLabels(c.yt), IntLabels(c.yp))
			gf, errF := Accuracy(FloatLabels(asFloat(c.yt)), FloatLabels(asFloat(c.yp)))
			if (errI == nil) != (errF == nil) || (errI != nil && errI.Error() != errF.Error()) {
				t.Fatalf("errors: ints %v, floats %v", errI, errF)
			}
			if math.Float64bits(gi) != math.Float64bits(gf) {
				t.Fatalf("ints %v, floats %v", gi, gf)
			}
		})
	}
}
