package synth

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFreeAboveIsTheWalk checks FreeAbove.Claim against the walk it
// replaces (cid, cid+1, … until a value not taken), with ids drawn from a
// range much smaller than their number, as at the real size.
func TestFreeAboveIsTheWalk(t *testing.T) {
	for _, c := range []struct{ n, span int }{{1, 1}, {50, 10}, {1000, 200}, {1500, 2500}} {
		r := rand.New(rand.NewPCG(uint64(c.n), uint64(c.span)))
		var walked []int
		taken := FreeAbove{}
		for i := range c.n {
			v := r.IntN(c.span)
			w := v
			for slices.Contains(walked, w) {
				w++
			}
			walked = append(walked, w)
			if got := taken.Claim(v); got != w {
				t.Fatalf("n %d span %d, claim %d: %d from %d, want %d", c.n, c.span, i, got, v, w)
			}
		}
	}
}
