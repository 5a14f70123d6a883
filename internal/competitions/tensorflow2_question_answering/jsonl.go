package tensorflow2_question_answering

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// This file re-encodes JSON values as pandas' to_json (its vendored ujson,
// ensure_ascii) writes what read_json decoded: compact, object keys in
// their order (a repeated key keeps its first position and its last
// value), integers in decimal ("-0" becomes 0), true/false/null, and
// strings with \" \\ \/ \b \f \n \r \t, \u00xx for other control
// characters, \uxxxx (lowercase, surrogate pairs above U+FFFF) for every
// non-ASCII character, and DEL (0x7f) unescaped. Integers must fit in
// int64 or uint64 (ujson's "Value is too big!"); fractions and exponents
// are refused, as no such number occurs in the data and pandas would
// reformat them.

// maxDepth bounds nesting, as a guard against hostile input.
const maxDepth = 200

// field is one member of an object: its key and its value, both
// re-encoded (the key with its quotes). The encoding is one-to-one, so
// encoded keys compare as the decoded ones do.
type field struct {
	key string
	enc []byte
}

// encodedKey returns the re-encoded form of a key, as [field.key] holds it.
func encodedKey(k string) string { return string(appendString(nil, []byte(k))) }

// parser reads one JSON text.
type parser struct {
	src []byte
	pos int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("JSON at byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// topObject parses a whole line holding one object and returns its members
// re-encoded.
func topObject(line []byte) ([]field, error) {
	p := &parser{src: line}
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		return nil, p.errorf("a line must hold one JSON object")
	}
	p.pos++
	var fields []field
	index := map[string]int{}
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
	} else {
		for {
			key, err := p.key()
			if err != nil {
				return nil, err
			}
			enc, err := p.value(nil, 1)
			if err != nil {
				return nil, err
			}
			if i, ok := index[key]; ok {
				fields[i].enc = enc
			} else {
				index[key] = len(fields)
				fields = append(fields, field{key, enc})
			}
			p.skipSpace()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.src) && p.src[p.pos] == '}' {
				p.pos++
				break
			}
			return nil, p.errorf("expected ',' or '}'")
		}
	}
	p.skipSpace()
	if p.pos != len(p.src) {
		return nil, p.errorf("trailing data after the object")
	}
	return fields, nil
}

// key parses an object key and the colon after it.
func (p *parser) key() (string, error) {
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", p.errorf("expected a string key")
	}
	enc, err := p.str(nil)
	if err != nil {
		return "", err
	}
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != ':' {
		return "", p.errorf("expected ':'")
	}
	p.pos++
	return string(enc), nil // encoded, quotes included
}

// value appends the re-encoded value at p.pos to dst.
func (p *parser) value(dst []byte, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, p.errorf("nesting deeper than %d", maxDepth)
	}
	p.skipSpace()
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end of input")
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object(dst, depth)
	case c == '[':
		p.pos++
		dst = append(dst, '[')
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			return append(dst, ']'), nil
		}
		for first := true; ; first = false {
			if !first {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = p.value(dst, depth+1); err != nil {
				return nil, err
			}
			p.skipSpace()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				p.pos++
				return append(dst, ']'), nil
			}
			return nil, p.errorf("expected ',' or ']'")
		}
	case c == '"':
		return p.str(dst)
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(p.src)-p.pos >= len(lit) && string(p.src[p.pos:p.pos+len(lit)]) == lit {
				p.pos += len(lit)
				return append(dst, lit...), nil
			}
		}
		return nil, p.errorf("invalid literal")
	case c == '-' || ('0' <= c && c <= '9'):
		return p.number(dst)
	}
	return nil, p.errorf("unexpected character %q", p.src[p.pos])
}

// object re-encodes an object, resolving repeated keys as a Python dict.
func (p *parser) object(dst []byte, depth int) ([]byte, error) {
	p.pos++
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return append(dst, "{}"...), nil
	}
	var fields []field
	for {
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		enc, err := p.value(nil, depth+1)
		if err != nil {
			return nil, err
		}
		dup := false
		for i := range fields {
			if fields[i].key == key {
				fields[i].enc, dup = enc, true
				break
			}
		}
		if !dup {
			fields = append(fields, field{key, enc})
		}
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			break
		}
		return nil, p.errorf("expected ',' or '}'")
	}
	dst = append(dst, '{')
	for i, f := range fields {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, f.key...)
		dst = append(dst, ':')
		dst = append(dst, f.enc...)
	}
	return append(dst, '}'), nil
}

// number re-encodes an integer.
func (p *parser) number(dst []byte) ([]byte, error) {
	start := p.pos
	if p.src[p.pos] == '-' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits || (p.src[digits] == '0' && p.pos-digits > 1) {
		return nil, p.errorf("invalid number")
	}
	if p.pos < len(p.src) && (p.src[p.pos] == '.' || p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		return nil, p.errorf("non-integer numbers are not supported")
	}
	text := string(p.src[start:p.pos])
	if v, err := strconv.ParseInt(text, 10, 64); err == nil {
		return strconv.AppendInt(dst, v, 10), nil
	}
	if v, err := strconv.ParseUint(text, 10, 64); err == nil {
		return strconv.AppendUint(dst, v, 10), nil
	}
	return nil, p.errorf("Value is too big! (%s)", text)
}

// str appends the string literal at p.pos re-encoded (see [appendString]),
// in one pass. A \u escape of a lone surrogate is refused (pandas' ujson
// silently drops it; no such string occurs in the data).
func (p *parser) str(dst []byte) ([]byte, error) {
	p.pos++ // opening quote
	dst = append(dst, '"')
	for {
		// Copy a run of bytes that need no escaping in one go.
		start := p.pos
		for p.pos < len(p.src) && plainASCII[p.src[p.pos]] {
			p.pos++
		}
		dst = append(dst, p.src[start:p.pos]...)
		if p.pos >= len(p.src) {
			return nil, p.errorf("unterminated string")
		}
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return append(dst, '"'), nil
		case c == '\\':
			if p.pos+1 >= len(p.src) {
				return nil, p.errorf("unterminated string")
			}
			e := p.src[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				dst = appendASCII(dst, e)
			case 'b':
				dst = append(dst, `\b`...)
			case 'f':
				dst = append(dst, `\f`...)
			case 'n':
				dst = append(dst, `\n`...)
			case 'r':
				dst = append(dst, `\r`...)
			case 't':
				dst = append(dst, `\t`...)
			case 'u':
				u, ok := p.hex4()
				if !ok {
					return nil, p.errorf("invalid \\u escape")
				}
				switch {
				case u < utf8.RuneSelf:
					dst = appendASCII(dst, byte(u))
				case u >= 0xd800 && u < 0xdc00:
					// A high surrogate must be followed by a low one.
					if p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
						p.pos += 2
						lo, ok := p.hex4()
						if ok && lo >= 0xdc00 && lo < 0xe000 {
							dst = appendU(appendU(dst, u), lo)
							continue
						}
					}
					return nil, p.errorf("lone surrogate in a string (unsupported)")
				case u >= 0xdc00 && u < 0xe000:
					return nil, p.errorf("lone surrogate in a string (unsupported)")
				default:
					dst = appendU(dst, u)
				}
			default:
				return nil, p.errorf("invalid escape \\%c", e)
			}
		case c < 0x20:
			return nil, p.errorf("control character in a string")
		case c < utf8.RuneSelf:
			dst = appendASCII(dst, c) // '/' or DEL
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.src[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return nil, p.errorf("invalid UTF-8")
			}
			dst = appendRune(dst, r)
			p.pos += size
		}
	}
}

// plainASCII marks the bytes a string holds unchanged: printable ASCII
// other than '"', '\\' and '/'.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '/'
	}
	return t
}()

func (p *parser) hex4() (uint16, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 16)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return uint16(v), true
}

const hexDigits = "0123456789abcdef"

// appendString appends s (UTF-8) as ujson writes a str with ensure_ascii.
func appendString(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			dst = appendASCII(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		i += size
		dst = appendRune(dst, r)
	}
	return append(dst, '"')
}

// appendASCII appends one ASCII character of a string.
func appendASCII(dst []byte, c byte) []byte {
	switch c {
	case '"':
		return append(dst, `\"`...)
	case '\\':
		return append(dst, `\\`...)
	case '/':
		return append(dst, `\/`...)
	case '\b':
		return append(dst, `\b`...)
	case '\f':
		return append(dst, `\f`...)
	case '\n':
		return append(dst, `\n`...)
	case '\r':
		return append(dst, `\r`...)
	case '\t':
		return append(dst, `\t`...)
	}
	if c < 0x20 {
		return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
	}
	return append(dst, c)
}

// appendRune appends a non-ASCII character as \uxxxx (a surrogate pair
// above U+FFFF).
func appendRune(dst []byte, r rune) []byte {
	if r >= 0x10000 {
		r -= 0x10000
		dst = appendU(dst, 0xd800+uint16(r>>10))
		return appendU(dst, 0xdc00+uint16(r&0x3ff))
	}
	return appendU(dst, uint16(r))
}

func appendU(dst []byte, u uint16) []byte {
	return append(dst, '\\', 'u', hexDigits[u>>12], hexDigits[u>>8&15], hexDigits[u>>4&15], hexDigits[u&15])
}

// errBlankLine is a line with no JSON object (the original's line count
// would then differ from the rows read).
var errBlankLine = errors.New("blank line in a JSON Lines file")
