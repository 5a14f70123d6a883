package metric

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
)

func nanValue() float64 { return math.NaN() }

// AveragePrecisionAtK is MLE-bench's metrics.average_precision_at_k
// (harness §4.9, the classic ml_metrics apk): predictions are truncated to
// k; walking them in order, an item counts as a hit when it is in actual and
// has not appeared earlier in the (truncated) list, and each hit adds
// hits/rank (Python floats: num_hits / (i + 1.0)); the sum is divided by
// min(|actual|, k). An empty actual set gives 0.0. actual is treated as a
// set (duplicates do not change |actual|).
//
// Result type: Python float.
func AveragePrecisionAtK[T comparable](actual, predicted []T, k int) float64 {
	if len(predicted) > k {
		predicted = predicted[:k]
	}
	if len(actual) <= 16 && len(predicted) <= 16 {
		return averagePrecisionSmall(actual, predicted, k)
	}
	return averagePrecisionMap(actual, predicted, k)
}

// averagePrecisionMap is [AveragePrecisionAtK] with hash sets.
func averagePrecisionMap[T comparable](actual, predicted []T, k int) float64 {
	set := make(map[T]struct{}, len(actual))
	for _, a := range actual {
		set[a] = struct{}{}
	}
	if len(predicted) > k {
		predicted = predicted[:k]
	}
	seen := make(map[T]struct{}, len(predicted))
	score, hits := 0.0, 0.0
	for i, p := range predicted {
		_, rel := set[p]
		_, dup := seen[p]
		seen[p] = struct{}{}
		if rel && !dup {
			hits += 1.0
			score += hits / (float64(i) + 1.0)
		}
	}
	if len(set) == 0 {
		return 0.0
	}
	return score / float64(min(len(set), k))
}

// averagePrecisionSmall is [AveragePrecisionAtK] for short lists (predicted
// already truncated to k): linear scans instead of hash sets, the same
// operations on the score in the same order.
func averagePrecisionSmall[T comparable](actual, predicted []T, k int) float64 {
	distinct := 0
	for i, a := range actual {
		if !slices.Contains(actual[:i], a) {
			distinct++
		}
	}
	score, hits := 0.0, 0.0
	for i, p := range predicted {
		if slices.Contains(actual, p) && !slices.Contains(predicted[:i], p) {
			hits += 1.0
			score += hits / (float64(i) + 1.0)
		}
	}
	if distinct == 0 {
		return 0.0
	}
	return score / float64(min(distinct, k))
}

// MeanAveragePrecisionAtK is metrics.mean_average_precision_at_k: the
// [AveragePrecisionAtK] of each (actual, predicted) pair, then np.mean of
// the list ([Mean], numpy pairwise summation). The two lists must have the
// same length; empty lists give NaN as np.mean([]) does.
//
// Result type: numpy float64.
func MeanAveragePrecisionAtK[T comparable](actual, predicted [][]T, k int) (float64, error) {
	if len(actual) != len(predicted) {
		return math.NaN(), fmt.Errorf("got %d actual and %d predicted lists", len(actual), len(predicted))
	}
	aps := make([]float64, len(actual))
	parallelRanges(len(actual), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			aps[i] = AveragePrecisionAtK(actual[i], predicted[i], k)
		}
	})
	return Mean(aps), nil
}

// Dice is MLE-bench's metrics.dice_coefficient(pred, true,
// both_empty_value) (harness §4.9) on flattened boolean masks:
// 2·|pred ∧ true| / (|pred| + |true|) as a numpy integer division, or
// bothEmpty (NaN in the original's default) when neither mask has a
// foreground pixel. Masks of different sizes are an error ("shapes must
// match").
//
// Result type: numpy float64 (bothEmpty is whatever the caller passes,
// a Python float upstream).
func Dice(pred, truth []bool, bothEmpty float64) (float64, error) {
	if len(pred) != len(truth) {
		return math.NaN(), fmt.Errorf("shapes must match: %d and %d pixels", len(pred), len(truth))
	}
	var inter, np, nt int64
	for i := range pred {
		if pred[i] {
			np++
			if truth[i] {
				inter++
			}
		}
		if truth[i] {
			nt++
		}
	}
	if np+nt == 0 {
		return bothEmpty, nil
	}
	return float64(2*inter) / float64(np+nt), nil
}

// parallelRanges calls f on consecutive ranges covering [0, n), on up to
// GOMAXPROCS goroutines when n is large enough to pay for them. f must only
// write results of its own range.
func parallelRanges(n int, f func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), n/4096)
	if workers <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			f(lo, hi)
		}(lo, min(lo+step, n))
	}
	wg.Wait()
}
