package pyrand

import (
	"errors"
	"fmt"
	"math"
)

// SampleN is pandas DataFrame.sample(n=n, replace=replace,
// random_state=seed) (pandas 1.5–2.2, no weights) on objLen rows: the row
// positions RandomState(seed).choice(objLen, size=n, replace=replace)
// returns, in sample order (so tbl.Take(pos) is the sampled frame). Without
// replacement this is permutation(objLen)[:n].
func SampleN(objLen, n int, replace bool, seed uint32) ([]int, error) {
	if n < 0 {
		return nil, fmt.Errorf("pyrand: sample n=%d: A negative number of rows requested. Please provide `n` >= 0.", n)
	}
	return sampleSize(objLen, n, replace, seed)
}

// SampleFrac is pandas DataFrame.sample(frac=frac, replace=replace,
// random_state=seed): the sample size is Python round(frac*objLen) (float64
// product, ties to even — 0.2*322 = 64.4 gives 64, 0.5*5 = 2.5 gives 2), then
// as [SampleN]. frac > 1 needs replace; a negative frac is an error.
func SampleFrac(objLen int, frac float64, replace bool, seed uint32) ([]int, error) {
	if math.IsNaN(frac) {
		return nil, errors.New("pyrand: sample: frac is NaN")
	}
	if frac > 1 && !replace {
		return nil, fmt.Errorf("pyrand: sample frac=%v: Replace has to be set to `True` when upsampling the population `frac` > 1.", frac)
	}
	if frac < 0 {
		return nil, fmt.Errorf("pyrand: sample frac=%v: A negative number of rows requested. Please provide `frac` >= 0.", frac)
	}
	size := math.RoundToEven(frac * float64(objLen))
	return sampleSize(objLen, int(size), replace, seed)
}

func sampleSize(objLen, size int, replace bool, seed uint32) ([]int, error) {
	idx, err := NewRandomState(seed).choice(objLen, size, replace, nil)
	if err != nil {
		return nil, fmt.Errorf("pyrand: sample: %w", err)
	}
	return idx, nil
}
