package metric

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestROCAUCIntsMatchesFloat: ROCAUCInts gives ROCAUC's result and error,
// bit for bit, on the same labels held as int64.
func TestROCAUCIntsMatchesFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	type tc struct {
		name  string
		yTrue []int64
		score []float64
	}
	cases := []tc{
		{"empty", nil, nil},
		{"one class", []int64{1, 1, 1}, []float64{0.1, 0.2, 0.3}},
		{"three classes", []int64{0, 1, 2}, []float64{0.1, 0.2, 0.3}},
		{"nan score", []int64{0, 1, 0}, []float64{0.1, math.NaN(), 0.3}},
		{"inf score", []int64{0, 1, 0}, []float64{0.1, math.Inf(1), 0.3}},
		{"lengths differ", []int64{0, 1, 0}, []float64{0.1, 0.2}},
		{"negative labels", []int64{-1, 1, -1, 1}, []float64{0.4, 0.3, 0.2, 0.9}},
		{"labels 3 and 7", []int64{3, 7, 7, 3}, []float64{0.4, 0.3, 0.2, 0.9}},
		{"constant scores", []int64{0, 1, 0, 1}, []float64{0.5, 0.5, 0.5, 0.5}},
	}
	for _, n := range []int{2, 10, 1000, 100_000} {
		y := make([]int64, n)
		s := make([]float64, n)
		for i := range y {
			y[i] = int64(r.IntN(2))
			s[i] = math.Round(r.Float64()*100) / 100 // ties
			if i%7 == 0 {
				s[i] = r.Float64()
			}
		}
		y[0], y[1] = 0, 1
		cases = append(cases, tc{"random", y, s})
	}
	for _, c := range cases {
		f := make([]float64, len(c.yTrue))
		for i, v := range c.yTrue {
			f[i] = float64(v)
		}
		want, wantErr := ROCAUC(f, c.score)
		got, gotErr := ROCAUCInts(c.yTrue, c.score)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("%s (n=%d): ROCAUCInts = %v, ROCAUC = %v", c.name, len(c.yTrue), got, want)
		}
		if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
			t.Errorf("%s: error %v, want %v", c.name, gotErr, wantErr)
		}
	}
}

// TestIntTargetClassesMatches checks the one-pass classification of an
// int64 y_true against TypeOfTarget and binaryPositive, including values
// beyond 2^53 that compare equal as float64.
func TestIntTargetClassesMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pools := [][]int64{{0, 1}, {0, 1, 2}, {-1, 1}, {5}, {1 << 53, 1<<53 + 1, 7}, {1 << 53, 1<<53 + 1}, {-1 << 63, 1<<63 - 1, 0},
		{-1 << 63, 1<<63 - 1}, {1<<63 - 2, 1<<63 - 1}, {-1 << 63, -1<<63 + 1}, {-1, 0}, {0, 2}}
	for it := 0; it < 5000; it++ {
		pool := pools[r.IntN(len(pools))]
		y := make([]int64, r.IntN(8))
		for i := range y {
			y[i] = pool[r.IntN(len(pool))]
		}
		multi, pos, two := intTargetClasses(y)
		typ, err := TypeOfTarget(IntLabels(y), "y_true")
		if err != nil || multi != (typ == TargetMulticlass) {
			t.Fatalf("%v: multi %v, TypeOfTarget %q %v", y, multi, typ, err)
		}
		if len(y) > 0 && !multi {
			wp, wtwo := binaryPositive(y)
			if pos != wp || two != wtwo {
				t.Fatalf("%v: pos %d two %v, binaryPositive %d %v", y, pos, two, wp, wtwo)
			}
		}
	}
}
