package table

import (
	"math"
	"math/bits"
)

// Fast, correctly rounded decimal-to-float64 conversion for the common cases:
// the exact Clinger fast path, then the Eisel-Lemire algorithm, falling back
// on strconv.ParseFloat (also correctly rounded) when neither can decide. The
// results equal strconv.ParseFloat's; that is tested exhaustively on random
// inputs.

const (
	pow10MinExp = -348
	pow10MaxExp = 347
)

// pow10Tab[i] is the 128-bit mantissa (hi, lo) of 10^(i+pow10MinExp),
// normalized so the top bit is set and truncated (rounded down): a
// constant table (fastfloat_pow10.go, generated and checked against
// math/big by TestPow10Table), so that nothing is computed at first use.

// eiselLemire converts man * 10^exp10 (man != 0) to the nearest float64, or
// reports that it cannot decide.
func eiselLemire(man uint64, exp10 int, neg bool) (float64, bool) {
	if exp10 < pow10MinExp || exp10 > pow10MaxExp {
		return 0, false
	}
	pw := &pow10Tab[exp10-pow10MinExp]
	clz := bits.LeadingZeros64(man)
	man <<= uint(clz)
	retExp2 := uint64(217706*exp10>>16+64+1023) - uint64(clz)
	xHi, xLo := bits.Mul64(man, pw[0])
	if xHi&0x1FF == 0x1FF && xLo+man < man {
		yHi, yLo := bits.Mul64(man, pw[1])
		mergedHi, mergedLo := xHi, xLo+yHi
		if mergedLo < xLo {
			mergedHi++
		}
		if mergedHi&0x1FF == 0x1FF && mergedLo+1 == 0 && yLo+man < man {
			return 0, false
		}
		xHi, xLo = mergedHi, mergedLo
	}
	msb := xHi >> 63
	retMantissa := xHi >> (msb + 9)
	retExp2 -= 1 ^ msb
	if xLo == 0 && xHi&0x1FF == 0 && retMantissa&3 == 1 {
		return 0, false // halfway ambiguity
	}
	retMantissa += retMantissa & 1
	retMantissa >>= 1
	if retMantissa>>53 > 0 {
		retMantissa >>= 1
		retExp2++
	}
	if retExp2-1 >= 0x7FF-1 {
		return 0, false // subnormal or overflow: let strconv decide
	}
	b := retExp2<<52 | retMantissa&(1<<52-1)
	if neg {
		b |= 1 << 63
	}
	return math.Float64frombits(b), true
}

var exactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

func sign(f float64, neg bool) float64 {
	if neg {
		return -f
	}
	return f
}
