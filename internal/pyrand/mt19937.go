package pyrand

// mtN is the MT19937 state length in 32-bit words.
const mtN = 624

// mt19937 is the 32-bit Mersenne Twister of Matsumoto and Nishimura
// (mt19937ar.c, 2002). NumPy's legacy RandomState and CPython's random module
// both use it unchanged; they differ only in how an integer seed is turned
// into a state (init_genrand versus init_by_array).
type mt19937 struct {
	mt  [mtN]uint32
	pos int
}

// initGenrand is mt19937ar's init_genrand, which NumPy's RandomState(seed)
// uses for an integer seed: mt[0] = s, mt[i] = 1812433253*(mt[i-1] ^
// (mt[i-1]>>30)) + i (mod 2^32).
func (m *mt19937) initGenrand(s uint32) {
	m.mt[0] = s
	for i := 1; i < mtN; i++ {
		prev := m.mt[i-1]
		m.mt[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	m.pos = mtN
}

// initByArray is mt19937ar's init_by_array. CPython seeds random.Random(n)
// with the 32-bit words of |n|; NumPy uses it for array seeds.
func (m *mt19937) initByArray(key []uint32) {
	m.initGenrand(19650218)
	mt := &m.mt
	i, j := 1, 0
	k := mtN
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		prev := mt[i-1]
		mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		prev := mt[i-1]
		mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
	}
	mt[0] = 0x80000000 // MSB is 1, assuring a non-zero initial array
	m.pos = mtN
}

// reload regenerates all 624 words (the "generate N words at one time" step
// of genrand_int32).
func (m *mt19937) reload() {
	const (
		upper   = 0x80000000
		lower   = 0x7fffffff
		matrixA = 0x9908b0df
		mm      = 397
	)
	mt := &m.mt
	var k int
	for k = 0; k < mtN-mm; k++ {
		y := (mt[k] & upper) | (mt[k+1] & lower)
		mt[k] = mt[k+mm] ^ (y >> 1) ^ (-(y & 1) & matrixA)
	}
	for ; k < mtN-1; k++ {
		y := (mt[k] & upper) | (mt[k+1] & lower)
		mt[k] = mt[k+(mm-mtN)] ^ (y >> 1) ^ (-(y & 1) & matrixA)
	}
	y := (mt[mtN-1] & upper) | (mt[0] & lower)
	mt[mtN-1] = mt[mm-1] ^ (y >> 1) ^ (-(y & 1) & matrixA)
	m.pos = 0
}

// next32 is genrand_int32: the next tempered 32-bit output.
func (m *mt19937) next32() uint32 {
	if m.pos >= mtN {
		m.reload()
	}
	y := m.mt[m.pos]
	m.pos++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// next64 is NumPy's mt19937_next64: the first 32-bit output is the high
// word, the second the low word.
func (m *mt19937) next64() uint64 {
	hi := uint64(m.next32())
	return hi<<32 | uint64(m.next32())
}

// double53 is genrand_res53 (NumPy's mt19937_next_double, CPython's
// random()): a = next>>5, b = next>>6, (a*2^26 + b) / 2^53.
func (m *mt19937) double53() float64 {
	a := m.next32() >> 5
	b := m.next32() >> 6
	return (float64(a)*67108864.0 + float64(b)) / 9007199254740992.0
}
