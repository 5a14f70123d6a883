package table

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// This file holds the CSV tokenizer shared by [Read] and [Reader]. It follows
// the state machine of pandas' C tokenizer (pandas/_libs/src/parser/tokenizer.c)
// for the default dialect: one-byte separator, '"' as quote character with
// doubled-quote escaping, no escape character, no comment character,
// skipinitialspace=False, skip_blank_lines=True and "\n", "\r\n" or a lone
// "\r" as line terminators.
//
//   - A field that starts with '"' is quoted: separators and line breaks
//     inside it are data, and "" stands for one '"'. After the closing quote
//     any further characters up to the next separator or line end are
//     appended to the field unquoted ("ab"c is abc).
//   - A '"' that does not start a field is an ordinary character.
//   - Lines that are empty or hold only spaces and tabs (unless the separator
//     is one of those) are skipped; they do not count as records.
//   - Line numbers count the line terminators outside quoted fields, as
//     pandas' file_lines does; breaks inside quoted fields are not counted.

// span is a field's byte range in the scanned buffer. A quoted field's range
// covers its raw text, from the opening quote up to the separator or line end;
// [unescape] turns it into the field's value.
type span struct {
	start, end int
	quoted     bool
	// bare: a quoted field that ends at its closing quote and doubles no
	// quote inside, whose value is its range without the two quotes.
	bare bool
}

// value returns the range of a bare or unquoted field's value; ok is false
// for a quoted field that needs unquoting.
func (sp span) value() (start, end int, ok bool) {
	switch {
	case !sp.quoted:
		return sp.start, sp.end, true
	case sp.bare:
		return sp.start + 1, sp.end - 1, true
	}
	return 0, 0, false
}

type scanStatus uint8

const (
	scanRecord    scanStatus = iota // a record was scanned
	scanEOF                         // no more records (only blank lines left)
	scanMore                        // the buffer ends inside a record: supply more data
	scanOpenQuote                   // EOF inside a quoted field
)

// scanner scans records for one separator.
type scanner struct {
	sep  byte
	stop [256]bool // separator, '\n' and '\r'
}

func newScanner(sep byte) *scanner {
	s := &scanner{sep: sep}
	s.stop[sep] = true
	s.stop['\n'] = true
	s.stop['\r'] = true
	return s
}

// isBlankSpace reports whether c makes a line count as blank (pandas
// IS_WHITESPACE: space or tab, unless it is the separator).
func (s *scanner) isBlankSpace(c byte) bool {
	return (c == ' ' || c == '\t') && c != s.sep
}

// record scans the record starting at data[pos] (pos must be at the start of
// a line). Blank lines before it are skipped. Field spans are appended to sp.
//
// It returns the grown sp, the position after the record (after its line
// terminator), the number of blank lines skipped before the record and the
// total number of line terminators consumed (skipped lines plus the record's
// own terminator, if any). With atEOF false, scanMore asks for more data when
// the record (or a pending "\r\n") may continue past the end of data; the
// caller must then call again with the same pos and a longer buffer. record
// never modifies data.
func (s *scanner) record(data []byte, pos int, atEOF bool, sp []span) (out []span, next, skipped, lines int, st scanStatus) {
	n := len(data)
	i := pos
	// Skip blank lines.
	for {
		if i >= n {
			if atEOF {
				return sp, n, skipped, skipped, scanEOF
			}
			return sp, pos, 0, 0, scanMore
		}
		c := data[i]
		if c == '\n' {
			i++
			skipped++
			continue
		}
		if c == '\r' {
			if i+1 >= n && !atEOF {
				return sp, pos, 0, 0, scanMore
			}
			i++
			if i < n && data[i] == '\n' {
				i++
			}
			skipped++
			continue
		}
		if s.isBlankSpace(c) {
			j := i + 1
			for j < n && s.isBlankSpace(data[j]) {
				j++
			}
			if j >= n {
				if atEOF {
					return sp, n, skipped, skipped, scanEOF
				}
				return sp, pos, 0, 0, scanMore
			}
			if data[j] == '\n' || data[j] == '\r' {
				i = j
				continue // the terminator is consumed by the code above
			}
		}
		break
	}

	for {
		// Start of a field at i.
		if i >= n {
			// EOF right after a separator: a last, empty field.
			if !atEOF {
				return sp, pos, 0, 0, scanMore
			}
			sp = append(sp, span{start: i, end: i})
			return sp, i, skipped, skipped, scanRecord
		}
		fs := i
		quoted, doubled := false, false
		if data[i] == '"' {
			quoted = true
			i++
			for {
				k := bytes.IndexByte(data[i:], '"')
				if k < 0 {
					if atEOF {
						return sp, pos, skipped, skipped, scanOpenQuote
					}
					return sp, pos, 0, 0, scanMore
				}
				i += k + 1
				if i >= n {
					if !atEOF {
						return sp, pos, 0, 0, scanMore
					}
					break
				}
				if data[i] == '"' { // doubled quote
					i++
					doubled = true
					continue
				}
				break
			}
		}
		bare := quoted && !doubled
		if i < n && !s.stop[data[i]] { // most quoted fields end at their closing quote
			i = s.fieldEnd(data, i)
			bare = false
		}
		sp = append(sp, span{start: fs, end: i, quoted: quoted, bare: bare})
		if i >= n {
			if !atEOF {
				return sp, pos, 0, 0, scanMore
			}
			return sp, i, skipped, skipped, scanRecord
		}
		c := data[i]
		if c == s.sep {
			i++
			continue
		}
		if c == '\n' {
			return sp, i + 1, skipped, skipped + 1, scanRecord
		}
		// '\r', possibly followed by '\n'.
		if i+1 >= n && !atEOF {
			return sp, pos, 0, 0, scanMore
		}
		i++
		if i < n && data[i] == '\n' {
			i++
		}
		return sp, i, skipped, skipped + 1, scanRecord
	}
}

// fieldEnd returns the position of the first separator, '\n' or '\r' in
// data at or after i, or len(data) if there is none.
func (s *scanner) fieldEnd(data []byte, i int) int {
	n := len(data)
	sep := uint64(s.sep)
	// Eight bytes at a time, then byte by byte.
	for i+8 <= n {
		w := binary.LittleEndian.Uint64(data[i:])
		if m := hasByte(w, sep) | hasByte(w, '\n') | hasByte(w, '\r'); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < n && !s.stop[data[i]] {
		i++
	}
	return i
}

// unescape rewrites the raw quoted field data[start:end] (which starts with
// '"') in place into its value and returns the value's end: the value is
// data[start:newEnd].
func unescape(data []byte, start, end int) int {
	w := start
	i := start + 1
	for i < end {
		c := data[i]
		if c == '"' {
			if i+1 < end && data[i+1] == '"' {
				data[w] = '"'
				w++
				i += 2
				continue
			}
			// Closing quote: the rest of the field is taken verbatim.
			w += copy(data[w:], data[i+1:end])
			return w
		}
		data[w] = c
		w++
		i++
	}
	return w
}

// unquote returns the value of the raw quoted field data[start:end] (which
// starts with '"') as data[vs:ve]. A field whose only quotes are the
// opening and a closing one at its end (the usual case) is not copied: its
// value is the bytes between them. Otherwise the field is rewritten in
// place as [unescape] does, a run of plain bytes at a time.
func unquote(data []byte, start, end int) (vs, ve int) {
	i := start + 1
	k := bytes.IndexByte(data[i:end], '"')
	if k < 0 {
		return i, end // no closing quote before the field's end (EOF)
	}
	if i+k == end-1 {
		return i, end - 1
	}
	w := start
	for {
		w += copy(data[w:], data[i:i+k])
		i += k
		// data[i] is a quote.
		if i+1 < end && data[i+1] == '"' {
			data[w] = '"'
			w++
			i += 2
			k = bytes.IndexByte(data[i:end], '"')
			if k < 0 {
				w += copy(data[w:], data[i:end])
				return start, w
			}
			continue
		}
		// Closing quote: the rest of the field is taken verbatim.
		w += copy(data[w:], data[i+1:end])
		return start, w
	}
}

// appendUnquoted appends to dst the value of the raw quoted field
// data[start:end] (which starts with '"'), the value [unquote] gives,
// without modifying data.
func appendUnquoted(dst, data []byte, start, end int) []byte {
	i := start + 1
	for {
		k := bytes.IndexByte(data[i:end], '"')
		if k < 0 {
			return append(dst, data[i:end]...)
		}
		dst = append(dst, data[i:i+k]...)
		i += k
		// data[i] is a quote.
		if i+1 < end && data[i+1] == '"' {
			dst = append(dst, '"')
			i += 2
			continue
		}
		// Closing quote: the rest of the field is taken verbatim.
		return append(dst, data[i+1:end]...)
	}
}

// truncNUL cuts s at its first NUL byte: pandas' tokenizer stores fields as C
// strings, so a NUL ends the value.
func truncNUL(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i]
		}
	}
	return s
}
