package synth

// FreeAbove hands out the smallest free integer at or above a given one
// (what a walk cid, cid+1, … over the taken values finds), in near-constant
// time: next[v] points past taken v towards a free value, shortened as it
// is followed. The FGVC generators draw hundreds of thousands of category
// ids from a few tens of thousands of values at their real sizes, where the
// walk over a list of the taken values never ends.
type FreeAbove map[int]int

func (t FreeAbove) Claim(v int) int {
	r := v
	for {
		n, taken := t[r]
		if !taken {
			break
		}
		r = n
	}
	for v != r {
		n := t[v]
		t[v] = r
		v = n
	}
	t[r] = r + 1
	return r
}
