package pandas

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// stableSortIndex is SortIndex's definition for numeric columns: missing
// cells last, the others by a stable comparison sort of their values.
func stableSortIndex(c *table.Column) []int {
	var idx, nulls []int
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			nulls = append(nulls, i)
		} else {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return CompareCells(c, a, b) })
	return append(idx, nulls...)
}

// TestSortIndexRadixMatchesComparison checks the one-pass and radix paths
// of SortIndex against a stable comparison sort on sorted, shuffled and
// duplicate-heavy columns, with extreme values, -0.0 and NaN.
func TestSortIndexRadixMatchesComparison(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ints := map[string]func(n int) []int64{
		"sorted": func(n int) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = int64(900000 + i)
			}
			return v
		},
		"shuffled": func(n int) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = int64(i)
			}
			r.Shuffle(n, func(i, j int) { v[i], v[j] = v[j], v[i] })
			return v
		},
		"dups": func(n int) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = int64(r.IntN(5) - 2)
			}
			return v
		},
		"extreme": func(n int) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, int64(r.Uint64())}[r.IntN(6)]
			}
			return v
		},
	}
	for name, gen := range ints {
		for _, n := range []int{0, 1, 2, 17, 5000} {
			c := table.Ints("id", gen(n))
			if got, want := SortIndex(c), stableSortIndex(c); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("ints %s n=%d: order differs", name, n)
			}
		}
	}
	floats := map[string]func(n int) []float64{
		"sorted": func(n int) []float64 {
			v := make([]float64, n)
			for i := range v {
				v[i] = float64(i) / 3
			}
			return v
		},
		"shuffled": func(n int) []float64 {
			v := make([]float64, n)
			for i := range v {
				v[i] = r.NormFloat64()
			}
			return v
		},
		"special": func(n int) []float64 {
			v := make([]float64, n)
			for i := range v {
				v[i] = []float64{math.Copysign(0, -1), 0, math.NaN(), math.Inf(1), math.Inf(-1), -1.5, 1.5, math.SmallestNonzeroFloat64, -math.MaxFloat64, r.Float64()}[r.IntN(10)]
			}
			return v
		},
	}
	for name, gen := range floats {
		for _, n := range []int{0, 1, 2, 17, 5000} {
			c := table.Floats("id", gen(n))
			if got, want := SortIndex(c), stableSortIndex(c); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("floats %s n=%d: order differs", name, n)
			}
		}
	}

}
