package grade

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// A grading JSONL line is read as Python's json.loads reads it — bare NaN,
// Infinity and -Infinity are numbers — and a submission_path value that is
// not a string becomes its Python str(): null → "None", true → "True",
// 1 → "1", 1.50 → "1.5", 1e400 → "inf", NaN → "nan", a list or object →
// its repr ("['a', 1]", "{'k': None}").

// nonFinitePrefix marks the JSON strings pythonJSON puts in place of bare
// NaN / Infinity tokens (a NUL byte cannot occur in a JSON string literal
// unescaped, so no real string has this prefix).
const nonFinitePrefix = "\x00pyjson:"

// pythonJSON rewrites the bare NaN, Infinity and -Infinity tokens Python's
// json accepts (outside strings) into marked strings encoding/json reads.
func pythonJSON(b []byte) []byte {
	var out []byte
	inStr, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			out = append(out, c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
			out = append(out, c)
			continue
		}
		replaced := false
		for _, tok := range []string{"-Infinity", "Infinity", "NaN"} {
			if bytes.HasPrefix(b[i:], []byte(tok)) {
				out = append(out, `"\u0000pyjson:`+tok+`"`...)
				i += len(tok) - 1
				replaced = true
				break
			}
		}
		if !replaced {
			out = append(out, c)
		}
	}
	return out
}

// pyStr is Python's str() of a JSON value read by json.loads.
func pyStr(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	var s string
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		if tok, ok := strings.CutPrefix(s, nonFinitePrefix); ok {
			return nonFiniteStr(tok), nil
		}
		return s, nil
	}
	return pyRepr(raw)
}

func nonFiniteStr(tok string) string {
	switch tok {
	case "NaN":
		return "nan"
	case "Infinity":
		return "inf"
	}
	return "-inf"
}

// pyRepr is Python's repr() of a JSON value read by json.loads.
func pyRepr(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", fmt.Errorf("empty JSON value")
	}
	switch raw[0] {
	case 'n':
		return "None", nil
	case 't':
		return "True", nil
	case 'f':
		return "False", nil
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		if tok, ok := strings.CutPrefix(s, nonFinitePrefix); ok {
			return nonFiniteStr(tok), nil
		}
		return pyStrRepr(s), nil
	case '[':
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return "", err
		}
		parts := make([]string, len(items))
		for i, it := range items {
			p, err := pyRepr(it)
			if err != nil {
				return "", err
			}
			parts[i] = p
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case '{':
		dec := json.NewDecoder(bytes.NewReader(raw))
		if _, err := dec.Token(); err != nil {
			return "", err
		}
		var keys []string
		vals := map[string]string{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return "", err
			}
			k := kt.(string)
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return "", err
			}
			r, err := pyRepr(v)
			if err != nil {
				return "", err
			}
			if _, seen := vals[k]; !seen {
				keys = append(keys, k) // a repeated key keeps its first position, the last value (dict semantics)
			}
			vals[k] = r
		}
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = pyStrRepr(k) + ": " + vals[k]
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	}
	return pyNumber(string(raw))
}

// pyNumber is str() of a JSON number as Python's json reads it: an int
// when it has no fraction or exponent (arbitrary precision), else a float.
func pyNumber(s string) (string, error) {
	if !strings.ContainsAny(s, ".eE") {
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return "", fmt.Errorf("invalid JSON number %q", s)
		}
		return n.String(), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if ne := (*strconv.NumError)(nil); err != nil && !(errors.As(err, &ne) && ne.Err == strconv.ErrRange) {
		return "", err
	}
	switch {
	case math.IsInf(f, 1):
		return "inf", nil
	case math.IsInf(f, -1):
		return "-inf", nil
	}
	return pyfloat.Repr(f), nil
}

// pyStrRepr is Python's repr() of a str: single quotes unless the text has
// a single quote and no double quote; backslash escapes for \\, the quote,
// \t \n \r, other non-printable characters as \xNN, \uNNNN or \UNNNNNNNN.
func pyStrRepr(s string) string {
	quote := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7f:
			b.WriteRune(r)
		case !unicode.IsPrint(r) || r == 0xa0 || unicode.Is(unicode.Zs, r) && r != ' ':
			switch {
			case r <= 0xff:
				fmt.Fprintf(&b, `\x%02x`, r)
			case r <= 0xffff:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
