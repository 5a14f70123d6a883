package metric

import (
	"math"
	"slices"
	"testing"
)

// benchInput is n rows of splitmix scores with labels correlated to them;
// ties controls the number of distinct score values (0 = all distinct).
func benchInput(n int, ties float64) (yTrue, yScore []float64) {
	u := splitmixUniform(1, n)
	v := splitmixUniform(2, n)
	yTrue = make([]float64, n)
	yScore = make([]float64, n)
	for i := range u {
		if v[i] < 0.3+0.4*u[i] {
			yTrue[i] = 1
		}
		yScore[i] = u[i]
		if ties > 0 {
			yScore[i] = math.Floor(u[i]*ties) / ties
		}
	}
	return yTrue, yScore
}

func BenchmarkROCAUC1M(b *testing.B) {
	for _, bc := range []struct {
		name string
		ties float64
	}{{"distinct", 0}, {"1000-values", 1000}} {
		yTrue, yScore := benchInput(1_000_000, bc.ties)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ROCAUC(yTrue, yScore); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSortFloat1M is the comparison point for the radix sort inside
// ROCAUC: slices.Sort on the same 10⁶ scores.
func BenchmarkSortFloat1M(b *testing.B) {
	_, yScore := benchInput(1_000_000, 0)
	buf := make([]float64, len(yScore))
	b.ReportAllocs()
	for b.Loop() {
		copy(buf, yScore)
		slices.Sort(buf)
	}
}

func BenchmarkLogLossIndicator(b *testing.B) {
	const n, k = 10_000, 120
	u := splitmixUniform(3, n*k)
	yTrue := make([][]float64, k)
	yPred := make([][]float64, k)
	for c := range yPred {
		yTrue[c] = make([]float64, n)
		yPred[c] = u[c*n : (c+1)*n]
	}
	for i := 0; i < n; i++ {
		yTrue[i%k][i] = 1
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LogLossIndicator(yTrue, yPred, LogLossOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
