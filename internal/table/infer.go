package table

import (
	"fmt"
	"math"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// IsNA reports whether s is one of pandas 2.2's default NA strings
// (pandas._libs.parsers.STR_NA_VALUES), which read_csv turns into NaN: "",
// "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
// "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null".
// The match is exact: no trimming, case-sensitive.
func IsNA(s string) bool {
	if len(s) > 8 {
		return false
	}
	if len(s) == 0 {
		return true
	}
	switch s[0] {
	case '#', '<', 'N', 'n':
	case '-', '1':
		if len(s) < 4 || (s[1] != '1' && s[1] != '.' && s[1] != 'N' && s[1] != 'n') {
			return false
		}
	default:
		return false
	}
	switch s {
	case "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan",
		"1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a",
		"nan", "null":
		return true
	}
	return false
}

// isSpaceASCII is pandas' isspace_ascii.
func isSpaceASCII(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

type numStatus uint8

const (
	numOK numStatus = iota
	numInvalid
	numOverflow
)

// parseInt64 is pandas' str_to_int64: optional surrounding ASCII whitespace,
// an optional sign and decimal digits. Overflow is reported as soon as the
// digits exceed the int64 range, before any trailing junk is seen.
func parseInt64(s string) (int64, numStatus) {
	i, n := 0, len(s)
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	neg := false
	if i < n && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	if i >= n || s[i] < '0' || s[i] > '9' {
		return 0, numInvalid
	}
	var u uint64
	const limPos = uint64(math.MaxInt64)
	lim := limPos
	if neg {
		lim = limPos + 1
	}
	for i < n && s[i] >= '0' && s[i] <= '9' {
		d := uint64(s[i] - '0')
		if u > (lim-d)/10 {
			return 0, numOverflow
		}
		u = u*10 + d
		i++
	}
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	if i != n {
		return 0, numInvalid
	}
	if neg {
		return int64(-u), numOK // -(1<<63) wraps correctly
	}
	return int64(u), numOK
}

// parseUint64 is pandas' str_to_uint64: a leading '-' only records that a
// signed value was seen (and returns 0 without error).
func parseUint64(s string) (v uint64, st numStatus, sint bool) {
	i, n := 0, len(s)
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	if i < n && s[i] == '-' {
		return 0, numOK, true
	}
	if i < n && s[i] == '+' {
		i++
	}
	if i >= n || s[i] < '0' || s[i] > '9' {
		return 0, numInvalid, false
	}
	for i < n && s[i] >= '0' && s[i] <= '9' {
		d := uint64(s[i] - '0')
		if v > (math.MaxUint64-d)/10 {
			return 0, numOverflow, false
		}
		v = v*10 + d
		i++
	}
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	if i != n {
		return 0, numInvalid, false
	}
	return v, numOK, false
}

// ParseFloat parses s as pandas.read_csv(float_precision="round_trip") does
// for a float64 column. Accepted: optional leading and trailing ASCII
// whitespace around [+-]digits[.digits][(e|E)[+-]digits] with at least one
// mantissa digit, parsed correctly rounded (like Python's float()); and,
// compared case-insensitively on the whole untrimmed text, "inf", "+inf",
// "infinity", "+infinity" (+Inf), "-inf", "-infinity" (-Inf). "nan" is not
// accepted (it is an NA string instead). A decimal that overflows to +Inf is
// rejected while one that overflows to -Inf gives -Inf: pandas' round_trip
// converter only flags +HUGE_VAL as an error.
func ParseFloat(s string) (float64, bool) {
	v, ok := scanDecimal(s)
	if !ok || math.IsInf(v, 1) {
		return parseInfWord(s)
	}
	return v, true
}

// scanDecimal parses [ws][+-]digits[.digits][(e|E)[+-]digits][ws] (at
// least one mantissa digit), correctly rounded; overflow gives ±Inf.
func scanDecimal(s string) (float64, bool) {
	i, n := 0, len(s)
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	st := i
	neg := false
	if i < n && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var man uint64
	nd, dp, digits := 0, 0, 0
	trunc := false
	for ; i < n; i++ {
		c := s[i] - '0'
		if c > 9 {
			break
		}
		digits++
		if man == 0 && c == 0 {
			continue
		}
		if nd < 19 {
			man = man*10 + uint64(c)
			nd++
		} else {
			dp++
			trunc = trunc || c != 0
		}
	}
	if i < n && s[i] == '.' {
		for i++; i < n; i++ {
			c := s[i] - '0'
			if c > 9 {
				break
			}
			digits++
			switch {
			case man == 0 && c == 0:
				dp--
			case nd < 19:
				man = man*10 + uint64(c)
				nd++
				dp--
			default:
				trunc = trunc || c != 0
			}
		}
	}
	if digits == 0 {
		return 0, false
	}
	exp := 0
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < n && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		ed := 0
		for ; i < n; i++ {
			c := s[i] - '0'
			if c > 9 {
				break
			}
			ed++
			if exp < 100000 {
				exp = exp*10 + int(c)
			}
		}
		if ed == 0 {
			return 0, false
		}
		if eneg {
			exp = -exp
		}
	}
	end := i
	for i < n && isSpaceASCII(s[i]) {
		i++
	}
	if i != n {
		return 0, false
	}
	if man == 0 {
		if neg {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	if !trunc {
		e := exp + dp
		if man <= 1<<53 {
			switch {
			case e == 0:
				return sign(float64(man), neg), true
			case e > 0 && e <= 22:
				return sign(float64(man)*exactPow10[e], neg), true
			case e < 0 && e >= -22:
				return sign(float64(man)/exactPow10[-e], neg), true
			}
		}
		if f, ok := eiselLemire(man, e, neg); ok {
			return f, true
		}
	}
	f, _ := strconv.ParseFloat(s[st:end], 64)
	return f, true
}

func parseInfWord(s string) (float64, bool) {
	switch len(s) {
	case 3, 4, 8, 9:
	default:
		return 0, false
	}
	var buf [9]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	switch string(buf[:len(s)]) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	}
	return 0, false
}

// OnlyText reports whether s, a cell of a column read with the default NA
// strings, makes the general path's conversion of its low_memory block end
// in the object pass: s is not an NA string and neither the int64 (nor, on
// overflow, the uint64), the float64 nor the bool pass of [convertBlock]
// accepts it. A block holding such a cell and no integer beyond int64
// ([OverflowsInt64]) keeps every cell as its text, an NA string being
// missing. (With such an integer first, a signed cell such as "-x" makes
// the uint64 pass fail as pandas' uint64 conflict, whose object block
// keeps NA strings as text.) An integer beyond int64 is never OnlyText.
func OnlyText(s string) bool {
	if IsNA(s) {
		return false
	}
	if _, st := parseInt64(s); st != numInvalid {
		return false
	}
	if _, ok := ParseFloat(s); ok {
		return false
	}
	if _, ok := parseBool(s); ok {
		return false
	}
	return true
}

// OverflowsInt64 reports whether s is an integer as pandas' int64 parse
// reads one (optional blanks and sign) whose value is beyond int64: a cell
// that sends its block to the uint64 pass.
func OverflowsInt64(s string) bool {
	_, st := parseInt64(s)
	return st == numOverflow
}

// parseBool is pandas' to_boolean: "true" or "false", ASCII case-insensitive,
// nothing else (no whitespace).
func parseBool(s string) (v, ok bool) {
	switch len(s) {
	case 4:
		if (s[0]|0x20) == 't' && (s[1]|0x20) == 'r' && (s[2]|0x20) == 'u' && (s[3]|0x20) == 'e' {
			return true, true
		}
	case 5:
		if (s[0]|0x20) == 'f' && (s[1]|0x20) == 'a' && (s[2]|0x20) == 'l' && (s[3]|0x20) == 's' && (s[4]|0x20) == 'e' {
			return false, true
		}
	}
	return false, false
}

// blockKind is the dtype pandas' C parser gives one column of one parsing
// block.
type blockKind uint8

const (
	bkInt     blockKind = iota // int64
	bkFloat                    // float64 (also uint64, see Read)
	bkBool                     // bool
	bkBoolObj                  // object: Python bools and NaN
	bkStr                      // object: str and NaN
)

// cellTexts is the text of a column's cells: the strings text or, when
// packed, the bytes of buf with cell i ending at ends[i] and starting where
// cell i-1 ends (at 0 for cell 0). Packed cells hold no pointers, so the
// garbage collector does not scan them, and a column's cells are read in
// order from one sequence of bytes.
type cellTexts struct {
	packed bool
	text   []string
	buf    []byte
	ends   []int
}

// len returns the number of cells.
func (t *cellTexts) len() int {
	if t.packed {
		return len(t.ends)
	}
	return len(t.text)
}

// at returns cell i's text; a packed cell's text aliases buf.
func (t *cellTexts) at(i int) string {
	if !t.packed {
		return t.text[i]
	}
	s, e := 0, t.ends[i]
	if i > 0 {
		s = t.ends[i-1]
	}
	if s == e {
		return ""
	}
	return unsafe.String(&t.buf[s], e-s)
}

// strings returns the cells' texts (aliasing buf when packed).
func (t *cellTexts) strings() []string {
	if !t.packed {
		return t.text
	}
	out := make([]string, len(t.ends))
	for i := range out {
		out[i] = t.at(i)
	}
	return out
}

// colData is the typed storage of one column being converted. Blocks write
// disjoint ranges; slices are allocated on first use under mu.
type colData struct {
	text   cellTexts // the cells' text
	na     bool      // NA filtering on
	forced Kind      // user dtype (valid when hasForced)
	hasF   bool
	name   string
	pos    int // 0-based field position, for messages

	utf8OK bool // every cell is valid UTF-8 (the whole input was checked)

	mu     sync.Mutex
	ints   []int64
	floats []float64
	bools  []bool
	null   []bool
}

// lazySlice returns *p, allocating it with n elements on first use; the
// blocks of one column, converted concurrently, share it.
func lazySlice[T any](mu *sync.Mutex, p *[]T, n int) []T {
	mu.Lock()
	defer mu.Unlock()
	if *p == nil {
		*p = make([]T, n)
	}
	return *p
}

func (c *colData) getInts() []int64     { return lazySlice(&c.mu, &c.ints, c.text.len()) }
func (c *colData) getFloats() []float64 { return lazySlice(&c.mu, &c.floats, c.text.len()) }
func (c *colData) getBools() []bool     { return lazySlice(&c.mu, &c.bools, c.text.len()) }
func (c *colData) getNull() []bool      { return lazySlice(&c.mu, &c.null, c.text.len()) }

// blockOut is the result of converting one block.
type blockOut struct {
	kind  blockKind
	nulls int // number of NA cells (kept only where the block kind allows NA)
	err   error
}

// convertBlock infers and converts the cells [lo, hi) of c, following the
// order of pandas' TextReader._convert_tokens: int64 (uint64 on overflow),
// float64, bool, object.
func convertBlock(c *colData, lo, hi int) blockOut {
	if c.hasF {
		return convertForced(c, lo, hi)
	}
	text := &c.text
	na := c.na

	// int64 pass (pandas _try_int64): NA cells allowed, upcast to float64
	// afterwards.
	{
		var ints []int64
		var null []bool
		nulls := 0
		ok := true
		for i := lo; i < hi; i++ {
			s := text.at(i)
			if na && IsNA(s) {
				if null == nil {
					null = c.getNull()
				}
				null[i] = true
				nulls++
				continue
			}
			v, st := parseInt64(s)
			if st == numOverflow {
				return convertUint(c, lo, hi)
			}
			if st != numOK {
				ok = false
				break
			}
			if ints == nil {
				ints = c.getInts()
			}
			ints[i] = v
		}
		if ok {
			if nulls == 0 {
				return blockOut{kind: bkInt}
			}
			fl := c.getFloats()
			for i := lo; i < hi; i++ {
				if null[i] {
					fl[i] = math.NaN()
				} else {
					fl[i] = float64(ints[i])
				}
			}
			return blockOut{kind: bkFloat, nulls: nulls}
		}
	}
	return convertFloat(c, lo, hi)
}

// convertUint is pandas' _try_uint64 path, entered when an int64 parse
// overflowed.
func convertUint(c *colData, lo, hi int) blockOut {
	text := &c.text
	var seenSint, seenUint, seenNull bool
	fl := c.getFloats()
	for i := lo; i < hi; i++ {
		s := text.at(i)
		if c.na && IsNA(s) {
			seenNull = true
			continue
		}
		v, st, sint := parseUint64(s)
		switch st {
		case numOverflow:
			return convertObject(c, lo, hi, c.na) // OverflowError
		case numInvalid:
			return convertFloat(c, lo, hi)
		}
		if sint {
			seenSint = true
		}
		if v > math.MaxInt64 {
			seenUint = true
		}
		fl[i] = float64(v)
	}
	if seenUint && (seenSint || seenNull) {
		return convertObject(c, lo, hi, false) // ValueError: NA strings kept
	}
	if seenSint {
		return convertObject(c, lo, hi, c.na) // OverflowError
	}
	// A uint64 column; kept as float64 (see Read).
	return blockOut{kind: bkFloat}
}

func convertFloat(c *colData, lo, hi int) blockOut {
	text := &c.text
	var fl []float64
	var null []bool
	nulls := 0
	for i := lo; i < hi; i++ {
		s := text.at(i)
		if c.na && IsNA(s) {
			if null == nil {
				null = c.getNull()
			}
			if fl == nil {
				fl = c.getFloats()
			}
			null[i] = true
			fl[i] = math.NaN()
			nulls++
			continue
		}
		v, ok := ParseFloat(s)
		if !ok {
			return convertBool(c, lo, hi)
		}
		if fl == nil {
			fl = c.getFloats()
		}
		fl[i] = v
	}
	return blockOut{kind: bkFloat, nulls: nulls}
}

func convertBool(c *colData, lo, hi int) blockOut {
	text := &c.text
	var bl []bool
	var null []bool
	nulls := 0
	for i := lo; i < hi; i++ {
		s := text.at(i)
		if c.na && IsNA(s) {
			if null == nil {
				null = c.getNull()
			}
			null[i] = true
			nulls++
			continue
		}
		v, ok := parseBool(s)
		if !ok {
			return convertObject(c, lo, hi, c.na)
		}
		if bl == nil {
			bl = c.getBools()
		}
		bl[i] = v
	}
	if nulls > 0 {
		return blockOut{kind: bkBoolObj, nulls: nulls}
	}
	return blockOut{kind: bkBool}
}

func convertObject(c *colData, lo, hi int, na bool) blockOut {
	text := &c.text
	var null []bool
	if !na && c.null != nil {
		null = c.getNull()
		clear(null[lo:hi])
	}
	nulls := 0
	for i := lo; i < hi; i++ {
		s := text.at(i)
		if na && IsNA(s) {
			if null == nil {
				null = c.getNull()
			}
			null[i] = true
			nulls++
			continue
		}
		if !c.utf8OK && !validUTF8(s) {
			return blockOut{err: utf8Error(c, i, s)}
		}
	}
	return blockOut{kind: bkStr, nulls: nulls}
}

func validUTF8(s string) bool { return utf8.ValidString(s) }

func utf8Error(c *colData, row int, s string) error {
	off := 0
	for off < len(s) {
		r, size := utf8.DecodeRuneInString(s[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	b := byte(0)
	if off < len(s) {
		b = s[off]
	}
	return fmt.Errorf("%w: column %q, data row %d: 'utf-8' codec can't decode byte 0x%02x", ErrEncoding, c.name, row+1, b)
}

// convertForced converts with a user dtype (read_csv dtype=...).
func convertForced(c *colData, lo, hi int) blockOut {
	text := &c.text
	switch c.forced {
	case String:
		return convertObject(c, lo, hi, c.na)
	case Int64:
		ints := c.getInts()
		for i := lo; i < hi; i++ {
			s := text.at(i)
			if c.na && IsNA(s) {
				return blockOut{err: fmt.Errorf("%w: Integer column has NA values in column %d (%q, data row %d)", ErrDtype, c.pos, c.name, i+1)}
			}
			v, st := parseInt64(s)
			if st == numOK {
				ints[i] = v
				continue
			}
			// pandas falls back on inference and then casts: integral
			// floats and booleans convert, anything else fails.
			if f, ok := ParseFloat(s); ok {
				if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
					ints[i] = int64(f)
					continue
				}
				return blockOut{err: fmt.Errorf("%w: cannot safely convert passed user dtype of int64 for float64 dtyped data in column %d (%q, data row %d: %q)", ErrDtype, c.pos, c.name, i+1, s)}
			}
			if b, ok := parseBool(s); ok {
				if b {
					ints[i] = 1
				} else {
					ints[i] = 0
				}
				continue
			}
			return blockOut{err: fmt.Errorf("%w: column %q, data row %d: invalid literal for int() with base 10: %s", ErrDtype, c.name, i+1, pyQuote(s))}
		}
		return blockOut{kind: bkInt}
	case Float64:
		fl := c.getFloats()
		nulls := 0
		for i := lo; i < hi; i++ {
			s := text.at(i)
			if c.na && IsNA(s) {
				fl[i] = math.NaN()
				nulls++
				continue
			}
			if v, ok := ParseFloat(s); ok {
				fl[i] = v
				continue
			}
			if b, ok := parseBool(s); ok {
				if b {
					fl[i] = 1
				} else {
					fl[i] = 0
				}
				continue
			}
			return blockOut{err: fmt.Errorf("%w: column %q, data row %d: could not convert string to float: %s", ErrDtype, c.name, i+1, pyQuote(s))}
		}
		return blockOut{kind: bkFloat, nulls: nulls}
	}
	return blockOut{err: fmt.Errorf("%w: unsupported dtype %v for column %q", ErrDtype, c.forced, c.name)}
}

// pyQuote is a simplified Python repr of a str, for error messages.
func pyQuote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return "'" + s + "'"
}
