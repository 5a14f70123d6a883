// Package rle reproduces the run-length helpers of the original's
// mlebench/competitions/utils.py: rle_decode, which the segmentation
// graders (hubmap-kidney-segmentation, tgs-salt-identification-challenge,
// uw-madison-gi-tract-image-segmentation, ...) use to turn a submitted
// "start length start length ..." string into a mask and whose asserts
// define which strings are valid, and rle_encode.
//
// The encoding is 1-based and column-major ("top to bottom, then left to
// right"): flat pixel p (0-based) is row p mod H, column p div H of an H×W
// image. Masks are held as sorted disjoint runs of flat indices instead of
// H·W booleans, so images of a billion pixels cost nothing.
//
// [Decode] follows rle_decode step by step, so a bad string fails with the
// same Python exception class ([Error.Kind]) in the same order:
//
//  1. the H and W given must be non-negative (NumPy refuses negative
//     dimensions: ValueError);
//  2. an empty or whitespace-only string (Python str.strip) is the empty
//     mask;
//  3. every token of str.split() goes through Python int(): an optional sign,
//     decimal digits (any Unicode decimal digit), single underscores between
//     digits, at most 4,300 digits; anything else is a ValueError;
//  4. starts (even positions) must be non-decreasing, then every start > 0,
//     then every length (odd positions) > 0 — AssertionErrors, checked on the
//     two lists before they are paired, so an unpaired last start takes part;
//  5. ends = np.array(starts) - 1 + lengths, with NumPy's broadcasting and
//     dtypes: 1 token gives no run, 3 tokens `a b c` give the runs (a, b) and
//     (c, b), any other odd count (5, 7, ...) is a ValueError; a list with
//     values beyond int64 becomes a uint64 array, or float64 when mixed with
//     values that fit int64, or an object array (exact Python ints) beyond
//     uint64; float64 run ends make the slicing a TypeError, and int64 or
//     uint64 sums that overflow wrap around to an empty slice;
//  6. the runs are set in order; a run touching an already set pixel is an
//     AssertionError; the part of a run past H·W is cut off, and a run
//     starting past the end sets nothing.
package rle

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/metric"
)

// Kind is the Python exception class a failed decode raises.
type Kind uint8

const (
	AssertionError Kind = iota // one of rle_decode's asserts
	ValueError                 // int() of a token, NumPy broadcasting or dimensions
	TypeError                  // slicing with float64 run ends
)

func (k Kind) String() string {
	switch k {
	case AssertionError:
		return "AssertionError"
	case ValueError:
		return "ValueError"
	}
	return "TypeError"
}

// Error is a failed decode: the Python exception's class and message.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func fail(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// Run is the half-open range [Lo, Hi) of 0-based flat pixel indices.
type Run struct{ Lo, Hi int64 }

// Mask is a decoded H×W mask: its set pixels as sorted, disjoint, non-empty
// and maximal (never touching) runs within [0, H·W).
type Mask struct {
	H, W int64
	Runs []Run
}

// Size is the number of pixels, H·W.
func (m Mask) Size() int64 { return m.H * m.W }

// Count is the number of set pixels.
func (m Mask) Count() int64 {
	var n int64
	for _, r := range m.Runs {
		n += r.Hi - r.Lo
	}
	return n
}

// Empty reports whether no pixel is set.
func (m Mask) Empty() bool { return len(m.Runs) == 0 }

// Intersection is the number of pixels set in both masks (their flat
// indices compared, whatever their shapes).
func Intersection(a, b Mask) int64 {
	var n int64
	i, j := 0, 0
	for i < len(a.Runs) && j < len(b.Runs) {
		x, y := a.Runs[i], b.Runs[j]
		if lo, hi := max(x.Lo, y.Lo), min(x.Hi, y.Hi); lo < hi {
			n += hi - lo
		}
		if x.Hi <= y.Hi {
			i++
		} else {
			j++
		}
	}
	return n
}

// Equal reports whether a and b set the same flat pixels (runs are kept
// maximal, so equal sets have equal runs).
func Equal(a, b Mask) bool { return slices.Equal(a.Runs, b.Runs) }

// Pixels calls fn(row, col) for every set pixel, in flat (column-major)
// order.
func (m Mask) Pixels(fn func(row, col int64)) {
	if m.H == 0 {
		return
	}
	for _, r := range m.Runs {
		for p := r.Lo; p < r.Hi; p++ {
			fn(p%m.H, p/m.H)
		}
	}
}

// FromPixels builds the mask of an H×W image whose pixel (row, col) is set
// when set(row, col) is true, scanning in flat (column-major) order.
func FromPixels(h, w int, set func(row, col int) bool) Mask {
	m := Mask{H: int64(h), W: int64(w)}
	for c := range w {
		for r := range h {
			if !set(r, c) {
				continue
			}
			p := int64(c*h + r)
			if n := len(m.Runs); n > 0 && m.Runs[n-1].Hi == p {
				m.Runs[n-1].Hi++
			} else {
				m.Runs = append(m.Runs, Run{p, p + 1})
			}
		}
	}
	return m
}

// String is rle_encode joined by single spaces: "start length" per maximal
// run of set pixels, starts 1-based; "" for an empty mask.
func (m Mask) String() string {
	var b strings.Builder
	var lo, hi int64 = -1, -1
	flush := func() {
		if lo < 0 {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(lo+1, 10))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(hi-lo, 10))
	}
	for _, r := range m.Runs {
		if r.Lo == hi {
			hi = r.Hi
			continue
		}
		flush()
		lo, hi = r.Lo, r.Hi
	}
	flush()
	return b.String()
}

// maxDigits is CPython's default int_max_str_digits: int() of a longer
// decimal string is a ValueError.
const maxDigits = 4300

// token is a Python int: small when it fits int64, else big.
type token struct {
	small int64
	big   *big.Int
}

func (t token) sign() int {
	if t.big != nil {
		return t.big.Sign()
	}
	switch {
	case t.small > 0:
		return 1
	case t.small < 0:
		return -1
	}
	return 0
}

func (t token) cmp(u token) int {
	if t.big == nil && u.big == nil {
		switch {
		case t.small < u.small:
			return -1
		case t.small > u.small:
			return 1
		}
		return 0
	}
	return t.bigInt().Cmp(u.bigInt())
}

func (t token) bigInt() *big.Int {
	if t.big != nil {
		return t.big
	}
	return big.NewInt(t.small)
}

// dtype is the NumPy dtype np.array gives a list of Python ints: each int
// is int64 when it fits, else uint64 when it fits, else an object; int64
// with uint64 promotes to float64, and an empty list is float64 too.
type dtype uint8

const (
	dtInt64 dtype = iota
	dtUint64
	dtObject
	dtFloat64
)

var two64 = new(big.Int).Lsh(big.NewInt(1), 64)

func dtypeOf(ts []token) dtype {
	if len(ts) == 0 {
		return dtFloat64
	}
	hasInt, hasUint := false, false
	for _, t := range ts {
		switch {
		case t.big == nil:
			hasInt = true
		case t.big.Sign() < 0 || t.big.Cmp(two64) >= 0:
			return dtObject
		default:
			hasUint = true
		}
	}
	switch {
	case hasInt && hasUint:
		return dtFloat64
	case hasUint:
		return dtUint64
	}
	return dtInt64
}

// Decode is rle_decode(s, height, width) (see the package doc for the
// rules), returning the mask's runs or an *Error.
func Decode(s string, height, width int64) (Mask, error) {
	m := Mask{H: height, W: width}
	if height < 0 || width < 0 {
		return m, fail(ValueError, "negative dimensions are not allowed")
	}
	if width != 0 && height > math.MaxInt64/width {
		return m, fail(ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.")
	}
	fields := metric.PySplit(s)
	if len(fields) == 0 {
		return m, nil // not s.strip(): the empty mask
	}
	toks := make([]token, len(fields))
	for i, f := range fields {
		t, err := parseInt(f)
		if err != nil {
			return m, err
		}
		toks[i] = t
	}
	starts := make([]token, 0, (len(toks)+1)/2)
	lengths := make([]token, 0, len(toks)/2)
	for i, t := range toks {
		if i%2 == 0 {
			starts = append(starts, t)
		} else {
			lengths = append(lengths, t)
		}
	}
	for i := 1; i < len(starts); i++ {
		if starts[i].cmp(starts[i-1]) < 0 {
			return m, fail(AssertionError, "The pairs in the RLE string must be sorted.")
		}
	}
	for _, t := range starts {
		if t.sign() <= 0 {
			return m, fail(AssertionError, "All pairs in the RLE string must be positive integers.")
		}
	}
	for _, t := range lengths {
		if t.sign() <= 0 {
			return m, fail(AssertionError, "All pairs in the RLE string must be positive integers.")
		}
	}
	nS, nL := len(starts), len(lengths)
	if nS != nL && nS != 1 && nL != 1 {
		return m, fail(ValueError, "operands could not be broadcast together with shapes (%d,) (%d,) ", nS, nL)
	}
	nRuns := max(nS, nL)
	if nS == 0 || nL == 0 {
		nRuns = 0 // one token: (1,) + (0,) broadcasts to (0,)
	}
	sd, ld := dtypeOf(starts), dtypeOf(lengths)
	// The dtype of ends = (starts - 1) + lengths, and the bound past which
	// the sum wraps around (int64 and uint64 arithmetic).
	var wrapAt *big.Int
	switch {
	case nRuns == 0 || sd == dtObject || ld == dtObject:
	case sd == ld && sd == dtInt64:
		wrapAt = big.NewInt(math.MaxInt64)
	case sd == ld && sd == dtUint64:
		wrapAt = new(big.Int).Sub(two64, big.NewInt(1))
	default:
		return m, fail(TypeError, "slice indices must be integers or None or have an __index__ method")
	}
	size := height * width
	var maxEnd int64
	for k := range nRuns {
		st, ln := starts[min(k, nS-1)], lengths[min(k, nL-1)]
		var lo, hi int64
		if st.big == nil && ln.big == nil && st.small-1 <= math.MaxInt64-ln.small {
			lo, hi = st.small-1, st.small-1+ln.small
		} else {
			bl := new(big.Int).Sub(st.bigInt(), big.NewInt(1))
			bh := new(big.Int).Add(bl, ln.bigInt())
			if wrapAt != nil && bh.Cmp(wrapAt) > 0 {
				continue // the sum wrapped: an empty slice
			}
			if !bl.IsInt64() || bl.Int64() >= size {
				continue
			}
			lo, hi = bl.Int64(), math.MaxInt64
		}
		if lo >= size {
			continue
		}
		hi = min(hi, size)
		if lo < maxEnd {
			return m, fail(AssertionError, "Overlapping RLE pairs are not allowed.")
		}
		if n := len(m.Runs); n > 0 && m.Runs[n-1].Hi == lo {
			m.Runs[n-1].Hi = hi
		} else {
			m.Runs = append(m.Runs, Run{lo, hi})
		}
		maxEnd = hi
	}
	return m, nil
}

// parseInt is Python's int(s) for one token (no surrounding whitespace):
// an optional sign, then decimal digits — ASCII or any other Unicode
// decimal digit — with single underscores between digits, at most 4,300
// digits. Anything else is a ValueError.
func parseInt(s string) (token, error) {
	bad := func() (token, error) {
		return token{}, fail(ValueError, "invalid literal for int() with base 10: %s", pyRepr(s))
	}
	body := s
	neg := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	if body == "" {
		return bad()
	}
	digits := make([]byte, 0, len(body))
	prevUnderscore := true // no leading underscore
	for _, r := range body {
		if r == '_' {
			if prevUnderscore {
				return bad()
			}
			prevUnderscore = true
			continue
		}
		d, ok := digitValue(r)
		if !ok {
			return bad()
		}
		digits = append(digits, byte('0'+d))
		prevUnderscore = false
	}
	if prevUnderscore {
		return bad() // trailing underscore
	}
	if len(digits) > maxDigits {
		return token{}, fail(ValueError, "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxDigits, len(digits))
	}
	if v, err := strconv.ParseInt(string(digits), 10, 64); err == nil {
		if neg {
			v = -v
		}
		return token{small: v}, nil
	}
	b, _ := new(big.Int).SetString(string(digits), 10)
	if neg {
		b.Neg(b)
	}
	if b.IsInt64() { // -2^63
		return token{small: b.Int64()}, nil
	}
	return token{big: b}, nil
}

// digitValue is the decimal value of a Unicode decimal digit (category
// Nd). Unicode lays the Nd characters out in contiguous runs of whole sets
// of ten, each from 0 to 9, so the value is the distance to the start of
// the run modulo ten.
func digitValue(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < 0x80 || !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	start := r
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int((r - start) % 10), true
}

// pyRepr is Python's repr of a str, enough for error messages: single
// quotes unless the text holds a single quote and no double quote.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case byte(r) == q && r < 0x80:
			b.WriteByte('\\')
			b.WriteByte(q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}
