package pyrand

import (
	"errors"
	"fmt"
	"math/bits"
)

// Random reproduces CPython's random.Random (3.11; the integer-seeded stream
// and the methods below have been stable since 3.2) — also the module-level
// functions after random.seed(n). It is not safe for concurrent use.
type Random struct {
	mt mt19937
}

// NewRandom is random.Random(seed) / random.seed(seed) for an int seed:
// MT19937 seeded with init_by_array of the 32-bit little-endian words of
// |seed| (key [0] for 0). This is not NumPy's init_genrand seeding.
func NewRandom(seed int64) *Random {
	r := &Random{}
	r.Seed(seed)
	return r
}

// NewRandomFromKey seeds with init_by_array(key), which is what CPython does
// for an arbitrarily large int whose little-endian 32-bit words are key
// (without high zero words; an empty key is treated as [0]).
func NewRandomFromKey(key []uint32) *Random {
	r := &Random{}
	if len(key) == 0 {
		key = []uint32{0}
	}
	r.mt.initByArray(key)
	return r
}

// Seed is random.seed(seed) for an int seed (see [NewRandom]).
func (r *Random) Seed(seed int64) {
	u := uint64(seed)
	if seed < 0 {
		u = -u // |seed|, correct for math.MinInt64 too
	}
	if u>>32 == 0 {
		r.mt.initByArray([]uint32{uint32(u)})
		return
	}
	r.mt.initByArray([]uint32{uint32(u), uint32(u >> 32)})
}

// Uint32 returns the next raw 32-bit MT19937 output (genrand_uint32).
func (r *Random) Uint32() uint32 { return r.mt.next32() }

// Random is random.random(): (a*2^26 + b) / 2^53 with a = next>>5,
// b = next>>6.
func (r *Random) Random() float64 { return r.mt.double53() }

// Uniform is random.uniform(a, b): a + (b-a)*random().
func (r *Random) Uniform(a, b float64) float64 { return a + (b-a)*r.mt.double53() }

// GetRandBits is random.getrandbits(k) for 0 <= k <= 64. k == 0 returns 0
// without consuming output; k <= 32 is next32() >> (32-k); otherwise the
// 32-bit words are filled least significant first and the last (most
// significant) word keeps only its top k mod 32 bits.
func (r *Random) GetRandBits(k int) (uint64, error) {
	if k < 0 || k > 64 {
		return 0, fmt.Errorf("pyrand: getrandbits(%d): k must be in [0, 64]", k)
	}
	return r.getRandBits(k), nil
}

func (r *Random) getRandBits(k int) uint64 {
	switch {
	case k == 0:
		return 0
	case k <= 32:
		return uint64(r.mt.next32() >> (32 - k))
	}
	lo := uint64(r.mt.next32())
	hi := uint64(r.mt.next32() >> (64 - k))
	return hi<<32 | lo
}

// Randbelow is Random._randbelow (the getrandbits variant) for n > 0:
// k = n.bit_length(), then r = getrandbits(k) redrawn while r >= n. n == 0
// returns 0 without consuming output (CPython returns 0 only via its callers'
// checks; no caller here passes 0).
func (r *Random) Randbelow(n uint64) uint64 {
	if n == 0 {
		return 0
	}
	k := bits.Len64(n)
	for {
		if v := r.getRandBits(k); v < n {
			return v
		}
	}
}

// Randrange is random.randrange(start, stop) (step 1): start +
// _randbelow(stop-start). It errors on an empty range like CPython's
// ValueError.
func (r *Random) Randrange(start, stop int64) (int64, error) {
	if stop <= start {
		return 0, fmt.Errorf("pyrand: empty range for randrange() (%d, %d, %d)", start, stop, stop-start)
	}
	width := uint64(stop) - uint64(start)
	return int64(uint64(start) + r.Randbelow(width)), nil
}

// Randint is random.randint(a, b) = randrange(a, b+1), both ends included.
func (r *Random) Randint(a, b int64) (int64, error) {
	if b < a {
		return 0, fmt.Errorf("pyrand: empty range for randrange() (%d, %d, %d)", a, b+1, b+1-a)
	}
	width := uint64(b) - uint64(a) + 1
	if width == 0 {
		// The full int64 range: _randbelow(2^64) draws getrandbits(65), three
		// words with the top one shifted down to one bit, and redraws while
		// that bit is set.
		for {
			lo := uint64(r.mt.next32())
			hi := uint64(r.mt.next32())
			if r.mt.next32()>>31 == 0 {
				return int64(uint64(a) + (hi<<32 | lo)), nil
			}
		}
	}
	return int64(uint64(a) + r.Randbelow(width)), nil
}

// Choice is random.choice(seq) for a sequence of length n: it returns the
// chosen position _randbelow(n). An empty sequence is an error (CPython's
// IndexError "Cannot choose from an empty sequence").
func (r *Random) Choice(n int) (int, error) {
	if n <= 0 {
		return 0, errors.New("pyrand: cannot choose from an empty sequence")
	}
	return int(r.Randbelow(uint64(n))), nil
}

// Shuffle is random.shuffle on a length-n sequence with a caller-supplied
// swap: for i from n-1 down to 1, j = _randbelow(i+1), swap(i, j).
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.Randbelow(uint64(i+1))))
	}
}

// Sample is random.sample(population, k) for a population of length n; it
// returns the chosen positions in selection order (population[j] for each j
// is CPython's result). CPython 3.11's two strategies are reproduced:
// setsize = 21, plus 4^ceil(log4(3k)) when k > 5; if n <= setsize a pool
// list is used (j = _randbelow(n-i), result[i] = pool[j],
// pool[j] = pool[n-i-1]), otherwise j = _randbelow(n) is redrawn until it
// was not selected before. k == 0 consumes nothing.
func (r *Random) Sample(n, k int) ([]int, error) {
	if k < 0 || k > n {
		return nil, fmt.Errorf("pyrand: sample larger than population or is negative (k=%d, n=%d)", k, n)
	}
	result := make([]int, k)
	setsize := 21
	if k > 5 {
		setsize += pow4CeilLog4(3 * k)
	}
	if n <= setsize {
		pool := make([]int, n)
		for i := range pool {
			pool[i] = i
		}
		for i := 0; i < k; i++ {
			j := int(r.Randbelow(uint64(n - i)))
			result[i] = pool[j]
			pool[j] = pool[n-i-1]
		}
		return result, nil
	}
	selected := make(map[int]struct{}, k)
	for i := 0; i < k; i++ {
		j := int(r.Randbelow(uint64(n)))
		for {
			if _, dup := selected[j]; !dup {
				break
			}
			j = int(r.Randbelow(uint64(n)))
		}
		selected[j] = struct{}{}
		result[i] = j
	}
	return result, nil
}

// pow4CeilLog4 returns 4**ceil(log(x, 4)) for x >= 1, i.e. the smallest power
// of four >= x. CPython computes the logarithm in floating point; x = 3k is
// never a power of four, and for any realistic k the float result is far
// from an integer, so the exact integer computation agrees.
func pow4CeilLog4(x int) int {
	p := 1
	for p < x {
		p *= 4
	}
	return p
}
