package pyrand

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// SeedSequence is numpy.random.SeedSequence for an integer entropy with the
// default pool size 4 and no spawn key: the entropy's little-endian 32-bit
// words are hashed into a pool with the hashmix/mix functions
// (INIT_A = 0x43b0d7e5, MULT_A = 0x931e8875, MIX_MULT_L = 0xca01f9dd,
// MIX_MULT_R = 0x4973f715, XSHIFT = 16).
type SeedSequence struct {
	pool [4]uint32
}

const (
	ssInitA    = 0x43b0d7e5
	ssMultA    = 0x931e8875
	ssInitB    = 0x8b51f9dd
	ssMultB    = 0x58f38ded
	ssMixMultL = 0xca01f9dd
	ssMixMultR = 0x4973f715
	ssXShift   = 16
)

// NewSeedSequence is SeedSequence(entropy) for a non-negative int entropy
// below 2^64.
func NewSeedSequence(entropy uint64) SeedSequence {
	words := []uint32{uint32(entropy)}
	if entropy>>32 != 0 {
		words = append(words, uint32(entropy>>32))
	}
	var ss SeedSequence
	hashConst := uint32(ssInitA)
	hashmix := func(v uint32) uint32 {
		v ^= hashConst
		hashConst *= ssMultA
		v *= hashConst
		v ^= v >> ssXShift
		return v
	}
	mix := func(x, y uint32) uint32 {
		r := ssMixMultL*x - ssMixMultR*y
		r ^= r >> ssXShift
		return r
	}
	n := len(ss.pool)
	for i := 0; i < n; i++ {
		if i < len(words) {
			ss.pool[i] = hashmix(words[i])
		} else {
			ss.pool[i] = hashmix(0)
		}
	}
	for src := 0; src < n; src++ {
		for dst := 0; dst < n; dst++ {
			if src != dst {
				ss.pool[dst] = mix(ss.pool[dst], hashmix(ss.pool[src]))
			}
		}
	}
	for src := n; src < len(words); src++ {
		for dst := 0; dst < n; dst++ {
			ss.pool[dst] = mix(ss.pool[dst], hashmix(words[src]))
		}
	}
	return ss
}

// GenerateState32 is SeedSequence.generate_state(n, np.uint32).
func (ss SeedSequence) GenerateState32(n int) []uint32 {
	out := make([]uint32, max(n, 0))
	hashConst := uint32(ssInitB)
	for i := range out {
		v := ss.pool[i%len(ss.pool)]
		v ^= hashConst
		hashConst *= ssMultB
		v *= hashConst
		v ^= v >> ssXShift
		out[i] = v
	}
	return out
}

// GenerateState64 is SeedSequence.generate_state(n, np.uint64): 2n 32-bit
// words paired little-endian.
func (ss SeedSequence) GenerateState64(n int) []uint64 {
	w := ss.GenerateState32(2 * n)
	out := make([]uint64, max(n, 0))
	for i := range out {
		out[i] = uint64(w[2*i]) | uint64(w[2*i+1])<<32
	}
	return out
}

// pcg64 is NumPy's PCG64 bit generator: a 128-bit LCG with the XSL-RR 128/64
// output function (not PCG64DXSM).
type pcg64 struct {
	stateHi, stateLo uint64
	incHi, incLo     uint64
	hasUint32        bool
	uinteger         uint32
}

const (
	pcgMultHi = 0x2360ED051FC65DA4
	pcgMultLo = 0x4385DF649FCCF645
)

// seed is pcg64_set_seed / pcg_setseq_128_srandom_r: inc = initseq<<1 | 1,
// state = 0, step, state += initstate, step.
func (p *pcg64) seed(initHi, initLo, seqHi, seqLo uint64) {
	p.incHi = seqHi<<1 | seqLo>>63
	p.incLo = seqLo<<1 | 1
	p.stateHi, p.stateLo = 0, 0
	p.step()
	var c uint64
	p.stateLo, c = bits.Add64(p.stateLo, initLo, 0)
	p.stateHi, _ = bits.Add64(p.stateHi, initHi, c)
	p.step()
	p.hasUint32 = false
	p.uinteger = 0
}

// step advances state = state*MULT + inc (mod 2^128).
func (p *pcg64) step() {
	hi, lo := bits.Mul64(p.stateLo, pcgMultLo)
	hi += p.stateHi*pcgMultLo + p.stateLo*pcgMultHi
	var c uint64
	lo, c = bits.Add64(lo, p.incLo, 0)
	hi, _ = bits.Add64(hi, p.incHi, c)
	p.stateHi, p.stateLo = hi, lo
}

// next64 steps, then outputs rotr64(hi ^ lo, state >> 122).
func (p *pcg64) next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.stateHi^p.stateLo, -int(p.stateHi>>58))
}

// next32 is pcg64_next32: the low half of a 64-bit output, then its high half
// on the following call.
func (p *pcg64) next32() uint32 {
	if p.hasUint32 {
		p.hasUint32 = false
		return p.uinteger
	}
	v := p.next64()
	p.hasUint32 = true
	p.uinteger = uint32(v >> 32)
	return uint32(v)
}

// nextDouble is (next64 >> 11) * 2^-53.
func (p *pcg64) nextDouble() float64 {
	return float64(p.next64()>>11) * (1.0 / 9007199254740992.0)
}

// Generator reproduces numpy.random.default_rng(seed): a numpy.random.Generator
// over PCG64 seeded through SeedSequence(seed). It is not safe for
// concurrent use.
type Generator struct {
	bg pcg64
}

// NewGenerator is numpy.random.default_rng(seed) for an int seed in
// [0, 2^64): SeedSequence(seed).generate_state(4, uint64) = w gives
// initstate = w0<<64 | w1 and initseq = w2<<64 | w3.
func NewGenerator(seed uint64) *Generator {
	w := NewSeedSequence(seed).GenerateState64(4)
	g := &Generator{}
	g.bg.seed(w[0], w[1], w[2], w[3])
	return g
}

// Uint64 returns the next raw 64-bit PCG64 output.
func (g *Generator) Uint64() uint64 { return g.bg.next64() }

// Uint32 returns PCG64's buffered 32-bit output (low half first).
func (g *Generator) Uint32() uint32 { return g.bg.next32() }

// Random is Generator.random(): (next64 >> 11) * 2^-53.
func (g *Generator) Random() float64 { return g.bg.nextDouble() }

// RandomN is Generator.random(size).
func (g *Generator) RandomN(size int) []float64 {
	out := make([]float64, max(size, 0))
	for i := range out {
		out[i] = g.bg.nextDouble()
	}
	return out
}

// Uniform is Generator.uniform(low, high): low + (high-low)*random().
func (g *Generator) Uniform(low, high float64) (float64, error) {
	r := high - low
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return 0, fmt.Errorf("pyrand: uniform(%v, %v): range exceeds valid bounds", low, high)
	}
	return low + r*g.bg.nextDouble(), nil
}

// UniformN is Generator.uniform(low, high, size).
func (g *Generator) UniformN(low, high float64, size int) ([]float64, error) {
	r := high - low
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return nil, fmt.Errorf("pyrand: uniform(%v, %v): range exceeds valid bounds", low, high)
	}
	out := make([]float64, max(size, 0))
	for i := range out {
		out[i] = low + r*g.bg.nextDouble()
	}
	return out, nil
}

// boundedLemire is random_bounded_uint64 with use_masked=false, the
// Generator.integers path for the closed range [0, rng]: rng == 0 draws
// nothing; rng == 2^32-1 takes one 32-bit output; rng < 2^32-1 uses Lemire's
// multiply-shift rejection on 32-bit outputs; rng == 2^64-1 takes one 64-bit
// output; otherwise Lemire on 64-bit outputs.
func (g *Generator) boundedLemire(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0
	case rng == math.MaxUint32:
		return uint64(g.bg.next32())
	case rng < math.MaxUint32:
		excl := uint32(rng) + 1
		m := uint64(g.bg.next32()) * uint64(excl)
		left := uint32(m)
		if left < excl {
			threshold := (math.MaxUint32 - uint32(rng)) % excl
			for left < threshold {
				m = uint64(g.bg.next32()) * uint64(excl)
				left = uint32(m)
			}
		}
		return m >> 32
	case rng == math.MaxUint64:
		return g.bg.next64()
	default:
		excl := rng + 1
		hi, lo := bits.Mul64(g.bg.next64(), excl)
		if lo < excl {
			threshold := (math.MaxUint64 - rng) % excl
			for lo < threshold {
				hi, lo = bits.Mul64(g.bg.next64(), excl)
			}
		}
		return hi
	}
}

// Integers is Generator.integers(low, high) (int64 dtype, endpoint=False): a
// uniform integer in [low, high) by Lemire's method.
func (g *Generator) Integers(low, high int64) (int64, error) {
	if low >= high {
		return 0, fmt.Errorf("pyrand: integers(%d, %d): low >= high", low, high)
	}
	return int64(uint64(low) + g.boundedLemire(uint64(high-1)-uint64(low))), nil
}

// IntegersN is Generator.integers(low, high, size).
func (g *Generator) IntegersN(low, high int64, size int) ([]int64, error) {
	if size < 0 {
		return nil, fmt.Errorf("pyrand: integers size %d: negative dimensions are not allowed", size)
	}
	if size == 0 {
		return []int64{}, nil
	}
	if low >= high {
		return nil, fmt.Errorf("pyrand: integers(%d, %d): low >= high", low, high)
	}
	rng := uint64(high-1) - uint64(low)
	out := make([]int64, size)
	for i := range out {
		out[i] = int64(uint64(low) + g.boundedLemire(rng))
	}
	return out, nil
}

// interval is random_interval on the PCG64 stream (masked rejection; 32-bit
// draws use the buffered next32), used by Generator.shuffle/permutation.
func (g *Generator) interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := genMask(max)
	if max <= math.MaxUint32 {
		for {
			if v := uint64(g.bg.next32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := g.bg.next64() & mask; v <= max {
			return v
		}
	}
}

// Shuffle is Generator.shuffle on a length-n sequence (axis 0): for i from
// n-1 down to 1, j = random_interval(i), swap(i, j).
func (g *Generator) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, int(g.interval(uint64(i))))
	}
}

// Permutation is Generator.permutation(n): np.arange(n) shuffled by
// [Generator.Shuffle].
func (g *Generator) Permutation(n int) []int {
	if n <= 0 {
		return []int{}
	}
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	g.Shuffle(n, func(i, j int) { a[i], a[j] = a[j], a[i] })
	return a
}

// shuffleInt is Generator._shuffle_int: for i from n-1 down to first,
// j = Lemire-bounded draw in [0, i], swap.
func (g *Generator) shuffleInt(data []int, first int) {
	for i := len(data) - 1; i >= first; i-- {
		j := g.boundedLemire(uint64(i))
		data[i], data[j] = data[j], data[i]
	}
}

// Choice is Generator.choice(a, size, replace, p, shuffle=True) for an
// integer population size (or a 1-d sequence of that length); it returns the
// drawn positions. The algorithms are those of numpy.random.Generator:
//
//   - replace, no p: integers(0, popSize, size);
//   - replace, p: searchsorted(cumsum(p)/cdf[-1], random(size), "right");
//   - no replace, p: the same rounds as [RandomState.Choice];
//   - no replace, no p: if popSize > 10000 and size > popSize/50 a tail
//     shuffle of arange(popSize) (Lemire draws for i from popSize-1 down to
//     max(popSize-size, 1)) keeping the last size entries; otherwise Floyd's
//     algorithm with Lemire draws in [0, j] for j = popSize-size …
//     popSize-1, then a Lemire shuffle of the result.
//
// A scalar draw (size=None) consumes the stream like size 1.
func (g *Generator) Choice(popSize, size int, replace bool, p []float64) ([]int, error) {
	idx, err := g.choice(popSize, size, replace, p)
	if err != nil {
		return nil, fmt.Errorf("pyrand: choice: %w", err)
	}
	return idx, nil
}

func (g *Generator) choice(popSize, size int, replace bool, p []float64) ([]int, error) {
	if err := checkChoiceArgs(popSize, size, p); err != nil {
		return nil, err
	}
	if replace {
		out := make([]int, size)
		if p != nil {
			cdf := normalizedCDF(p)
			for i := range out {
				out[i] = searchRight(cdf, g.bg.nextDouble())
			}
			return out, nil
		}
		rng := uint64(popSize - 1)
		for i := range out {
			out[i] = int(g.boundedLemire(rng))
		}
		return out, nil
	}
	if size > popSize {
		return nil, errors.New("Cannot take a larger sample than population when 'replace=False'")
	}
	if p != nil {
		return choiceNoReplaceP(p, size, g.RandomN)
	}
	if popSize > 10000 && size > popSize/50 {
		idx := make([]int, popSize)
		for i := range idx {
			idx[i] = i
		}
		g.shuffleInt(idx, max(popSize-size, 1))
		return append([]int(nil), idx[popSize-size:]...), nil
	}
	// Floyd's algorithm with an open-addressing hash set of size
	// 1 + gen_mask(uint64(1.2*size)), exactly as NumPy (the set only decides
	// membership, so any set gives the same result).
	out := make([]int, size)
	seen := make(map[uint64]struct{}, size)
	for j := popSize - size; j < popSize; j++ {
		v := g.boundedLemire(uint64(j))
		if _, dup := seen[v]; dup {
			v = uint64(j)
		}
		seen[v] = struct{}{}
		out[j-popSize+size] = int(v)
	}
	g.shuffleInt(out, 1)
	return out, nil
}
