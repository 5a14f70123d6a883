package metric

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

func hasNaN(a []float64) bool {
	for _, v := range a {
		if v != v {
			return true
		}
	}
	return false
}

func hasNonFinite(a []float64) bool {
	for _, v := range a {
		if v-v != 0 {
			return true
		}
	}
	return false
}

func isConstant(a []float64) bool {
	for _, v := range a {
		if v != a[0] {
			return false
		}
	}
	return true
}

// Pearson is scipy.stats.pearsonr(x, y).statistic (scipy 1.10–1.11
// algorithm): with m = mean and xm = x − mean(x),
//
//	r = Σ (xm/‖xm‖)·(ym/‖ym‖),  clipped to [−1, 1].
//
// Edge cases as in scipy: different lengths ("x and y must have the same
// length.") and fewer than two values ("x and y must have length at least
// 2.") are errors; a constant input (all values equal to the first) gives
// NaN (ConstantInputWarning); n = 2 gives sign(x₁−x₀)·sign(y₁−y₀) (NaN if a
// value is NaN). For n > 2, NaN or ±inf is scipy 1.10's error "array must
// not contain infs or NaNs" (raised by scipy.linalg.norm's finiteness
// check; later scipy releases return NaN instead).
//
// scipy computes the norms and the dot product with BLAS (nrm2, dot), whose
// summation order depends on the BLAS build; here they use numpy's pairwise
// summation, so results agree to about 1e-15 relative, not bit for bit.
//
// Result type: numpy float64.
func Pearson(x, y []float64) (float64, error) {
	n := len(x)
	if n != len(y) {
		return math.NaN(), errors.New("x and y must have the same length.")
	}
	if n < 2 {
		return math.NaN(), errors.New("x and y must have length at least 2.")
	}
	if isConstant(x) || isConstant(y) {
		return math.NaN(), nil
	}
	if n == 2 {
		return sign(x[1]-x[0]) * sign(y[1]-y[0]), nil
	}
	xm, ym := centered(x), centered(y)
	if hasNonFinite(xm) || hasNonFinite(ym) {
		return math.NaN(), errors.New("array must not contain infs or NaNs")
	}
	nx, ny := norm2(xm), norm2(ym)
	prod := make([]float64, n)
	for i := range prod {
		prod[i] = float64(xm[i]/nx) * float64(ym[i]/ny)
	}
	r := Sum(prod)
	if r != r {
		return r, nil
	}
	return math.Max(math.Min(r, 1), -1), nil
}

func sign(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	case v == 0:
		return 0
	}
	return math.NaN()
}

func centered(a []float64) []float64 {
	m := Mean(a)
	out := make([]float64, len(a))
	for i, v := range a {
		out[i] = v - m
	}
	return out
}

// norm2 is the Euclidean norm with overflow-safe scaling.
func norm2(a []float64) float64 {
	scale := 0.0
	for _, v := range a {
		scale = math.Max(scale, math.Abs(v))
	}
	if scale == 0 || math.IsInf(scale, 0) || scale != scale {
		return scale
	}
	sq := make([]float64, len(a))
	for i, v := range a {
		s := v / scale
		sq[i] = s * s
	}
	return scale * math.Sqrt(Sum(sq))
}

// Rankdata is scipy.stats.rankdata(a) with method="average": 1-based ranks,
// ties receiving the mean of the ranks they span (0.5·(first+last) exactly,
// as scipy computes it). NaN values are ranked as the largest values (numpy's
// sort order); callers that follow scipy's nan_policy="propagate" check for
// NaN first.
func Rankdata(a []float64) []float64 {
	n := len(a)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int { return compareNaNLast(a[i], a[j]) })
	ranks := make([]float64, n)
	for start := 0; start < n; {
		end := start + 1
		for end < n && sameValue(a[idx[end]], a[idx[start]]) {
			end++
		}
		// scipy: 0.5 * (count[dense] + count[dense-1] + 1) with count the
		// cumulative group boundaries: 0.5*(end + start + 1).
		r := 0.5 * float64(end+start+1)
		for k := start; k < end; k++ {
			ranks[idx[k]] = r
		}
		start = end
	}
	return ranks
}

func sameValue(a, b float64) bool { return a == b || (a != a && b != b) }

func compareNaNLast(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	case a != a && b != b:
		return 0
	case a != a:
		return 1
	}
	return -1
}

// Spearman is scipy.stats.spearmanr(x, y).statistic (scipy 1.10,
// nan_policy="propagate"): the Pearson correlation of [Rankdata] of both
// inputs as numpy.corrcoef computes it,
//
//	c = Σ xr·yr/(n−1), vx = Σ xr²/(n−1), vy = Σ yr²/(n−1),
//	ρ = c / sqrt(vy) / sqrt(vx), clipped to [−1, 1]
//
// with xr, yr the mean-centred ranks. NaN in either input gives NaN, a
// constant input gives NaN (scipy's ConstantInputWarning), fewer than two
// values give NaN, different lengths are numpy's concatenation error. The dot products are
// BLAS calls in numpy (gemm); here numpy's pairwise summation is used, so
// agreement is to about 1e-15 relative.
//
// Result type: numpy float64.
func Spearman(x, y []float64) (float64, error) {
	if len(x) != len(y) {
		return math.NaN(), fmt.Errorf("all the input array dimensions except for the concatenation axis must match exactly, "+
			"but along dimension 0, the array at index 0 has size %d and the array at index 1 has size %d", len(x), len(y))
	}
	if hasNaN(x) || hasNaN(y) || len(x) <= 1 || isConstant(x) || isConstant(y) {
		return math.NaN(), nil
	}
	xr, yr := centered(Rankdata(x)), centered(Rankdata(y))
	n := len(x)
	fact := 1 / float64(n-1)
	prod := make([]float64, n)
	for i := range prod {
		prod[i] = xr[i] * yr[i]
	}
	cxy := Sum(prod) * fact
	for i := range prod {
		prod[i] = xr[i] * xr[i]
	}
	cxx := Sum(prod) * fact
	for i := range prod {
		prod[i] = yr[i] * yr[i]
	}
	cyy := Sum(prod) * fact
	r := cxy / math.Sqrt(cyy) / math.Sqrt(cxx)
	return math.Max(math.Min(r, 1), -1), nil
}

// KendallTauB is scipy.stats.kendalltau(x, y).statistic (variant "b",
// scipy 1.10), computed from exact integer pair counts:
//
//	τ_b = (tot − xtie − ytie + ntie − 2·dis) / sqrt(tot − xtie) / sqrt(tot − ytie)
//
// with tot = n(n−1)/2, xtie/ytie the pairs tied in x/y, ntie the pairs tied
// in both and dis the discordant pairs; clipped to [−1, 1]. The float
// operations are scipy's, so the result is bit-exact. Empty input, NaN in
// either input (nan_policy="propagate") and an input whose pairs are all
// tied give NaN; different lengths are scipy's error "All inputs to
// `kendalltau` must be of the same size, found x-size 3 and y-size 2".
//
// Result type: numpy float64.
func KendallTauB(x, y []float64) (float64, error) {
	if len(x) != len(y) {
		return math.NaN(), fmt.Errorf("All inputs to `kendalltau` must be of the same size, found x-size %d and y-size %d", len(x), len(y))
	}
	n := len(x)
	if n == 0 || hasNaN(x) || hasNaN(y) {
		return math.NaN(), nil
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		if c := compareNaNLast(x[i], x[j]); c != 0 {
			return c
		}
		return compareNaNLast(y[i], y[j])
	})
	pairs := func(c int64) int64 { return c * (c - 1) / 2 }
	var xtie, ntie int64
	for s := 0; s < n; {
		e := s + 1
		for e < n && x[idx[e]] == x[idx[s]] {
			e++
		}
		xtie += pairs(int64(e - s))
		for a := s; a < e; {
			b := a + 1
			for b < e && y[idx[b]] == y[idx[a]] {
				b++
			}
			ntie += pairs(int64(b - a))
			a = b
		}
		s = e
	}
	ys := make([]float64, n)
	for i, k := range idx {
		ys[i] = y[k]
	}
	sortedY := slices.Clone(ys)
	slices.Sort(sortedY)
	var ytie int64
	for s := 0; s < n; {
		e := s + 1
		for e < n && sortedY[e] == sortedY[s] {
			e++
		}
		ytie += pairs(int64(e - s))
		s = e
	}
	tot := pairs(int64(n))
	if xtie == tot || ytie == tot {
		return math.NaN(), nil
	}
	dis := countInversions(ys, make([]float64, n))
	conMinusDis := tot - xtie - ytie + ntie - 2*dis
	tau := float64(conMinusDis) / math.Sqrt(float64(tot-xtie)) / math.Sqrt(float64(tot-ytie))
	return math.Min(1, math.Max(-1, tau)), nil
}

// countInversions sorts a (merge sort, using buf) and returns the number of
// pairs i < j with a[i] > a[j] strictly.
func countInversions(a, buf []float64) int64 {
	n := len(a)
	if n < 2 {
		return 0
	}
	mid := n / 2
	inv := countInversions(a[:mid], buf[:mid]) + countInversions(a[mid:], buf[mid:])
	i, j, k := 0, mid, 0
	for i < mid && j < n {
		if a[j] < a[i] {
			buf[k] = a[j]
			inv += int64(mid - i)
			j++
		} else {
			buf[k] = a[i]
			i++
		}
		k++
	}
	k += copy(buf[k:], a[i:mid])
	copy(buf[k:], a[j:])
	copy(a, buf[:n])
	return inv
}
