package pyrand

import (
	"math"
	"slices"
	"testing"
)

// The specialised shuffles (Permutation's []int loop, the generic legacy
// fast path) must consume the stream exactly like the documented
// Shuffle(n, swap) pass, for every generator.
func TestShufflePathsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 255, 256, 257, 1000, 4097} {
		base := NewRandomState(7).Permutation(n)

		viaSwap := make([]int, n)
		for i := range viaSwap {
			viaSwap[i] = i
		}
		NewRandomState(7).Shuffle(n, func(i, j int) { viaSwap[i], viaSwap[j] = viaSwap[j], viaSwap[i] })

		i32 := make([]int32, n)
		for i := range i32 {
			i32[i] = int32(i)
		}
		ShuffleSlice(NewRandomState(7), i32)

		perm := Permute(NewRandomState(7), viaSwapIdentity(n))
		for k := range n {
			if viaSwap[k] != base[k] || int(i32[k]) != base[k] || perm[k] != base[k] {
				t.Fatalf("n=%d: shuffle paths disagree at %d", n, k)
			}
		}

		g := NewGenerator(7).Permutation(n)
		gs := viaSwapIdentity(n)
		ShuffleSlice(NewGenerator(7), gs)
		if !slices.Equal(g, gs) {
			t.Fatalf("n=%d: Generator.Permutation and ShuffleSlice disagree", n)
		}
	}
}

func viaSwapIdentity(n int) []int {
	x := make([]int, n)
	for i := range x {
		x[i] = i
	}
	return x
}

func TestSeedEquivalences(t *testing.T) {
	// random.seed(n) uses |n|; int64 seeds and their key words agree.
	for _, s := range []int64{0, 1, -1, 42, 1 << 32, -(1 << 40), math.MaxInt64, math.MinInt64} {
		u := uint64(s)
		if s < 0 {
			u = -u
		}
		key := []uint32{uint32(u)}
		if u>>32 != 0 {
			key = append(key, uint32(u>>32))
		}
		a, b := NewRandom(s), NewRandomFromKey(key)
		for range 5 {
			if x, y := a.Uint32(), b.Uint32(); x != y {
				t.Fatalf("seed %d: NewRandom %d != NewRandomFromKey %d", s, x, y)
			}
		}
	}
	// Re-seeding restarts the stream.
	r := NewRandom(9)
	first := r.Random()
	r.Seed(9)
	if r.Random() != first {
		t.Error("Seed did not reset the stream")
	}
}

func TestSizeString(t *testing.T) {
	for _, c := range []struct {
		s    Size
		want string
	}{
		{Size{}, "None"}, {Count(3), "3"}, {Fraction(0.25), "0.25"}, {Fraction(1), "1.0"}, {Fraction(1e-5), "1e-05"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.s, got, c.want)
		}
	}
}

// checkPartition verifies that train and test are disjoint, in range, and
// of the validated sizes.
func checkPartition(t *testing.T, n int, train, test []int, nTrain, nTest int) {
	t.Helper()
	if len(train) != nTrain || len(test) != nTest {
		t.Fatalf("n=%d: sizes %d/%d, want %d/%d", n, len(train), len(test), nTrain, nTest)
	}
	seen := make([]bool, n)
	for _, idx := range append(slices.Clone(train), test...) {
		if idx < 0 || idx >= n || seen[idx] {
			t.Fatalf("n=%d: index %d out of range or repeated", n, idx)
		}
		seen[idx] = true
	}
}

func FuzzTrainTestSplit(f *testing.F) {
	f.Add(10, 0.1, 0, uint32(0), false, 0)
	f.Add(15, 0.0, 3, uint32(1), true, 3)
	f.Add(100, 0.3, 0, uint32(42), false, 4)
	f.Add(0, 0.5, 0, uint32(0), false, 0)
	f.Fuzz(func(t *testing.T, n int, frac float64, count int, seed uint32, noShuffle bool, classes int) {
		if n < 0 || n > 2000 || classes < 0 || classes > 50 {
			t.Skip()
		}
		opt := SplitOptions{RandomState: seed, NoShuffle: noShuffle}
		if count != 0 {
			opt.TestSize = Count(count)
		} else {
			opt.TestSize = Fraction(frac)
		}
		if classes > 0 {
			opt.Stratify = make([]int, n)
			for i := range opt.Stratify {
				opt.Stratify[i] = (i * 7) % classes
			}
		}
		train, test, err := TrainTestSplit(n, opt)
		if err != nil {
			return
		}
		nTrain, nTest, err := ValidateShuffleSplit(n, opt.TestSize, opt.TrainSize, Fraction(0.25))
		if err != nil {
			t.Fatalf("split succeeded but validation failed: %v", err)
		}
		checkPartition(t, n, train, test, nTrain, nTest)
	})
}

func FuzzChoice(f *testing.F) {
	f.Add(10, 3, true, 0.0, uint32(0))
	f.Add(10, 3, false, 0.5, uint32(1))
	f.Add(0, 0, false, 0.0, uint32(2))
	f.Fuzz(func(t *testing.T, pop, size int, replace bool, p0 float64, seed uint32) {
		if pop > 5000 || size > 5000 {
			t.Skip()
		}
		var p []float64
		if p0 != 0 && pop > 0 {
			p = make([]float64, pop)
			p[0] = p0
			for i := 1; i < pop; i++ {
				p[i] = (1 - p0) / float64(pop-1)
			}
		}
		for _, got := range [][]int{
			mustChoice(NewRandomState(seed).Choice(pop, size, replace, p)),
			mustChoice(NewGenerator(uint64(seed)).Choice(pop, size, replace, p)),
		} {
			if got == nil {
				continue
			}
			if len(got) != size {
				t.Fatalf("len %d, want %d", len(got), size)
			}
			seen := map[int]bool{}
			for _, v := range got {
				if v < 0 || v >= pop {
					t.Fatalf("index %d out of [0, %d)", v, pop)
				}
				if !replace && seen[v] {
					t.Fatalf("repeated index %d without replacement", v)
				}
				seen[v] = true
			}
		}
	})
}

func mustChoice(idx []int, err error) []int {
	if err != nil {
		return nil
	}
	return idx
}

func TestStratifiedKeepsProportions(t *testing.T) {
	y := make([]int, 0, 100)
	for i := range 100 {
		y = append(y, min(i/20, 3)) // classes 0..3 with 20, 20, 20, 40 members
	}
	train, test, err := TrainTestSplit(len(y), SplitOptions{TestSize: Fraction(0.25), Stratify: y})
	if err != nil {
		t.Fatal(err)
	}
	checkPartition(t, len(y), train, test, 75, 25)
	counts := make([]int, 4)
	for _, i := range test {
		counts[y[i]]++
	}
	if !slices.Equal(counts, []int{5, 5, 5, 10}) {
		t.Errorf("test class counts %v, want [5 5 5 10]", counts)
	}
}
