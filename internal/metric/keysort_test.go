package metric

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortKeysMatchesSort checks the in-place key sort against slices.Sort
// on sizes around its thresholds and on distributions that exercise each
// branch: uniform scores (deep MSD recursion), few distinct values (equal
// buckets), keys differing only in one byte, full-range random keys, and
// mixed-sign floats spread over many exponents.
func TestSortKeysMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sizes := []int{0, 1, 2, keySortSmall - 1, keySortSmall, keySortSmall + 1, 1000,
		keySortLeaf - 1, keySortLeaf, keySortLeaf + 1, 3*keySortLeaf + 7, 140_000}
	gens := map[string]func() uint64{
		"uniform":     func() uint64 { return floatKey(rng.Float64()) },
		"rounded":     func() uint64 { return floatKey(math.Round(rng.Float64()*100) / 100) },
		"two":         func() uint64 { return floatKey(float64(rng.IntN(2))) },
		"constant":    func() uint64 { return floatKey(0.25) },
		"lowbyte":     func() uint64 { return 0xABCD_0000_0000_0000 | uint64(rng.IntN(256)) },
		"highbyte":    func() uint64 { return uint64(rng.IntN(256)) << 56 },
		"random":      func() uint64 { return rng.Uint64() },
		"exponents":   func() uint64 { return floatKey(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))) },
		"skewedlarge": func() uint64 { return floatKey(1 - rng.Float64()*1e-9) },
	}
	for name, gen := range gens {
		for _, n := range sizes {
			a := make([]uint64, n)
			for i := range a {
				a[i] = gen()
			}
			want := slices.Clone(a)
			slices.Sort(want)
			sortKeys(a)
			if !slices.Equal(a, want) {
				i := 0
				for a[i] == want[i] {
					i++
				}
				t.Fatalf("%s, n=%d: first difference at %d: got %x, want %x", name, n, i, a[i], want[i])
			}
		}
	}
}

// TestSortKeysFloatOrder checks that sorted keys give the scores in
// ascending float order (what aucFromSorted walks), with -0 and 0 tied.
func TestSortKeysFloatOrder(t *testing.T) {
	vals := []float64{0.5, -0.0, 0, 1, -1, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 1e-300, 0.25, 0.5}
	keys := make([]uint64, 0, 200*len(vals))
	for range 200 {
		for _, v := range vals {
			keys = append(keys, floatKey(v))
		}
	}
	sortKeys(keys)
	want := slices.Clone(vals)
	slices.Sort(want)
	for i := 1; i < len(keys); i++ {
		if keys[i-1] > keys[i] {
			t.Fatalf("not ascending at %d", i)
		}
	}
	if keys[0] != floatKey(-1) || keys[len(keys)-1] != floatKey(1) || floatKey(-0.0) != floatKey(0) {
		t.Fatalf("ends %x %x", keys[0], keys[len(keys)-1])
	}
}

func BenchmarkSortKeys1M(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([]uint64, 1_000_000)
	for i := range src {
		src[i] = floatKey(rng.Float64())
	}
	a := make([]uint64, len(src))
	b.Run("inplace", func(b *testing.B) {
		for b.Loop() {
			copy(a, src)
			sortKeys(a)
		}
	})
	b.Run("lsd", func(b *testing.B) {
		buf := make([]uint64, len(src))
		for b.Loop() {
			copy(a, src)
			radixSort(a, buf)
		}
	})
}

// classKeysByComparison is classKeys by its definition: each class's keys
// sorted with slices.Sort.
func classKeysByComparison[T int64 | float64](yTrue []T, yScore []float64, pos T) ([]uint64, int) {
	p, q := make([]uint64, 0, len(yScore)), make([]uint64, 0, len(yScore))
	for i, s := range yScore {
		if yTrue[i] == pos {
			p = append(p, floatKey(s))
		} else {
			q = append(q, floatKey(s))
		}
	}
	slices.Sort(p)
	slices.Sort(q)
	return append(p, q...), len(p)
}

// TestClassKeysMatchesComparison covers both of classKeys' paths (small
// inputs; the bucketed one) with score distributions that put the bit
// window in different places (uniform, a single outlier far away, all
// equal, few values, mixed signs and exponents) and skewed class sizes.
func TestClassKeysMatchesComparison(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	scores := map[string]func(i int) float64{
		"uniform": func(int) float64 { return rng.Float64() },
		"outlier": func(i int) float64 {
			if i == 7 {
				return 1e-300
			}
			return 0.5 + rng.Float64()/2
		},
		"constant":  func(int) float64 { return 0.75 },
		"few":       func(int) float64 { return float64(rng.IntN(5)) / 4 },
		"exponents": func(int) float64 { return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20)) },
		"negzero":   func(int) float64 { return []float64{0, math.Copysign(0, -1), 1e-9}[rng.IntN(3)] },
	}
	for name, gen := range scores {
		for _, n := range []int{1, 5, 1000, keySortLeaf, keySortLeaf + 1, 140_000} {
			shares := []float64{0.5, 0.01, 1}
			if n > keySortLeaf+1 {
				shares = shares[:1] // the bucketed path with large buckets; kept fast
			}
			for _, posShare := range shares {
				yScore := make([]float64, n)
				yInt := make([]int64, n)
				yFlt := make([]float64, n)
				for i := range yScore {
					yScore[i] = gen(i)
					if rng.Float64() < posShare {
						yInt[i], yFlt[i] = 1, 1
					}
				}
				got, gotPos := classKeys(yInt, yScore, 1)
				want, wantPos := classKeysByComparison(yInt, yScore, 1)
				if gotPos != wantPos || !slices.Equal(got, want) {
					t.Fatalf("%s n=%d share=%v (int64): nPos %d, want %d; equal keys %v", name, n, posShare, gotPos, wantPos, slices.Equal(got, want))
				}
				got, gotPos = classKeys(yFlt, yScore, 0)
				want, wantPos = classKeysByComparison(yFlt, yScore, 0)
				if gotPos != wantPos || !slices.Equal(got, want) {
					t.Fatalf("%s n=%d share=%v (float64, pos 0): nPos %d, want %d", name, n, posShare, gotPos, wantPos)
				}
			}
		}
	}
}

// BenchmarkClassKeys1M compares classKeys with what it replaced: the keys
// written by class into one array, each part sorted by radixSort with a
// second array of the same size.
func BenchmarkClassKeys1M(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	yScore := make([]float64, 1_000_000)
	yTrue := make([]int64, len(yScore))
	for i := range yScore {
		yScore[i], yTrue[i] = rng.Float64(), int64(rng.IntN(2))
	}
	b.Run("bucketed", func(b *testing.B) {
		for b.Loop() {
			classKeys(yTrue, yScore, 1)
		}
	})
	b.Run("lsd", func(b *testing.B) {
		for b.Loop() {
			var nPos int
			for _, v := range yTrue {
				if v == 1 {
					nPos++
				}
			}
			mem := make([]uint64, 2*len(yScore))
			keys, buf := mem[:len(yScore)], mem[len(yScore):]
			p, q := 0, nPos
			for i, s := range yScore {
				if yTrue[i] == 1 {
					keys[p] = floatKey(s)
					p++
				} else {
					keys[q] = floatKey(s)
					q++
				}
			}
			radixSort(keys[:nPos], buf[:nPos])
			radixSort(keys[nPos:], buf[nPos:])
		}
	})
}

// radixSort sorts a ascending with an LSD radix sort on bytes, using buf
// (same length) as scratch, and returns whichever of the two holds the
// result. Byte positions on which all keys agree are skipped. It is the
// sort ROCAUC used before classKeys (a second array of the keys' size),
// kept as a reference for tests and BenchmarkClassKeys1M.
func radixSort(a, buf []uint64) []uint64 {
	if len(a) < 2 {
		return a
	}
	var counts [8][256]int
	for _, v := range a {
		counts[0][byte(v)]++
		counts[1][byte(v>>8)]++
		counts[2][byte(v>>16)]++
		counts[3][byte(v>>24)]++
		counts[4][byte(v>>32)]++
		counts[5][byte(v>>40)]++
		counts[6][byte(v>>48)]++
		counts[7][byte(v>>56)]++
	}
	src, dst := a, buf
	for d := 0; d < 8; d++ {
		shift := uint(8 * d)
		c := &counts[d]
		if c[byte(src[0]>>shift)] == len(src) {
			continue
		}
		sum := 0
		for b := range c {
			t := c[b]
			c[b] = sum
			sum += t
		}
		for _, v := range src {
			b := byte(v >> shift)
			dst[c[b]] = v
			c[b]++
		}
		src, dst = dst, src
	}
	return src
}
