package stanford_covid_vaccine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds the two halves of pandas' vendored ujson that the
// preparer goes through: the decoder read_json(lines=True) uses (default
// precise_float=False) and the encoder of to_json(orient="records",
// lines=True) (double_precision=10, ensure_ascii=True).
//
// Decoding numbers (ujson's decode_numeric without precise_float): an
// integer without fraction or exponent is a Python int (int64; larger
// values are refused, see below); otherwise the value is
// (intpart + fracdigits·10^-ndigits)·sign, where fracdigits holds at most
// the first 15 fraction digits accumulated as a double, and 10^-ndigits is
// the double nearest to it (ujson's table), times pow(10, exponent) when
// an exponent is given. This is not always the correctly rounded value
// ("0.38430000000000003" reads as 0.3843).

// jkind is the type of a decoded JSON value.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jInt
	jFloat
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "bool", "int", "float", "string", "list", "dict"}[k]
}

// jvalue is one decoded JSON value.
type jvalue struct {
	kind jkind
	b    bool
	i    int64
	f    float64
	s    string
	arr  []jvalue
	obj  []jmember
}

// jmember is one key/value pair of a decoded object, in document order.
type jmember struct {
	key string
	val jvalue
}

// maxDepth bounds nesting, as a guard against hostile input.
const maxDepth = 100

type decoder struct {
	src []byte
	pos int
	// shallow checks lists but keeps none of their elements.
	shallow bool
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("JSON at byte %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// decodeObjectLine decodes a line holding exactly one JSON object. A key
// given twice keeps its first position and its last value, as the Python
// dict ujson builds.
func decodeObjectLine(line []byte) ([]jmember, error) {
	return decodeLine(&decoder{src: line})
}

// decodeObjectShallow is decodeObjectLine with every list left empty
// (its elements checked, not kept).
func decodeObjectShallow(line []byte) ([]jmember, error) {
	return decodeLine(&decoder{src: line, shallow: true})
}

func decodeLine(d *decoder) ([]jmember, error) {
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	d.skipSpace()
	if d.pos != len(d.src) {
		return nil, d.errorf("trailing data after the object")
	}
	if v.kind != jObject {
		return nil, errors.New("a line must hold one JSON object")
	}
	return v.obj, nil
}

func (d *decoder) value(depth int) (jvalue, error) {
	if depth > maxDepth {
		return jvalue{}, d.errorf("nesting deeper than %d", maxDepth)
	}
	d.skipSpace()
	if d.pos >= len(d.src) {
		return jvalue{}, d.errorf("unexpected end of input")
	}
	switch c := d.src[d.pos]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.str()
		return jvalue{kind: jString, s: s}, err
	case c == '-' || c == 'I' || c == 'N' || ('0' <= c && c <= '9'):
		return d.number()
	case d.lit("true"):
		return jvalue{kind: jBool, b: true}, nil
	case d.lit("false"):
		return jvalue{kind: jBool}, nil
	case d.lit("null"):
		return jvalue{kind: jNull}, nil
	}
	return jvalue{}, d.errorf("unexpected character %q", d.src[d.pos])
}

func (d *decoder) lit(word string) bool {
	if len(d.src)-d.pos >= len(word) && string(d.src[d.pos:d.pos+len(word)]) == word {
		d.pos += len(word)
		return true
	}
	return false
}

func (d *decoder) object(depth int) (jvalue, error) {
	d.pos++ // '{'
	var members []jmember
	index := map[string]int{}
	d.skipSpace()
	if d.pos < len(d.src) && d.src[d.pos] == '}' {
		d.pos++
		return jvalue{kind: jObject}, nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return jvalue{}, d.errorf("expected an object key")
		}
		key, err := d.str()
		if err != nil {
			return jvalue{}, err
		}
		d.skipSpace()
		if d.pos >= len(d.src) || d.src[d.pos] != ':' {
			return jvalue{}, d.errorf("expected ':' after an object key")
		}
		d.pos++
		v, err := d.value(depth + 1)
		if err != nil {
			return jvalue{}, err
		}
		if i, ok := index[key]; ok {
			members[i].val = v
		} else {
			index[key] = len(members)
			members = append(members, jmember{key, v})
		}
		d.skipSpace()
		if d.pos >= len(d.src) {
			return jvalue{}, d.errorf("unterminated object")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			return jvalue{kind: jObject, obj: members}, nil
		default:
			return jvalue{}, d.errorf("expected ',' or '}' in an object")
		}
	}
}

func (d *decoder) array(depth int) (jvalue, error) {
	d.pos++ // '['
	arr := []jvalue{}
	d.skipSpace()
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		return jvalue{kind: jArray, arr: arr}, nil
	}
	for {
		v, err := d.value(depth + 1)
		if err != nil {
			return jvalue{}, err
		}
		if !d.shallow {
			arr = append(arr, v)
		}
		d.skipSpace()
		if d.pos >= len(d.src) {
			return jvalue{}, d.errorf("unterminated list")
		}
		switch d.src[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			return jvalue{kind: jArray, arr: arr}, nil
		default:
			return jvalue{}, d.errorf("expected ',' or ']' in a list")
		}
	}
}

// str decodes a string starting at the opening quote. Escapes \uXXXX
// pair surrogates; a lone surrogate or invalid UTF-8 is refused.
func (d *decoder) str() (string, error) {
	d.pos++ // '"'
	var out []byte
	start := d.pos
	for {
		if d.pos >= len(d.src) {
			return "", d.errorf("unterminated string")
		}
		c := d.src[d.pos]
		switch {
		case c == '"':
			out = append(out, d.src[start:d.pos]...)
			d.pos++
			return string(out), nil
		case c == '\\':
			out = append(out, d.src[start:d.pos]...)
			d.pos++
			if d.pos >= len(d.src) {
				return "", d.errorf("unterminated string")
			}
			e := d.src[d.pos]
			d.pos++
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, err := d.hex4()
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(r) {
					if !d.lit(`\u`) {
						return "", d.errorf("unpaired surrogate in a string")
					}
					r2, err := d.hex4()
					if err != nil {
						return "", err
					}
					if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
						return "", d.errorf("unpaired surrogate in a string")
					}
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", d.errorf("invalid escape \\%c", e)
			}
			start = d.pos
		case c < utf8.RuneSelf:
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.src[d.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", d.errorf("invalid UTF-8 in a string")
			}
			d.pos += size
		}
	}
}

func (d *decoder) hex4() (rune, error) {
	if len(d.src)-d.pos < 4 {
		return 0, d.errorf("short \\u escape")
	}
	v, err := strconv.ParseUint(string(d.src[d.pos:d.pos+4]), 16, 16)
	if err != nil {
		return 0, d.errorf("invalid \\u escape")
	}
	d.pos += 4
	return rune(v), nil
}

// negPow10 is ujson's table of 10^-n for the fraction digits.
var negPow10 = [16]float64{1, 0.1, 0.01, 0.001, 0.0001, 0.00001, 0.000001, 0.0000001,
	0.00000001, 0.000000001, 0.0000000001, 0.00000000001, 0.000000000001,
	0.0000000000001, 0.00000000000001, 0.000000000000001}

// number is ujson's decode_numeric (precise_float=False).
func (d *decoder) number() (jvalue, error) {
	neg := false
	if d.src[d.pos] == '-' {
		neg = true
		d.pos++
	}
	if d.pos < len(d.src) && (d.src[d.pos] == 'I' || d.src[d.pos] == 'N') {
		switch {
		case d.lit("Infinity"):
			if neg {
				return jvalue{kind: jFloat, f: math.Inf(-1)}, nil
			}
			return jvalue{kind: jFloat, f: math.Inf(1)}, nil
		case !neg && d.lit("NaN"):
			return jvalue{kind: jFloat, f: math.NaN()}, nil
		}
		return jvalue{}, d.errorf("unexpected character")
	}
	var intValue uint64
	digits := 0
	for d.pos < len(d.src) && '0' <= d.src[d.pos] && d.src[d.pos] <= '9' {
		next := intValue*10 + uint64(d.src[d.pos]-'0')
		if (next-uint64(d.src[d.pos]-'0'))/10 != intValue || next < intValue || (neg && next > 1<<63) {
			return jvalue{}, d.errorf("integer part out of range")
		}
		intValue = next
		digits++
		d.pos++
	}
	if digits == 0 {
		return jvalue{}, d.errorf("expected a digit")
	}
	sign := 1.0
	if neg {
		sign = -1
	}
	isFloat := false
	frac, ndec := 0.0, 0
	if d.pos < len(d.src) && d.src[d.pos] == '.' {
		isFloat = true
		d.pos++
		for d.pos < len(d.src) && '0' <= d.src[d.pos] && d.src[d.pos] <= '9' {
			if ndec < 15 {
				frac = float64(frac*10) + float64(d.src[d.pos]-'0')
				ndec++
			}
			d.pos++
		}
	}
	exp, hasExp := 0.0, false
	if d.pos < len(d.src) && (d.src[d.pos] == 'e' || d.src[d.pos] == 'E') {
		isFloat, hasExp = true, true
		d.pos++
		expSign := 1.0
		if d.pos < len(d.src) && (d.src[d.pos] == '-' || d.src[d.pos] == '+') {
			if d.src[d.pos] == '-' {
				expSign = -1
			}
			d.pos++
		}
		for d.pos < len(d.src) && '0' <= d.src[d.pos] && d.src[d.pos] <= '9' {
			exp = float64(exp*10) + float64(d.src[d.pos]-'0')
			d.pos++
		}
		exp *= expSign
	}
	if !isFloat {
		if !neg && intValue > math.MaxInt64 {
			// ujson gives a Python int above int64 as uint64 (which
			// pandas would hold in a uint64 column); no such value
			// occurs in this competition's data.
			return jvalue{}, d.errorf("integer above the int64 range")
		}
		if neg {
			return jvalue{kind: jInt, i: -int64(intValue)}, nil
		}
		return jvalue{kind: jInt, i: int64(intValue)}, nil
	}
	v := float64(float64(intValue)+float64(frac*negPow10[ndec])) * sign
	if hasExp {
		v = float64(v * pow10(exp))
	}
	return jvalue{kind: jFloat, f: v}, nil
}

// pow10 is C's pow(10, e) for an integral e: the correctly rounded power
// (glibc's pow is correctly rounded on these inputs).
func pow10(e float64) float64 {
	if e > 400 {
		return math.Inf(1)
	}
	if e < -400 {
		return 0
	}
	v, _ := strconv.ParseFloat("1e"+strconv.Itoa(int(e)), 64)
	return v
}

// appendJSONString appends s as ujson's encoder (ensure_ascii) writes it:
// \" \\ \/ \b \f \n \r \t, \u00xx for the other control characters and
// \uxxxx (lowercase hex, surrogate pairs above U+FFFF) for every non-ASCII
// character. DEL (0x7f) is written as is.
func appendJSONString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	u4 := func(dst []byte, r rune) []byte {
		return append(dst, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
	}
	dst = append(dst, '"')
	for _, r := range s {
		switch {
		case r == '"':
			dst = append(dst, '\\', '"')
		case r == '\\':
			dst = append(dst, '\\', '\\')
		case r == '/':
			dst = append(dst, '\\', '/')
		case r == '\b':
			dst = append(dst, '\\', 'b')
		case r == '\f':
			dst = append(dst, '\\', 'f')
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r < 0x20:
			dst = u4(dst, r)
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			dst = u4(u4(dst, r1), r2)
		default:
			dst = u4(dst, r)
		}
	}
	return append(dst, '"')
}

// appendJSONFloat appends v as ujson's encoder writes a double with
// double_precision=10 (Buffer_AppendDoubleUnchecked): NaN and ±inf as null
// (pandas maps them to null before encoding), C "%.10g" when |v| > 1e16−1 or
// 0 < |v| < 1e-15, otherwise the integer part, a point and the fraction
// rounded to 10 digits (ties: up when the 10-digit fraction is odd or 0)
// with trailing zeros removed ("whole.0" when it is 0). −0.0 is "0.0".
func appendJSONFloat(dst []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(dst, "null"...)
	}
	neg := false
	if v < 0 {
		neg = true
		v = -v
	}
	const thresMax = float64(1e16) - 1
	if v > thresMax || (v != 0 && v < 1e-15) {
		if neg {
			v = -v
		}
		return appendCG(dst, v, 10)
	}
	const pow10 = 1e10
	whole := uint64(v)
	tmp := float64(float64(v-float64(whole)) * pow10)
	frac := uint64(tmp)
	diff := float64(tmp - float64(frac))
	if diff > 0.5 {
		frac++
	} else if diff == 0.5 && (frac == 0 || frac&1 == 1) {
		frac++
	}
	if float64(frac) >= pow10 {
		frac = 0
		whole++
	}
	if neg {
		dst = append(dst, '-')
	}
	dst = strconv.AppendUint(dst, whole, 10)
	dst = append(dst, '.')
	if frac == 0 {
		return append(dst, '0')
	}
	var digits [10]byte
	for k := 9; k >= 0; k-- {
		digits[k] = byte('0' + frac%10)
		frac /= 10
	}
	end := 10
	for end > 1 && digits[end-1] == '0' {
		end--
	}
	return append(dst, digits[:end]...)
}

// appendCG appends C's "%.<prec>g" of v: prec significant digits, exponent
// form when the exponent is < -4 or ≥ prec, trailing zeros removed, a
// two-digit minimum exponent. Go's 'g' format with a precision follows the
// same rules.
func appendCG(dst []byte, v float64, prec int) []byte {
	return strconv.AppendFloat(dst, v, 'g', prec, 64)
}

// appendJSONValue appends a decoded value as the encoder writes the Python
// object ujson decoded it to: ints in decimal, floats as
// [appendJSONFloat], strings escaped, lists and dicts compact.
func appendJSONValue(dst []byte, v jvalue) []byte {
	switch v.kind {
	case jNull:
		return append(dst, "null"...)
	case jBool:
		if v.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case jInt:
		return strconv.AppendInt(dst, v.i, 10)
	case jFloat:
		return appendJSONFloat(dst, v.f)
	case jString:
		return appendJSONString(dst, v.s)
	case jArray:
		dst = append(dst, '[')
		for i, e := range v.arr {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONValue(dst, e)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range v.obj {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, m.key)
		dst = append(dst, ':')
		dst = appendJSONValue(dst, m.val)
	}
	return append(dst, '}')
}
