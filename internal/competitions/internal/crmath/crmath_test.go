package crmath

import (
	"math"
	"testing"
)

// TestTrigPaths: the double-double sine and cosine agree with the
// big.Float ones wherever they decide, including arguments next to
// multiples of π/2, and decide almost everywhere.
func TestTrigPaths(t *testing.T) {
	var xs []float64
	for i := 0; i < 4000; i++ {
		xs = append(xs, -8+16*float64(i)/4000+1e-7*float64(i%7))
	}
	for k := -5.0; k <= 5; k++ {
		c := k * math.Pi / 2
		for d := -20; d <= 20; d++ {
			x := c
			for j := 0; j < int(math.Abs(float64(d))); j++ {
				x = math.Nextafter(x, math.Copysign(math.Inf(1), float64(d)))
			}
			xs = append(xs, x)
		}
	}
	xs = append(xs, 0x1p-26, -0x1p-26, 1e-5, 8, -8)
	undecided := 0
	for _, x := range xs {
		for _, cosine := range []bool{false, true} {
			v, ok := trigDD(x, cosine)
			if !ok {
				undecided++
				continue
			}
			if want := trig(x, cosine); v != want && !(v == 0 && want == 0) {
				t.Errorf("x %x cos %v: double-double %x, big %x", x, cosine, v, want)
			}
		}
	}
	if undecided*50 > 2*len(xs) { // the undecided ones are next to multiples of π/2
		t.Errorf("%d of %d undecided", undecided, 2*len(xs))
	}
}
