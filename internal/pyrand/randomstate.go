package pyrand

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// RandomState reproduces numpy.random.RandomState (the legacy, frozen NumPy
// stream; also what numpy.random.seed / numpy.random.* use, and what
// scikit-learn's check_random_state(int) and pandas' random_state=int build).
//
// A RandomState is not safe for concurrent use. Each preparer creates its own;
// there is no package-level generator.
type RandomState struct {
	mt mt19937
}

// NewRandomState is numpy.random.RandomState(seed) for an integer seed
// (0 <= seed <= 2^32-1; NumPy raises for anything else, which the uint32
// parameter makes impossible): MT19937 seeded with init_genrand(seed).
func NewRandomState(seed uint32) *RandomState {
	rs := &RandomState{}
	rs.mt.initGenrand(seed)
	return rs
}

// NewRandomStateFromArray is numpy.random.RandomState(key) for a 1-d array
// seed: MT19937 seeded with init_by_array(key). NumPy rejects an empty key.
func NewRandomStateFromArray(key []uint32) (*RandomState, error) {
	if len(key) == 0 {
		return nil, errors.New("pyrand: RandomState seed array must be non-empty")
	}
	rs := &RandomState{}
	rs.mt.initByArray(key)
	return rs, nil
}

// Uint32 returns the next raw 32-bit MT19937 output
// (RandomState.randint(2**32, dtype=np.uint32) / tomaxint building block).
func (rs *RandomState) Uint32() uint32 { return rs.mt.next32() }

// Uint64 returns NumPy's legacy 64-bit draw: two 32-bit outputs, the first
// one in the high word.
func (rs *RandomState) Uint64() uint64 { return rs.mt.next64() }

// RandomSample is RandomState.random_sample() / rand() / random(): a double
// in [0, 1) with 53 random bits built from two 32-bit outputs a, b as
// ((a>>5)*2^26 + (b>>6)) / 2^53.
func (rs *RandomState) RandomSample() float64 { return rs.mt.double53() }

// RandomSampleN is RandomState.random_sample(size): size doubles drawn in order.
func (rs *RandomState) RandomSampleN(size int) []float64 {
	out := make([]float64, max(size, 0))
	for i := range out {
		out[i] = rs.mt.double53()
	}
	return out
}

// Uniform is RandomState.uniform(low, high): low + (high-low)*random_sample().
// NumPy raises OverflowError when high-low is not finite.
func (rs *RandomState) Uniform(low, high float64) (float64, error) {
	r := high - low
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return 0, fmt.Errorf("pyrand: uniform(%v, %v): range exceeds valid bounds", low, high)
	}
	return low + r*rs.mt.double53(), nil
}

// UniformN is RandomState.uniform(low, high, size).
func (rs *RandomState) UniformN(low, high float64, size int) ([]float64, error) {
	r := high - low
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return nil, fmt.Errorf("pyrand: uniform(%v, %v): range exceeds valid bounds", low, high)
	}
	out := make([]float64, max(size, 0))
	for i := range out {
		out[i] = low + r*rs.mt.double53()
	}
	return out, nil
}

// Interval is NumPy's random_interval(max), the bounded draw used by the
// legacy shuffle and permutation: a uniform integer in [0, max] by masked
// rejection. mask is the smallest 2^k-1 >= max; draws are next32()&mask while
// max fits in 32 bits, next64()&mask otherwise; values > max are redrawn.
// max == 0 consumes nothing.
func (rs *RandomState) Interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := genMask(max)
	if max <= math.MaxUint32 {
		m32 := uint32(mask)
		for {
			if v := rs.mt.next32() & m32; uint64(v) <= max {
				return uint64(v)
			}
		}
	}
	for {
		if v := rs.mt.next64() & mask; v <= max {
			return v
		}
	}
}

// genMask returns the smallest value of the form 2^k-1 that is >= x.
func genMask(x uint64) uint64 {
	x |= x >> 1
	x |= x >> 2
	x |= x >> 4
	x |= x >> 8
	x |= x >> 16
	x |= x >> 32
	return x
}

// boundedMasked is NumPy's random_bounded_uint64 with use_masked=true (the
// legacy RandomState.randint path) for the closed range [0, rng]:
// rng == 0 draws nothing; rng == 2^32-1 takes one raw 32-bit output;
// rng < 2^32-1 uses masked rejection on 32-bit outputs; rng == 2^64-1 takes a
// raw 64-bit output; otherwise masked rejection on 64-bit outputs.
func (rs *RandomState) boundedMasked(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0
	case rng == math.MaxUint32:
		return uint64(rs.mt.next32())
	case rng < math.MaxUint32:
		mask := uint32(genMask(rng))
		for {
			if v := rs.mt.next32() & mask; uint64(v) <= rng {
				return uint64(v)
			}
		}
	case rng == math.MaxUint64:
		return rs.mt.next64()
	default:
		mask := genMask(rng)
		for {
			if v := rs.mt.next64() & mask; v <= rng {
				return v
			}
		}
	}
}

// Randint is RandomState.randint(low, high) with the default int64 dtype: a
// uniform integer in the half-open range [low, high). It errors (like NumPy's
// ValueError "low >= high") when the range is empty. A range of one value
// consumes no random numbers.
func (rs *RandomState) Randint(low, high int64) (int64, error) {
	if low >= high {
		return 0, fmt.Errorf("pyrand: randint(%d, %d): low >= high", low, high)
	}
	rng := uint64(high-1) - uint64(low)
	return int64(uint64(low) + rs.boundedMasked(rng)), nil
}

// RandintN is RandomState.randint(low, high, size): size draws in order, each
// exactly as [RandomState.Randint] (the int64 path has no buffering, so an
// array draw consumes the same stream as repeated scalar draws).
func (rs *RandomState) RandintN(low, high int64, size int) ([]int64, error) {
	if size < 0 {
		return nil, fmt.Errorf("pyrand: randint size %d: negative dimensions are not allowed", size)
	}
	if size == 0 {
		// NumPy returns an empty array before validating the bounds.
		return []int64{}, nil
	}
	if low >= high {
		return nil, fmt.Errorf("pyrand: randint(%d, %d): low >= high", low, high)
	}
	rng := uint64(high-1) - uint64(low)
	out := make([]int64, size)
	for i := range out {
		out[i] = int64(uint64(low) + rs.boundedMasked(rng))
	}
	return out, nil
}

// Permutation is RandomState.permutation(n): np.arange(n) shuffled in place by
// the legacy Fisher–Yates pass — for i from n-1 down to 1, j = Interval(i),
// swap a[i] and a[j]. n <= 0 gives an empty slice (np.arange of a
// non-positive number is empty).
func (rs *RandomState) Permutation(n int) []int {
	if n <= 0 {
		return []int{}
	}
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	rs.shuffleInts(a)
	return a
}

// shuffleInts is the legacy shuffle specialised for []int (the hot path of
// every split). Indices below 2^32 take the inlined 32-bit masked draw.
func (rs *RandomState) shuffleInts(a []int) {
	i := len(a) - 1
	for ; i > math.MaxUint32; i-- {
		j := rs.Interval(uint64(i))
		a[i], a[j] = a[j], a[i]
	}
	mt := &rs.mt
	for ; i > 0; i-- {
		mask := uint32(genMask(uint64(i)))
		var j uint32
		for {
			j = mt.next32() & mask
			if int(j) <= i {
				break
			}
		}
		a[i], a[j] = a[j], a[i]
	}
}

// Shuffle is RandomState.shuffle on a length-n sequence, with the swap
// supplied by the caller (as in Go's math/rand Shuffle): for i from n-1 down
// to 1, j = Interval(i), swap(i, j). The permutation applied depends only on n,
// so Shuffle(len(x), ...) reorders x exactly as numpy's shuffle(x) and
// permutation(x) do.
func (rs *RandomState) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, int(rs.Interval(uint64(i))))
	}
}

// Choice is RandomState.choice(a, size, replace, p) where a is an integer
// population size or any 1-d sequence of that length; it returns the drawn
// positions (a[idx] in NumPy). p == nil means uniform. The algorithms are the
// legacy ones:
//
//   - replace, no p: randint(0, popSize, size);
//   - replace, p: cdf = cumsum(p)/cdf[-1], u = random_sample(size),
//     idx = searchsorted(cdf, u, side="right");
//   - no replace, no p: permutation(popSize)[:size] (the whole population is
//     shuffled even for a small sample);
//   - no replace, p: repeated rounds of random_sample(size-found) against the
//     cdf of p with already-found entries zeroed, keeping new unique values in
//     draw order.
//
// A scalar draw (size=None) consumes the stream exactly like size 1.
func (rs *RandomState) Choice(popSize, size int, replace bool, p []float64) ([]int, error) {
	idx, err := rs.choice(popSize, size, replace, p)
	if err != nil {
		return nil, fmt.Errorf("pyrand: choice: %w", err)
	}
	return idx, nil
}

func (rs *RandomState) choice(popSize, size int, replace bool, p []float64) ([]int, error) {
	if err := checkChoiceArgs(popSize, size, p); err != nil {
		return nil, err
	}
	if replace {
		if p != nil {
			cdf := normalizedCDF(p)
			out := make([]int, size)
			for i := range out {
				out[i] = searchRight(cdf, rs.mt.double53())
			}
			return out, nil
		}
		if size == 0 {
			return []int{}, nil
		}
		out := make([]int, size)
		rng := uint64(popSize - 1)
		for i := range out {
			out[i] = int(rs.boundedMasked(rng))
		}
		return out, nil
	}
	if size > popSize {
		return nil, errors.New("Cannot take a larger sample than population when 'replace=False'")
	}
	if p != nil {
		return choiceNoReplaceP(p, size, func(k int) []float64 { return rs.RandomSampleN(k) })
	}
	return rs.Permutation(popSize)[:size], nil
}

// checkChoiceArgs reproduces the argument checks shared by RandomState.choice
// and Generator.choice.
func checkChoiceArgs(popSize, size int, p []float64) error {
	if size < 0 {
		return fmt.Errorf("size %d: negative dimensions are not allowed", size)
	}
	if popSize < 0 {
		return fmt.Errorf("population size %d must be non-negative", popSize)
	}
	if popSize == 0 && size != 0 {
		return errors.New("a cannot be empty unless no samples are taken")
	}
	if p == nil {
		return nil
	}
	if len(p) != popSize {
		return fmt.Errorf("a and p must have same size (%d != %d)", popSize, len(p))
	}
	sum := kahanSum(p)
	if math.IsNaN(sum) {
		return errors.New("probabilities contain NaN")
	}
	for _, v := range p {
		if v < 0 {
			return errors.New("probabilities are not non-negative")
		}
	}
	// atol = sqrt(float64 eps), as in NumPy.
	if math.Abs(sum-1) > math.Sqrt(0x1p-52) {
		return errors.New("probabilities do not sum to 1")
	}
	return nil
}

// kahanSum is NumPy's kahan_sum (used only to validate p).
func kahanSum(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	sum := x[0]
	c := 0.0
	for _, v := range x[1:] {
		y := v - c
		t := sum + y
		c = (t - sum) - y
		sum = t
	}
	return sum
}

// normalizedCDF is `cdf = p.cumsum(); cdf /= cdf[-1]` (a sequential running
// sum, then an element-wise division by the last entry).
func normalizedCDF(p []float64) []float64 {
	cdf := make([]float64, len(p))
	s := 0.0
	for i, v := range p {
		s += v
		cdf[i] = s
	}
	last := cdf[len(cdf)-1]
	for i := range cdf {
		cdf[i] /= last
	}
	return cdf
}

// searchRight is np.searchsorted(cdf, u, side="right"): the number of cdf
// entries <= u.
func searchRight(cdf []float64, u float64) int {
	return sort.Search(len(cdf), func(i int) bool { return cdf[i] > u })
}

// choiceNoReplaceP is the shared replace=False, p!=nil loop of
// RandomState.choice and Generator.choice; draw(k) must return k uniforms.
func choiceNoReplaceP(p []float64, size int, draw func(k int) []float64) ([]int, error) {
	nonZero := 0
	for _, v := range p {
		if v > 0 {
			nonZero++
		}
	}
	if nonZero < size {
		return nil, errors.New("fewer non-zero entries in p than size")
	}
	pp := append([]float64(nil), p...)
	found := make([]int, 0, size)
	for len(found) < size {
		x := draw(size - len(found))
		for _, f := range found {
			pp[f] = 0
		}
		cdf := normalizedCDF(pp)
		// new = searchsorted(cdf, x); keep the first occurrence of each value,
		// in draw order (np.unique(return_index=True) + sort of the indices).
		seen := make(map[int]bool, len(x))
		for _, u := range x {
			v := searchRight(cdf, u)
			if !seen[v] {
				seen[v] = true
				found = append(found, v)
			}
		}
	}
	return found, nil
}
