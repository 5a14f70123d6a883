package tensorflow2_question_answering

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/table"
)

// This file reads private/test.jsonl for grading. The original reads the
// file in text mode and calls json.loads on every line, then uses only
// example_id and the first annotation of each example. The lines are large
// (Kaggle's carry the whole document), so a line is checked for valid
// UTF-8 and valid JSON in one pass that decodes nothing, remembering where
// the two top-level members the grader needs are; only those are decoded.
//
// What a line may hold, and what it gives, is what json.loads and the
// grader's look-ups give, with the types encoding/json allows: example_id
// a string (null reads as ""), annotations a list of objects (or nulls),
// the first one with yes_no_answer a string (null reads as ""),
// long_answer an object and short_answers a list of objects, each answer
// object with integer (int64) start_token and end_token. Repeated keys
// keep their last value, keys are matched after decoding their escapes,
// and strings decode as encoding/json decodes them (a lone surrogate
// becomes U+FFFD). Anything else is an error naming the line. Differences
// from json.loads, on input no prepared file holds: NaN, Infinity and
// -Infinity are refused, and nesting may go 10,000 levels deep
// (encoding/json's limit; Python's recursion limit stops far earlier).

// maxNesting is the deepest nesting of arrays and objects a line may hold.
const maxNesting = 10000

// answerRow is what grading uses of one example: its id, yes_no_answer,
// the long answer's "<start>:<end>" ("" when start_token is −1) and the
// short answers' spans separated by spaces.
type answerRow struct {
	id, yesNo, long, short string
}

// LoadAnswers reads private/test.jsonl into a table with one row per line:
// example_id, yes_no_answer, long and short (see [answerRow]). Lines end
// as Python's text mode ends them ("\n", "\r\n" or "\r"); every line,
// blank ones included, must hold one JSON object.
func LoadAnswers(path string) (*table.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids, yesNo, long, short []string
	lr := lineReader{r: f, buf: make([]byte, 256<<10)}
	for n := 1; ; n++ {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		a, err := parseAnswer(line)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, n, err)
		}
		ids, yesNo, long, short = append(ids, a.id), append(yesNo, a.yesNo), append(long, a.long), append(short, a.short)
	}
	return table.New(table.Strings("example_id", ids), table.Strings("yes_no_answer", yesNo),
		table.Strings("long", long), table.Strings("short", short))
}

// lineReader splits a stream into lines with Python's universal newlines.
type lineReader struct {
	r          io.Reader
	buf        []byte
	start, end int // unread data is buf[start:end]
	eof        bool
}

// next returns the next line without its terminator, valid until the
// following call, or io.EOF after the last line. Text after the last
// terminator is a line; nothing after it is none.
func (lr *lineReader) next() ([]byte, error) {
	for {
		data := lr.buf[lr.start:lr.end]
		i := bytes.IndexByte(data, '\n')
		if i < 0 && !lr.eof {
			if err := lr.fill(); err != nil {
				return nil, err
			}
			continue
		}
		if i < 0 {
			if len(data) == 0 {
				return nil, io.EOF
			}
			i = len(data)
		}
		line, used := data[:i], i+1
		if j := bytes.IndexByte(line, '\r'); j >= 0 {
			line, used = data[:j], j+1
			if j+1 < len(data) && data[j+1] == '\n' {
				used++
			}
		}
		lr.start += min(used, len(data))
		return line, nil
	}
}

// fill reads more data, moving the unread part to the front of the buffer
// and growing it when the unread part fills it.
func (lr *lineReader) fill() error {
	if lr.start > 0 {
		lr.end = copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.start = 0
	}
	if lr.end == len(lr.buf) {
		lr.buf = append(lr.buf, make([]byte, len(lr.buf))...)
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.end += n
	if errors.Is(err, io.EOF) {
		lr.eof = true
		return nil
	}
	return err
}

// parseAnswer checks one line and decodes what grading uses of it.
func parseAnswer(line []byte) (answerRow, error) {
	if !utf8.Valid(line) {
		return answerRow{}, errors.New("invalid UTF-8")
	}
	p := &parser{src: line}
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		return answerRow{}, p.errorf("a line must hold one JSON object")
	}
	var top [2][]byte
	if err := p.members(1, topKeys, top[:]); err != nil {
		return answerRow{}, err
	}
	p.skipSpace()
	if p.pos != len(p.src) {
		return answerRow{}, p.errorf("trailing data after the object")
	}
	if top[0] == nil {
		return answerRow{}, errors.New("no example_id")
	}
	id, err := stringOrNull(top[0])
	if err != nil {
		return answerRow{}, fmt.Errorf("example_id: %w", err)
	}
	return parseAnnotations(id, top[1])
}

// members checks the object at p.pos, which is at the given nesting level,
// and sets found[i] to the value (as JSON text) of the last member named
// names[i], leaving it as it is for a name the object lacks.
func (p *parser) members(level int, names []string, found [][]byte) error {
	p.pos++ // '{'
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return p.errorf("expected a string key")
		}
		keyStart := p.pos
		escaped, err := p.skipString()
		if err != nil {
			return err
		}
		key := p.src[keyStart:p.pos]
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return p.errorf("expected ':'")
		}
		p.pos++
		p.skipSpace()
		valueStart := p.pos
		if err := p.skipValue(level); err != nil {
			return err
		}
		for i, name := range names {
			if stringIs(key, escaped, name) {
				found[i] = p.src[valueStart:p.pos]
			}
		}
		p.skipSpace()
		if p.pos < len(p.src) {
			switch p.src[p.pos] {
			case ',':
				p.pos++
				continue
			case '}':
				p.pos++
				return nil
			}
		}
		return p.errorf("expected ',' or '}'")
	}
}

// skipValue checks the JSON value at p.pos, inside level arrays and
// objects, and moves past it.
func (p *parser) skipValue(level int) error {
	if p.pos >= len(p.src) {
		return p.errorf("unexpected end of input")
	}
	switch c := p.src[p.pos]; {
	case c == '"':
		_, err := p.skipString()
		return err
	case c == '{':
		if level >= maxNesting {
			return p.errorf("nesting deeper than %d", maxNesting)
		}
		return p.members(level+1, nil, nil)
	case c == '[':
		if level >= maxNesting {
			return p.errorf("nesting deeper than %d", maxNesting)
		}
		return p.elements(level + 1)
	case c == '-' || ('0' <= c && c <= '9'):
		return p.skipNumber()
	case c == 't':
		return p.skipLiteral("true")
	case c == 'f':
		return p.skipLiteral("false")
	case c == 'n':
		return p.skipLiteral("null")
	}
	return p.errorf("unexpected character %q", p.src[p.pos])
}

// elements checks the array at p.pos, which is at the given nesting level,
// and moves past it.
func (p *parser) elements(level int) error {
	p.pos++ // '['
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return nil
	}
	for {
		p.skipSpace()
		if err := p.skipValue(level); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos < len(p.src) {
			switch p.src[p.pos] {
			case ',':
				p.pos++
				continue
			case ']':
				p.pos++
				return nil
			}
		}
		return p.errorf("expected ',' or ']'")
	}
}

// elementStart moves to the start of the next element of a checked array
// and reports whether there is one: p.pos is at the array's '[' before
// the first call, then after the previous element.
func (p *parser) elementStart() bool {
	p.skipSpace()
	if p.src[p.pos] == ']' {
		return false
	}
	p.pos++ // '[' or ','
	p.skipSpace()
	return p.src[p.pos] != ']'
}

// stringStop marks the bytes that end a run of plain string content: the
// quote, the backslash and the control characters JSON forbids in strings.
var stringStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// skipString checks the string at p.pos (valid UTF-8 already) and moves
// past it, reporting whether it holds an escape.
func (p *parser) skipString() (escaped bool, err error) {
	src, i := p.src, p.pos+1
	for {
		i = stringStopIndex(src, i)
		if i >= len(src) {
			p.pos = i
			return false, p.errorf("unterminated string")
		}
		switch src[i] {
		case '"':
			p.pos = i + 1
			return escaped, nil
		case '\\':
			escaped = true
			// Escapes often come in runs (\uxxxx for every non-ASCII
			// character).
			for i < len(src) && src[i] == '\\' {
				if i, err = p.escape(i); err != nil {
					return false, err
				}
			}
		default:
			p.pos = i
			return false, p.errorf("control character in a string")
		}
	}
}

// stringStopIndex returns the index of the first byte of src from i on
// that [stringStop] marks, or len(src), looking at eight bytes at a time.
// Each test below flags the first matching byte of a word exactly (a
// borrow only runs from a flagged byte to the ones after it).
func stringStopIndex(src []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		q, b := x^('"'*ones), x^('\\'*ones)
		if m := ((q-ones)&^q | (b-ones)&^b | (x-0x20*ones)&^x) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(src); i++ {
		if stringStop[src[i]] {
			return i
		}
	}
	return i
}

// escape checks the escape at src[i] (a backslash) and returns the index
// after it.
func (p *parser) escape(i int) (int, error) {
	src := p.src
	if i+1 >= len(src) {
		p.pos = i
		return 0, p.errorf("unterminated string")
	}
	switch src[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, nil
	case 'u':
		if i+6 > len(src) || !hexDigit[src[i+2]] || !hexDigit[src[i+3]] || !hexDigit[src[i+4]] || !hexDigit[src[i+5]] {
			p.pos = i
			return 0, p.errorf("invalid \\u escape")
		}
		return i + 6, nil
	}
	p.pos = i
	return 0, p.errorf("invalid escape \\%c", src[i+1])
}

// hexDigit marks the hexadecimal digits.
var hexDigit = func() (t [256]bool) {
	for _, c := range []byte("0123456789abcdefABCDEF") {
		t[c] = true
	}
	return t
}()

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipNumber checks the number at p.pos and moves past it.
func (p *parser) skipNumber() error {
	src, i := p.src, p.pos
	if src[i] == '-' {
		i++
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
	case i < len(src) && '1' <= src[i] && src[i] <= '9':
		for i++; i < len(src) && isDigit(src[i]); i++ {
		}
	default:
		return p.errorf("invalid number")
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || !isDigit(src[i]) {
			return p.errorf("invalid number")
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= len(src) || !isDigit(src[i]) {
			return p.errorf("invalid number")
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	p.pos = i
	return nil
}

func (p *parser) skipLiteral(lit string) error {
	if len(p.src)-p.pos < len(lit) || string(p.src[p.pos:p.pos+len(lit)]) != lit {
		return p.errorf("invalid literal")
	}
	p.pos += len(lit)
	return nil
}

// stringIs reports whether the checked string token tok (quotes included)
// decodes to s.
func stringIs(tok []byte, escaped bool, s string) bool {
	if !escaped {
		return string(tok[1:len(tok)-1]) == s
	}
	d, err := decodeString(tok)
	return err == nil && d == s
}

// decodeString decodes a checked string token as encoding/json does.
func decodeString(tok []byte) (string, error) {
	if bytes.IndexByte(tok, '\\') < 0 {
		return string(tok[1 : len(tok)-1]), nil
	}
	var s string
	err := json.Unmarshal(tok, &s)
	return s, err
}

// stringOrNull decodes a checked value that must be a string; null is "".
func stringOrNull(v []byte) (string, error) {
	switch v[0] {
	case '"':
		return decodeString(v)
	case 'n':
		return "", nil
	}
	return "", fmt.Errorf("%s is not a string", v)
}

// parseAnnotations decodes the first annotation of the checked value of
// "annotations" (nil when the line has none) into the row of example id.
func parseAnnotations(id string, v []byte) (answerRow, error) {
	if v == nil || v[0] == 'n' {
		return answerRow{}, errors.New("no annotation")
	}
	if v[0] != '[' {
		return answerRow{}, fmt.Errorf("annotations: %.40s is not a list", v)
	}
	// m holds the first annotation's members; every annotation must be an
	// object or null.
	var m [3][]byte
	first := byte(0)
	for p, k := (&parser{src: v}), 0; p.elementStart(); k++ {
		c := p.src[p.pos]
		if c != '{' && c != 'n' {
			return answerRow{}, fmt.Errorf("annotations: %.40s is not an object", p.src[p.pos:])
		}
		var err error
		if k == 0 && c == '{' {
			err = p.members(1, annotationKeys, m[:])
		} else {
			err = p.skipValue(1)
		}
		if err != nil {
			return answerRow{}, err
		}
		if k == 0 {
			first = c
		}
	}
	switch first {
	case 0:
		return answerRow{}, errors.New("no annotation")
	case 'n':
		return answerRow{}, errors.New(`annotation without "yes_no_answer"`)
	}
	for i, k := range annotationKeys {
		if m[i] == nil {
			return answerRow{}, fmt.Errorf("annotation without %q", k)
		}
	}
	a := answerRow{id: id}
	var err error
	if a.yesNo, err = yesNoOf(m[0]); err != nil {
		return answerRow{}, fmt.Errorf("yes_no_answer: %w", err)
	}
	// The spans are written into one buffer, the long one first.
	var buf [64]byte
	spans := buf[:0]
	start, end, err := (&parser{src: m[1]}).span()
	if err != nil {
		return answerRow{}, fmt.Errorf("long_answer: %w", err)
	}
	if string(start) != "-1" {
		spans = append(append(append(spans, start...), ':'), end...)
	}
	longLen := len(spans)
	switch m[2][0] {
	case 'n':
	case '[':
		for p, k := (&parser{src: m[2]}), 0; p.elementStart(); k++ {
			start, end, err := p.span()
			if err != nil {
				return answerRow{}, fmt.Errorf("short_answers: %w", err)
			}
			if k > 0 {
				spans = append(spans, ' ')
			}
			spans = append(append(append(spans, start...), ':'), end...)
		}
	default:
		return answerRow{}, fmt.Errorf("short_answers: %.40s is not a list", m[2])
	}
	if len(spans) > 0 {
		s := string(spans)
		a.long, a.short = s[:longLen], s[longLen:]
	}
	return a, nil
}

// The members decoded of a line, of its first annotation and of an answer.
var (
	topKeys        = []string{"example_id", "annotations"}
	annotationKeys = []string{"yes_no_answer", "long_answer", "short_answers"}
	spanKeys       = []string{"start_token", "end_token"}
)

// yesNoOf decodes yes_no_answer, without copying the usual values.
func yesNoOf(v []byte) (string, error) {
	switch string(v) {
	case `"NONE"`:
		return "NONE", nil
	case `"YES"`:
		return "YES", nil
	case `"NO"`:
		return "NO", nil
	}
	return stringOrNull(v)
}

// span returns the start_token and end_token of the checked answer object
// at p.pos as canonical decimals (int64; "-0" as "0") and moves past it.
func (p *parser) span() (start, end []byte, err error) {
	switch p.src[p.pos] {
	case '{':
	case 'n':
		return nil, nil, errors.New(`no "start_token"`)
	default:
		return nil, nil, fmt.Errorf("%.40s is not an object", p.src[p.pos:])
	}
	var m [2][]byte
	if err := p.members(1, spanKeys, m[:]); err != nil {
		return nil, nil, err
	}
	for i, k := range spanKeys {
		if m[i] == nil {
			return nil, nil, fmt.Errorf("no %q", k)
		}
		// A JSON integer is canonical but for "-0"; ParseInt refuses
		// fractions, exponents and values beyond int64.
		if _, err := strconv.ParseInt(string(m[i]), 10, 64); err != nil {
			return nil, nil, fmt.Errorf("%s %s is not an integer", k, m[i])
		}
		if string(m[i]) == "-0" {
			m[i] = m[i][1:]
		}
	}
	return m[0], m[1], nil
}
