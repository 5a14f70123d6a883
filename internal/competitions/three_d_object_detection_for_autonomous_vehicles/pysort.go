package three_d_object_detection_for_autonomous_vehicles

import "sort"

// sortByScoreDesc returns the order of sorted(range(len(keys)),
// key=keys.__getitem__, reverse=True) as CPython computes it: the list is
// reversed, sorted ascending with "<" (stable), and reversed back.
//
// Without NaN keys "<" is a total order and any stable sort gives that
// result. With NaN (every comparison false) the result depends on the
// algorithm: below 64 items CPython's timsort is a single count_run plus
// binary insertion sort, reproduced here step by step; longer lists with
// NaN keys fall back to a stable merge sort (CPython's galloping merges
// are not reproduced, see the package report).
func sortByScoreDesc(keys []float64) []int {
	n := len(keys)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = n - 1 - i // reversed
	}
	hasNaN := false
	for _, k := range keys {
		if k != k {
			hasNaN = true
		}
	}
	less := func(a, b int) bool { return keys[a] < keys[b] }
	switch {
	case !hasNaN || n >= 64:
		sort.SliceStable(idx, func(i, j int) bool { return less(idx[i], idx[j]) })
	case n > 1:
		// count_run (CPython ≤ 3.12): a strictly descending run is
		// reversed in place; otherwise a non-descending run.
		run := 2
		if less(idx[1], idx[0]) {
			for run < n && less(idx[run], idx[run-1]) {
				run++
			}
			for i, j := 0, run-1; i < j; i, j = i+1, j-1 {
				idx[i], idx[j] = idx[j], idx[i]
			}
		} else {
			for run < n && !less(idx[run], idx[run-1]) {
				run++
			}
		}
		// binarysort(lo, hi, start=run).
		for start := run; start < n; start++ {
			pivot := idx[start]
			l, r := 0, start
			for l < r {
				p := l + (r-l)>>1
				if less(pivot, idx[p]) {
					r = p
				} else {
					l = p + 1
				}
			}
			copy(idx[l+1:start+1], idx[l:start])
			idx[l] = pivot
		}
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		idx[i], idx[j] = idx[j], idx[i]
	}
	return idx
}
