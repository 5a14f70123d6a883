// Package pyjson writes JSON byte-for-byte as Python's json.dumps does.
//
// Differences from encoding/json that matter for compatibility with files the
// original MLE-bench writes:
//   - floats use Python repr ("1.0", "6e-05", "1e+16"); NaN and ±Inf are
//     written as the bare tokens NaN, Infinity and -Infinity;
//   - strings are ASCII-escaped (ensure_ascii=True): non-ASCII runes become
//     \uXXXX (surrogate pairs above U+FFFF), and "<", ">", "&" are not escaped;
//   - with an indent, members go on their own lines, items are separated by
//     "," and keys by ": "; without one, by ", " and ": ";
//     empty objects and arrays are written "{}" and "[]";
//   - object key order is the order given ([Object]) unless SortKeys is set.
//
// Values are: nil, bool, int, int64, float64, string, [Object], []any,
// []float64, []string, map[string]any (keys sorted) and [Raw].
package pyjson

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// Member is one key/value pair of an [Object].
type Member struct {
	Key   string
	Value any
}

// Object is a JSON object whose key order is preserved.
type Object []Member

// Raw is pre-encoded JSON inserted verbatim.
type Raw []byte

// Options mirror json.dumps keyword arguments.
type Options struct {
	Indent   int  // spaces; 0 writes compact Python style (", " and ": ")
	Compact  bool // with Indent 0: use "," and ":" (separators=(",", ":"))
	SortKeys bool
}

// Marshal encodes v.
func Marshal(v any, opt Options) ([]byte, error) {
	e := &encoder{opt: opt}
	if err := e.value(v, 0); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

type encoder struct {
	buf bytes.Buffer
	opt Options
}

func (e *encoder) newline(depth int) {
	if e.opt.Indent <= 0 {
		return
	}
	e.buf.WriteByte('\n')
	for i := 0; i < depth*e.opt.Indent; i++ {
		e.buf.WriteByte(' ')
	}
}

func (e *encoder) itemSep() {
	switch {
	case e.opt.Indent > 0, e.opt.Compact:
		e.buf.WriteByte(',')
	default:
		e.buf.WriteString(", ")
	}
}

func (e *encoder) keySep() {
	if e.opt.Compact && e.opt.Indent <= 0 {
		e.buf.WriteByte(':')
		return
	}
	e.buf.WriteString(": ")
}

func (e *encoder) value(v any, depth int) error {
	switch x := v.(type) {
	case nil:
		e.buf.WriteString("null")
	case bool:
		if x {
			e.buf.WriteString("true")
		} else {
			e.buf.WriteString("false")
		}
	case int:
		e.buf.WriteString(strconv.Itoa(x))
	case int64:
		e.buf.WriteString(strconv.FormatInt(x, 10))
	case float64:
		e.buf.Write(Float(x))
	case string:
		e.buf.Write(String(x))
	case Raw:
		e.buf.Write(x)
	case Object:
		return e.object(x, depth)
	case map[string]any:
		obj := make(Object, 0, len(x))
		for k, val := range x {
			obj = append(obj, Member{k, val})
		}
		sort.Slice(obj, func(i, j int) bool { return obj[i].Key < obj[j].Key })
		return e.object(obj, depth)
	case []any:
		return e.array(len(x), func(i int) any { return x[i] }, depth)
	case []float64:
		return e.array(len(x), func(i int) any { return x[i] }, depth)
	case []string:
		return e.array(len(x), func(i int) any { return x[i] }, depth)
	default:
		return fmt.Errorf("pyjson: unsupported type %T", v)
	}
	return nil
}

func (e *encoder) object(obj Object, depth int) error {
	if len(obj) == 0 {
		e.buf.WriteString("{}")
		return nil
	}
	if e.opt.SortKeys {
		obj = append(Object(nil), obj...)
		sort.SliceStable(obj, func(i, j int) bool { return obj[i].Key < obj[j].Key })
	}
	e.buf.WriteByte('{')
	for i, m := range obj {
		if i > 0 {
			e.itemSep()
		}
		e.newline(depth + 1)
		e.buf.Write(String(m.Key))
		e.keySep()
		if err := e.value(m.Value, depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.buf.WriteByte('}')
	return nil
}

func (e *encoder) array(n int, at func(int) any, depth int) error {
	if n == 0 {
		e.buf.WriteString("[]")
		return nil
	}
	e.buf.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			e.itemSep()
		}
		e.newline(depth + 1)
		if err := e.value(at(i), depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.buf.WriteByte(']')
	return nil
}

// Float encodes x as Python's json module does.
func Float(x float64) []byte {
	switch {
	case math.IsNaN(x):
		return []byte("NaN")
	case math.IsInf(x, 1):
		return []byte("Infinity")
	case math.IsInf(x, -1):
		return []byte("-Infinity")
	}
	return pyfloat.AppendRepr(nil, x)
}

// String encodes s with ensure_ascii=True.
func String(s string) []byte {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for _, r := range s {
		switch r {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			if r >= 0x20 && r < 0x7f {
				b = append(b, byte(r))
				continue
			}
			if r == utf8.RuneError {
				r = 0xfffd
			}
			if r > 0xffff {
				r -= 0x10000
				hi, lo := 0xd800+(r>>10), 0xdc00+(r&0x3ff)
				b = append(b, '\\', 'u', hex[hi>>12&0xf], hex[hi>>8&0xf], hex[hi>>4&0xf], hex[hi&0xf])
				b = append(b, '\\', 'u', hex[lo>>12&0xf], hex[lo>>8&0xf], hex[lo>>4&0xf], hex[lo&0xf])
				continue
			}
			b = append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		}
	}
	return append(b, '"')
}
