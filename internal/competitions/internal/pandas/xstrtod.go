package pandas

import (
	"math"
	"strconv"

	"github.com/mlebench/mlebench/internal/table"
)

// Plain pandas.read_csv (no float_precision argument) converts float cells
// with the C parser's "high" converter, precise_xstrtod of pandas 2.2, not
// with the correctly rounded round_trip converter package table uses. The
// two agree on every decimal of at most 15 digits without an exponent
// (the mantissa and the power of ten are both exact doubles), so only cells
// with longer mantissas or an exponent can differ, by an ulp.

// pow10 is the converter's table e[0..308] of doubles 1e0 … 1e308, each
// the correctly rounded double of the literal (as a C compiler writes it).
var pow10 = func() [309]float64 {
	var e [309]float64
	for i := range e {
		e[i], _ = strconv.ParseFloat("1e"+strconv.Itoa(i), 64)
	}
	return e
}()

// PreciseXstrtod is pandas 2.2's precise_xstrtod(s, decimal='.', sci='E',
// tsep='\0', skip_trailing=1) applied to a whole cell: it reports false when
// the converter flags an error (no mantissa digit, an exponent above 308, an
// infinite result) or leaves characters unconsumed. Up to 17 mantissa digits
// (leading zeros included) are accumulated in a double, one rounding per
// digit; further integer digits raise the exponent and further fraction
// digits are dropped; the result is scaled by one multiplication or
// division by the table's power of ten (two divisions below 1e-308).
func PreciseXstrtod(s string) (float64, bool) {
	const maxDigits = 17
	i, n := 0, len(s)
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	neg := false
	if i < n && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	number := 0.0
	exponent, numDigits, numDecimals := 0, 0, 0
	for i < n && isDigit(s[i]) {
		if numDigits < maxDigits {
			number = float64(number*10) + float64(s[i]-'0') // no fused multiply-add
			numDigits++
		} else {
			exponent++
		}
		i++
	}
	if i < n && s[i] == '.' {
		i++
		for numDigits < maxDigits && i < n && isDigit(s[i]) {
			number = float64(number*10) + float64(s[i]-'0')
			i++
			numDigits++
			numDecimals++
		}
		if numDigits >= maxDigits {
			for i < n && isDigit(s[i]) {
				i++
			}
		}
		exponent -= numDecimals
	}
	if numDigits == 0 {
		return 0, false
	}
	if neg {
		number = -number
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		eneg := false
		if j < n && (s[j] == '-' || s[j] == '+') {
			eneg = s[j] == '-'
			j++
		}
		digits, e := 0, 0
		for digits < maxDigits && j < n && isDigit(s[j]) {
			e = e*10 + int(s[j]-'0')
			digits++
			j++
		}
		if eneg {
			exponent -= e
		} else {
			exponent += e
		}
		if digits > 0 {
			i = j
		} // no digits: the 'e' is left unconsumed
	}
	switch {
	case exponent > 308:
		return math.Inf(1), false
	case exponent > 0:
		number *= pow10[exponent]
	case exponent < -308:
		if exponent < -616 {
			number = 0
		} else {
			number /= pow10[-308-exponent]
			number /= pow10[308]
		}
	default:
		number /= pow10[-exponent]
	}
	if math.IsInf(number, 0) {
		return number, false
	}
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	return number, i == n
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpaceASCII(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// needsHighParse reports whether a cell's text may convert differently
// under precise_xstrtod than correctly rounded: more than 15 digits or an
// exponent.
func needsHighParse(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isDigit(c):
			digits++
		case c == 'e' || c == 'E':
			return true
		}
	}
	return digits > 15
}

// HighPrecisionFloats re-converts, in place, the float cells of c that
// package table parsed from text (a Float64 column, or the Float64 cells of
// a mixed object column) as plain read_csv's default converter does
// (PreciseXstrtod). Cells the converter rejects (inf words, overflow) keep
// their value; integer literals are left alone (pandas converts them with
// its integer pass). It changes nothing when c has no Text.
func HighPrecisionFloats(c *table.Column) {
	if c.Text == nil || c.Floats == nil {
		return
	}
	for i, s := range c.Text {
		if i >= len(c.Floats) {
			return
		}
		if c.Kind != table.Float64 && (c.Mixed == nil || c.Mixed[i] != table.Float64) {
			continue
		}
		if math.IsNaN(c.Floats[i]) || !needsHighParse(s) || isIntLiteral(s) {
			continue
		}
		if v, ok := PreciseXstrtod(s); ok {
			c.Floats[i] = v
		}
	}
}

// isIntLiteral reports whether s is [ws][+-]digits[ws].
func isIntLiteral(s string) bool {
	i, n := 0, len(s)
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	if i < n && (s[i] == '-' || s[i] == '+') {
		i++
	}
	d := i
	for i < n && isDigit(s[i]) {
		i++
	}
	if i == d {
		return false
	}
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	return i == n
}
