package pyrand

import "testing"

// Sizes taken from the specs: 10M is the brief's reference size; the largest
// real split is new-york-city-taxi-fare-prediction's 55,423,856 rows.

func BenchmarkPermutation10M(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewRandomState(0).Permutation(10_000_000)
	}
}

func BenchmarkShuffleInt32_10M(b *testing.B) {
	x := make([]int32, 10_000_000)
	b.ReportAllocs()
	for b.Loop() {
		for i := range x {
			x[i] = int32(i)
		}
		ShuffleSlice(NewRandomState(0), x)
	}
}

func BenchmarkPermutation100k(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewRandomState(0).Permutation(100_000)
	}
}

func BenchmarkMTUint32(b *testing.B) {
	rs := NewRandomState(0)
	for b.Loop() {
		rs.Uint32()
	}
}

func BenchmarkPythonShuffle100k(b *testing.B) {
	x := make([]int, 100_000)
	for b.Loop() {
		ShuffleSlice(NewRandom(0), x)
	}
}

func BenchmarkGeneratorRandom(b *testing.B) {
	g := NewGenerator(0)
	for b.Loop() {
		g.Random()
	}
}
