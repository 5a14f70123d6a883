package report

import (
	"fmt"
	"math/big"
)

// PassAtKRat is the unbiased pass@k estimator for one competition with n
// runs of which c succeeded: 1 − C(n−c, k)/C(n, k), the probability that k
// runs drawn without replacement from the n include a success. It is
// computed exactly, as the product form
// C(n−c, k)/C(n, k) = ∏_{i<k} (n−c−i)/(n−i) in rationals (0 as soon as a
// factor is 0, i.e. when k > n−c). It needs 0 ≤ c ≤ n and 1 ≤ k ≤ n.
func PassAtKRat(n, c, k int) (*big.Rat, error) {
	if n < 1 || c < 0 || c > n || k < 1 || k > n {
		return nil, fmt.Errorf("pass@k: need 0 ≤ c ≤ n and 1 ≤ k ≤ n, got n=%d c=%d k=%d", n, c, k)
	}
	fail := big.NewRat(1, 1)
	for i := 0; i < k; i++ {
		if n-c-i <= 0 {
			fail.SetInt64(0)
			break
		}
		fail.Mul(fail, big.NewRat(int64(n-c-i), int64(n-i)))
	}
	return new(big.Rat).Sub(big.NewRat(1, 1), fail), nil
}

// PassAtK is [PassAtKRat] rounded once to the nearest float64.
func PassAtK(n, c, k int) (float64, error) {
	r, err := PassAtKRat(n, c, k)
	if err != nil {
		return 0, err
	}
	f, _ := r.Float64()
	return f, nil
}

// SplitPassAtK is the any-medal pass@k of a split, in percent, for k = 1…S
// where S is the number of seeds the aggregation forms (see
// [AggregateReports], whose options and errors it shares): each split
// competition's first S reports (a missing one, under PadMissing, counts as
// no medal) give n = S and c = its medals, and the per-competition
// estimates are averaged over the split exactly (one rounding at the end).
// pass@1 is the mean any-medal percentage over seeds.
func SplitPassAtK(reports []Flags, split []string, opt AggregateOptions) ([]float64, error) {
	agg, err := AggregateReports(reports, split, opt)
	if err != nil {
		return nil, err
	}
	n := agg.NumSeeds
	medals := map[string]int{}
	seen := map[string]int{}
	for _, r := range reports {
		if seen[r.CompetitionID] >= n {
			continue
		}
		seen[r.CompetitionID]++
		if r.AnyMedal() {
			medals[r.CompetitionID]++
		}
	}
	out := make([]float64, n)
	for k := 1; k <= n; k++ {
		sum := new(big.Rat)
		for _, id := range split {
			p, err := PassAtKRat(n, medals[id], k)
			if err != nil {
				return nil, err
			}
			sum.Add(sum, p)
		}
		sum.Mul(sum, big.NewRat(100, int64(len(split))))
		out[k-1], _ = sum.Float64()
	}
	return out, nil
}

// FormatPercent formats a percentage as the report's tables do: two
// decimals.
func FormatPercent(v float64) string { return fmt.Sprintf("%.2f%%", v) }
