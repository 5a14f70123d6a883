package pandas

import (
	"cmp"
	"math"
	"slices"
)

// Stable argsorts of numeric columns without comparison sorts: a column
// already in order (the usual case for ids) is recognised in one pass, any
// other is ordered by an LSD radix sort of its keys, which is stable, so
// equal values keep their row order exactly as the stable comparison sort
// SortIndex defines.

// sortIntsIndex returns the stable ascending row order of v.
func sortIntsIndex(v []int64) []int {
	out := make([]int, len(v))
	sorted := true
	for i := 1; i < len(v); i++ {
		if v[i] < v[i-1] {
			sorted = false
			break
		}
	}
	if sorted {
		for i := range out {
			out[i] = i
		}
		return out
	}
	if len(v) > math.MaxInt32 {
		for i := range out {
			out[i] = i
		}
		slices.SortStableFunc(out, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
		return out
	}
	keys := make([]uint64, len(v))
	for i, x := range v {
		keys[i] = uint64(x) ^ 1<<63 // order-preserving for signed values
	}
	rows := make([]int32, len(v))
	for i := range rows {
		rows[i] = int32(i)
	}
	radixArgsort(keys, rows)
	for i, r := range rows {
		out[i] = int(r)
	}
	return out
}

// sortFloatsIndex returns the stable ascending order of the rows idx (in
// increasing order, none NaN) of v. -0.0 and 0.0 are equal keys.
func sortFloatsIndex(v []float64, idx []int) []int {
	sorted := true
	for k := 1; k < len(idx); k++ {
		if v[idx[k]] < v[idx[k-1]] {
			sorted = false
			break
		}
	}
	if sorted {
		return idx
	}
	if len(idx) > math.MaxInt32 {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
		return idx
	}
	keys := make([]uint64, len(idx))
	rows := make([]int32, len(idx))
	for k, i := range idx {
		f := v[i]
		if f == 0 {
			f = 0 // -0.0 sorts with 0.0
		}
		b := math.Float64bits(f)
		if b>>63 != 0 {
			b = ^b
		} else {
			b |= 1 << 63
		}
		keys[k] = b
		rows[k] = int32(i)
	}
	radixArgsort(keys, rows)
	for k, r := range rows {
		idx[k] = int(r)
	}
	return idx
}

// radixArgsort sorts keys ascending, carrying rows along, with a stable LSD
// radix sort of 11-bit digits; digits every key shares are skipped. Inputs
// longer than 2^31-1 rows are not supported by the int32 rows (callers
// hold at most a few hundred million rows).
func radixArgsort(keys []uint64, rows []int32) {
	const bitsPer = 11
	const buckets = 1 << bitsPer
	const passes = (64 + bitsPer - 1) / bitsPer
	n := len(keys)
	if n < 2 {
		return
	}
	var counts [passes][buckets]int
	for _, k := range keys {
		for p := 0; p < passes; p++ {
			counts[p][(k>>(p*bitsPer))&(buckets-1)]++
		}
	}
	origRows := rows
	tk := make([]uint64, n)
	tr := make([]int32, n)
	for p := 0; p < passes; p++ {
		c := &counts[p]
		shift := uint(p * bitsPer)
		if c[(keys[0]>>shift)&(buckets-1)] == n {
			continue // every key has this digit
		}
		sum := 0
		for b := range c {
			c[b], sum = sum, sum+c[b]
		}
		for i, k := range keys {
			d := (k >> shift) & (buckets - 1)
			j := c[d]
			c[d]++
			tk[j], tr[j] = k, rows[i]
		}
		keys, tk = tk, keys
		rows, tr = tr, rows
	}
	if &rows[0] != &origRows[0] {
		copy(origRows, rows)
	}
}
