// Package pyfloat reproduces the textual and rounding behaviour of Python and
// NumPy floating-point numbers that MLE-bench's outputs depend on.
//
//   - [Repr] is Python's repr(float) (also str(float), json.dumps and pandas
//     to_csv without float_format): the shortest digit string that round-trips,
//     positional when 1e-4 <= |x| < 1e16 (with ".0" appended to integral
//     values), otherwise scientific with a signed, at least two-digit exponent.
//   - [Round] is Python's round(x, n) on a float: correctly rounded from the
//     exact binary value, ties to even.
//   - [RoundNumpy] is numpy.round(x, n) on a float64: rint(x*10**n)/10**n in
//     float64 arithmetic, which differs from [Round] near halves
//     (0.123455 → 0.12346 here, 0.12345 with [Round]).
package pyfloat

import (
	"math"
	"strconv"
)

// Repr formats x exactly as Python's repr(float) does.
// Non-finite values give "nan", "inf" and "-inf".
func Repr(x float64) string {
	return string(AppendRepr(nil, x))
}

// AppendRepr appends [Repr](x) to dst without allocating.
func AppendRepr(dst []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(dst, "nan"...)
	case math.IsInf(x, 1):
		return append(dst, "inf"...)
	case math.IsInf(x, -1):
		return append(dst, "-inf"...)
	case x == 0:
		if math.Signbit(x) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	if ax := math.Abs(x); ax >= 1e-4 && ax < 1e16 {
		// Positional: Go's shortest 'f' form has repr's digits.
		n := len(dst)
		dst = strconv.AppendFloat(dst, x, 'f', -1, 64)
		for _, c := range dst[n:] {
			if c == '.' {
				return dst
			}
		}
		return append(dst, '.', '0')
	}
	// Shortest round-trip digits in scientific form: [-]d[.ddd]e±XX.
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], x, 'e', -1, 64)
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	ePos := len(e) - 1
	for e[ePos] != 'e' {
		ePos--
	}
	var digs [24]byte
	nd := 0
	for _, c := range e[:ePos] {
		if c != '.' {
			digs[nd] = c
			nd++
		}
	}
	exp := 0
	for _, c := range e[ePos+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[ePos+1] == '-' {
		exp = -exp
	}
	return AppendDigits(dst, neg, digs[:nd], exp)
}

// AppendDigits lays out a non-zero float given its shortest decimal digits
// (no leading zero) and the decimal exponent of the first digit, as Python's
// repr does: positional for -4 <= exp < 16 (".0" appended to integral
// values), otherwise d.ddde±XX with at least two exponent digits.
func AppendDigits(dst []byte, neg bool, digits []byte, exp int) []byte {
	if neg {
		dst = append(dst, '-')
	}
	if exp < -4 || exp >= 16 {
		dst = append(dst, digits[0])
		if len(digits) > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(exp), 10)
	}
	if exp < 0 {
		dst = append(dst, '0', '.')
		for i := 0; i < -exp-1; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	intLen := exp + 1
	if len(digits) <= intLen {
		dst = append(dst, digits...)
		for i := len(digits); i < intLen; i++ {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	}
	dst = append(dst, digits[:intLen]...)
	dst = append(dst, '.')
	return append(dst, digits[intLen:]...)
}

// Round returns Python's round(x, ndigits) for a float x and ndigits >= 0:
// the float nearest to the decimal obtained by correctly rounding the exact
// binary value of x to ndigits places, ties to even. NaN and ±Inf are
// returned unchanged.
func Round(x float64, ndigits int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return x
	}
	s := strconv.FormatFloat(x, 'f', ndigits, 64)
	r, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return x
	}
	if r == 0 && math.Signbit(x) {
		return math.Copysign(0, -1)
	}
	return r
}

// RoundNumpy returns numpy.round(x, decimals) for a float64 x and
// decimals >= 0: rint(x * 10**decimals) / 10**decimals, where rint rounds half
// to even, all in float64 arithmetic.
func RoundNumpy(x float64, decimals int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	p := math.Pow(10, float64(decimals))
	return math.RoundToEven(x*p) / p
}
