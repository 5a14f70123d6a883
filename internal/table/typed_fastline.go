package table

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// The fast line form of the typed path: a line whose every cell is
// -?[0-9]+ (at most 18 digits: what plainInt takes) or -?[0-9]+.[0-9]+ (at
// most 19 digits in all, so that the mantissa is exact) is parsed in one
// pass over its bytes, eight digits at a time, with no separator search
// and no per-cell calls. The values are those of the per-cell path: an
// integer cell is plainInt's value; a decimal cell is converted with the
// same exact fast path and Eisel-Lemire step as scanDecimal (which, on
// these forms, collects the same mantissa and exponent: it skips leading
// zeros and never truncates below 20 digits). A line with anything else
// (an exponent, a '+', more digits, an empty cell, text, another number of
// fields, a value Eisel-Lemire cannot decide) is left to the per-cell path,
// which decides it exactly as before.

// fastLineMax is the widest line the fast form takes.
const fastLineMax = 16

// fastCell is one parsed cell of a fast line.
type fastCell struct {
	i       int64
	f       float64
	isFloat bool
	negZero bool // an integer cell "-0…0"
}

// allDigits8 reports whether the 8 bytes of x (little-endian) are all
// ASCII digits.
func allDigits8(x uint64) bool {
	return (x&0xF0F0F0F0F0F0F0F0)|(((x+0x0606060606060606)&0xF0F0F0F0F0F0F0F0)>>4) == 0x3333333333333333
}

// eightDigits is the value of 8 ASCII digits (x little-endian, first digit
// in the low byte).
func eightDigits(x uint64) uint64 {
	x -= 0x3030303030303030
	x = (x * 10) + (x >> 8)
	x = (((x & 0x000000FF000000FF) * (100 + (1000000 << 32))) + (((x >> 16) & 0x000000FF000000FF) * (1 + (10000 << 32)))) >> 32
	return uint64(uint32(x))
}

// pow10u[n] is 10ⁿ.
var pow10u = [...]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

// leadingDigits is the number of ASCII digits at the start (the low
// bytes) of the 8 bytes of x, little-endian. (A byte ≥ 0xFA carries into
// the next byte's test, which matters only after the first non-digit.)
func leadingDigits(x uint64) int {
	y := ((x & 0xF0F0F0F0F0F0F0F0) | (((x + 0x0606060606060606) & 0xF0F0F0F0F0F0F0F0) >> 4)) ^ 0x3333333333333333
	return bits.TrailingZeros64(y) >> 3
}

// digitRun parses the digits of b from i (not beyond end; b may hold bytes
// after end, which must then not be digits: b[end] is a line end). It
// returns the position after the run, the run's value (exact when n ≤ 19)
// added to man·10ⁿ, and n, the number of digits. Eight bytes at a time,
// without a branch per digit, while eight bytes are left in b.
func digitRun(b []byte, i, end int, man uint64) (int, uint64, int) {
	n := 0
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:])
		k := leadingDigits(x)
		// The k digits moved to the top, '0's below them.
		sh := uint(8-k) * 8
		man = man*pow10u[k] + eightDigits(x<<sh|0x3030303030303030&(1<<sh-1))
		i += k
		n += k
		if k < 8 {
			return i, man, n
		}
	}
	for i < end {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		man = man*10 + uint64(d)
		i++
		n++
	}
	return i, man, n
}

// fastLine parses the line b[start:end] into out[:width]. b[end] (when
// end < len(b)) must not be a digit. ok is false when the line is not of
// the fast form.
func fastLine(b []byte, start, end int, sep byte, out []fastCell) bool {
	i := start
	for c := range out {
		neg := false
		if i < end && b[i] == '-' {
			neg = true
			i++
		}
		var man uint64
		var n int
		i, man, n = digitRun(b, i, end, 0)
		if n == 0 {
			return false
		}
		if i < end && b[i] == '.' {
			var fd int
			i, man, fd = digitRun(b, i+1, end, man)
			if fd == 0 || n+fd > 19 {
				return false
			}
			var f float64
			switch {
			case man == 0:
				f = 0
				if neg {
					f = math.Copysign(0, -1)
				}
			case man <= 1<<53 && fd <= 22:
				f = sign(float64(man)/exactPow10[fd], neg)
			default:
				var ok bool
				if f, ok = eiselLemire(man, -fd, neg); !ok {
					return false
				}
			}
			out[c] = fastCell{f: f, isFloat: true}
		} else {
			if n > 18 {
				return false
			}
			v := int64(man)
			if neg {
				v = -v
			}
			out[c] = fastCell{i: v, negZero: neg && man == 0}
		}
		if c == len(out)-1 {
			return i == end
		}
		if i >= end || b[i] != sep {
			return false
		}
		i++
	}
	return false
}
