package table

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// Writing reproduces pandas DataFrame.to_csv(index=False) byte for byte,
// i.e. Python's csv writer fed with pandas' native values:
//
//   - "\n" after every row, header first (unless NoHeader), fields joined by
//     the separator.
//   - int64 as decimal digits; float64 as Python repr ([pyfloat.Repr]: "0.5",
//     "1.0", "1e-05", "inf") or with FloatFormat; NaN and other missing cells
//     as NaRep (default ""); booleans as True/False; strings verbatim
//     (Column.Text, so pandas' NA-parsed text comes back as NaRep).
//   - QuoteMinimal (csv.QUOTE_MINIMAL, the default): a field is quoted when it
//     contains the separator, '"', '\n' or '\r', with inner quotes doubled.
//     Quoting on '\r' is CPython >= 3.11.9 / 3.12.3 behaviour (gh-67044), the
//     release line the spec follows; LegacyCR gives the older rule. A row made
//     of one empty field is written as "" so that it is not a blank line.
//   - QuoteNonNumeric: every field is quoted except numbers (ints, floats
//     written without FloatFormat, booleans); the header and missing cells
//     (NaRep) are quoted. QuoteAll quotes everything.

// Quoting is the csv module quoting mode.
type Quoting uint8

const (
	QuoteMinimal    Quoting = iota // csv.QUOTE_MINIMAL (pandas default)
	QuoteAll                       // csv.QUOTE_ALL
	QuoteNonNumeric                // csv.QUOTE_NONNUMERIC
)

// WriteOptions selects to_csv options. The zero value is
// to_csv(path, index=False).
type WriteOptions struct {
	// Sep is the field separator; 0 means ','. It must not be '"', '\r' or '\n'.
	Sep byte
	// NaRep is written for missing cells (na_rep=).
	NaRep string
	// FloatFormat is a Python %-format applied to non-missing float64 cells
	// (float_format=), e.g. "%.10f", "%.10g", "%.6e". Supported conversions:
	// f F e E g G and r/s (repr), with flags -+ 0# and a width.
	FloatFormat string
	// Quoting selects the quoting mode.
	Quoting Quoting
	// Index, if set, is written as a leading column (pandas index=True); its
	// Name is the header label ("" for an unnamed index). Its length must
	// equal the table's.
	Index *Column
	// NoHeader omits the header row (header=False).
	NoHeader bool
	// LegacyCR follows CPython < 3.11.9: a lone '\r' does not force quoting.
	LegacyCR bool
	// Workers bounds the goroutines formatting rows; 0 means GOMAXPROCS.
	Workers int
}

// WriteFile writes t to path as [Table.WriteCSV] does, through a temporary
// file in the same directory that is renamed over path once complete.
func WriteFile(path string, t *Table, opt WriteOptions) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("writing csv %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = t.WriteCSV(f, opt); err != nil {
		return fmt.Errorf("writing csv %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("writing csv %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("writing csv %s: %w", path, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing csv %s: %w", path, err)
	}
	return nil
}

type csvWriter struct {
	opt     WriteOptions
	cols    []*Column // index first, if any
	ffmt    *pyFormat
	single  bool // one field per row
	special [256]bool
	sepRisk bool // the separator can occur in a number's text
}

// WriteCSV writes t to w as pandas to_csv does (see WriteOptions).
func (t *Table) WriteCSV(w io.Writer, opt WriteOptions) error {
	if opt.Sep == 0 {
		opt.Sep = ','
	}
	if opt.Sep == '"' || opt.Sep == '\n' || opt.Sep == '\r' {
		return fmt.Errorf("csv: invalid separator %q", opt.Sep)
	}
	cw := &csvWriter{opt: opt}
	if opt.FloatFormat != "" {
		f, err := parsePyFormat(opt.FloatFormat)
		if err != nil {
			return err
		}
		cw.ffmt = f
	}
	if opt.Index != nil {
		if opt.Index.Len() != t.rows {
			return fmt.Errorf("csv: index has %d rows, table has %d", opt.Index.Len(), t.rows)
		}
		cw.cols = append(cw.cols, opt.Index)
	}
	cw.cols = append(cw.cols, t.cols...)
	for _, c := range cw.cols {
		if err := checkColumn(c, t.rows); err != nil {
			return err
		}
	}
	cw.single = len(cw.cols) == 1
	cw.special[opt.Sep] = true
	cw.special['"'] = true
	cw.special['\n'] = true
	if !opt.LegacyCR {
		cw.special['\r'] = true
	}
	s := opt.Sep
	cw.sepRisk = s >= '0' && s <= '9' || s >= 'a' && s <= 'z' || s >= 'A' && s <= 'Z' || s == '.' || s == '+' || s == '-'

	var buf []byte
	if !opt.NoHeader {
		for j, c := range cw.cols {
			if j > 0 {
				buf = append(buf, opt.Sep)
			}
			buf = cw.appendText(buf, c.Name)
		}
		buf = append(buf, '\n')
	}
	if _, err := w.Write(buf); err != nil {
		return err
	}
	rows := t.rows
	if rows == 0 {
		return nil
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	const chunk = 16384
	nchunks := (rows + chunk - 1) / chunk
	window := 2 * workers
	bufs := make([][]byte, min(window, nchunks))
	for first := 0; first < nchunks; first += window {
		k := min(window, nchunks-first)
		parallel(k, workers, func(j int) {
			lo := (first + j) * chunk
			hi := min(lo+chunk, rows)
			bufs[j] = cw.appendRows(bufs[j][:0], lo, hi)
		})
		for j := 0; j < k; j++ {
			if _, err := w.Write(bufs[j]); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkColumn(c *Column, rows int) error {
	if c.Len() != rows {
		return fmt.Errorf("csv: column %q has %d rows, want %d", c.Name, c.Len(), rows)
	}
	bad := func(what string) error {
		return fmt.Errorf("csv: column %q (%v): %s does not match its %d rows", c.Name, c.Kind, what, rows)
	}
	if c.Null != nil && len(c.Null) != rows {
		return bad("Null")
	}
	switch c.Kind {
	case Int64, Float64, Bool, BoolObject:
	case String:
		if len(c.Text) != rows && (c.Mixed == nil || c.Text != nil) {
			return bad("Text")
		}
		if c.Mixed != nil {
			if len(c.Mixed) != rows {
				return bad("Mixed")
			}
			for i, k := range c.Mixed {
				switch {
				case k == Int64 && len(c.Ints) != rows:
					return bad("Ints")
				case k == Float64 && len(c.Floats) != rows:
					return bad("Floats")
				case k == Bool && len(c.Bools) != rows:
					return bad("Bools")
				case k == String && c.Text == nil && (c.Null == nil || !c.Null[i]):
					return bad("Text")
				}
			}
		}
	default:
		return fmt.Errorf("csv: column %q has unknown kind %v", c.Name, c.Kind)
	}
	return nil
}

func (cw *csvWriter) appendRows(dst []byte, lo, hi int) []byte {
	sep := cw.opt.Sep
	for i := lo; i < hi; i++ {
		for j, c := range cw.cols {
			if j > 0 {
				dst = append(dst, sep)
			}
			dst = cw.appendCell(dst, c, i)
		}
		dst = append(dst, '\n')
	}
	return dst
}

// appendCell appends cell i of c, quoted as needed.
func (cw *csvWriter) appendCell(dst []byte, c *Column, i int) []byte {
	switch c.Kind {
	case Int64:
		return cw.appendNum(dst, func(b []byte) []byte { return strconv.AppendInt(b, c.Ints[i], 10) })
	case Float64:
		x := c.Floats[i]
		if math.IsNaN(x) {
			return cw.appendText(dst, cw.opt.NaRep)
		}
		if cw.ffmt != nil {
			var tmp [64]byte
			return cw.appendText(dst, string(cw.ffmt.append(tmp[:0], x)))
		}
		return cw.appendNum(dst, func(b []byte) []byte { return appendRepr(b, x) })
	case Bool:
		return cw.appendNum(dst, func(b []byte) []byte { return appendBool(b, c.Bools[i]) })
	case BoolObject:
		if c.IsNull(i) {
			return cw.appendText(dst, cw.opt.NaRep)
		}
		return cw.appendNum(dst, func(b []byte) []byte { return appendBool(b, c.Bools[i]) })
	}
	if c.Null != nil && c.Null[i] {
		return cw.appendText(dst, cw.opt.NaRep)
	}
	if c.Mixed != nil {
		switch c.Mixed[i] {
		case Int64:
			return cw.appendNum(dst, func(b []byte) []byte { return strconv.AppendInt(b, c.Ints[i], 10) })
		case Float64:
			return cw.appendNum(dst, func(b []byte) []byte { return appendRepr(b, c.Floats[i]) })
		case Bool:
			return cw.appendNum(dst, func(b []byte) []byte { return appendBool(b, c.Bools[i]) })
		}
	}
	return cw.appendText(dst, c.Text[i])
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "True"...)
	}
	return append(b, "False"...)
}

// appendNum appends a number written by f: unquoted except with QuoteAll (or
// under QuoteMinimal if the separator occurs in it).
func (cw *csvWriter) appendNum(dst []byte, f func([]byte) []byte) []byte {
	if cw.opt.Quoting == QuoteAll {
		dst = append(dst, '"')
		dst = f(dst)
		return append(dst, '"')
	}
	if cw.sepRisk && cw.opt.Quoting == QuoteMinimal {
		var tmp [64]byte
		return cw.appendText(dst, string(f(tmp[:0])))
	}
	return f(dst)
}

// appendText appends a non-numeric field.
func (cw *csvWriter) appendText(dst []byte, s string) []byte {
	quote := cw.opt.Quoting != QuoteMinimal || (s == "" && cw.single)
	if !quote {
		for k := 0; k < len(s); k++ {
			if cw.special[s[k]] {
				quote = true
				break
			}
		}
	}
	if !quote {
		return append(dst, s...)
	}
	return appendQuoted(dst, s)
}

// appendQuoted appends s in double quotes, inner quotes doubled.
func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for {
		k := strings.IndexByte(s, '"')
		if k < 0 {
			break
		}
		dst = append(dst, s[:k+1]...)
		dst = append(dst, '"')
		s = s[k+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

// AppendField appends s as Python's csv writer writes a string field with
// the defaults to_csv uses (QUOTE_MINIMAL, comma separator): quoted, inner
// quotes doubled, when it holds a comma, a quote, CR or LF; as is otherwise.
// It is the quoting of [Table.WriteCSV], for callers that write CSV rows
// themselves.
func AppendField(dst []byte, s string) []byte {
	if strings.ContainsAny(s, ",\"\n\r") {
		return appendQuoted(dst, s)
	}
	return append(dst, s...)
}

// appendRepr appends Python's repr of x.
func appendRepr(dst []byte, x float64) []byte { return pyfloat.AppendRepr(dst, x) }

// pyFormat is a parsed Python %-format for one float.
type pyFormat struct {
	prefix, suffix string
	minus, plus    bool
	space, zero    bool
	alt            bool
	width          int
	prec           int // -1: default
	conv           byte
}

func parsePyFormat(f string) (*pyFormat, error) {
	bad := func() (*pyFormat, error) {
		return nil, fmt.Errorf("csv: unsupported float_format %q (want one Python %%-conversion of f, F, e, E, g, G, r or s)", f)
	}
	p := &pyFormat{prec: -1}
	i := strings.IndexByte(f, '%')
	for i >= 0 && i+1 < len(f) && f[i+1] == '%' {
		j := strings.IndexByte(f[i+2:], '%')
		if j < 0 {
			i = -1
			break
		}
		i += 2 + j
	}
	if i < 0 {
		return bad()
	}
	p.prefix = strings.ReplaceAll(f[:i], "%%", "%")
	i++
	for ; i < len(f); i++ {
		switch f[i] {
		case '-':
			p.minus = true
		case '+':
			p.plus = true
		case ' ':
			p.space = true
		case '0':
			p.zero = true
		case '#':
			p.alt = true
		default:
			goto width
		}
	}
width:
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		p.width = p.width*10 + int(f[i]-'0')
		i++
		if p.width > 1000 {
			return bad()
		}
	}
	if i < len(f) && f[i] == '.' {
		i++
		p.prec = 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			p.prec = p.prec*10 + int(f[i]-'0')
			i++
			if p.prec > 1000 {
				return bad()
			}
		}
	}
	if i >= len(f) {
		return bad()
	}
	switch f[i] {
	case 'f', 'F', 'e', 'E', 'g', 'G', 'r', 's':
		p.conv = f[i]
	default:
		return bad()
	}
	rest := f[i+1:]
	if strings.Contains(strings.ReplaceAll(rest, "%%", ""), "%") {
		return bad()
	}
	p.suffix = strings.ReplaceAll(rest, "%%", "%")
	return p, nil
}

// append formats x as Python's `fmt % x` does.
func (p *pyFormat) append(dst []byte, x float64) []byte {
	dst = append(dst, p.prefix...)
	var body []byte
	var tmp [48]byte
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	finite := !math.IsInf(x, 0) && !math.IsNaN(x)
	upper := p.conv == 'F' || p.conv == 'E' || p.conv == 'G'
	switch {
	case p.conv == 'r' || p.conv == 's':
		body = appendRepr(tmp[:0], ax)
		if math.IsNaN(x) {
			body = append(tmp[:0], "nan"...)
		}
	case !finite:
		if math.IsNaN(x) {
			body = append(tmp[:0], "nan"...)
		} else {
			body = append(tmp[:0], "inf"...)
		}
		if upper {
			for k := range body {
				body[k] -= 'a' - 'A'
			}
		}
	default:
		prec := p.prec
		if prec < 0 {
			prec = 6
		}
		switch p.conv {
		case 'f', 'F':
			body = strconv.AppendFloat(tmp[:0], ax, 'f', prec, 64)
			if p.alt && prec == 0 {
				body = append(body, '.')
			}
		case 'e', 'E':
			body = strconv.AppendFloat(tmp[:0], ax, 'e', prec, 64)
			if p.alt && prec == 0 {
				k := strings.IndexByte(string(body), 'e')
				body = append(body[:k], append([]byte{'.'}, body[k:]...)...)
			}
		case 'g', 'G':
			body = appendPyG(tmp[:0], ax, prec, p.alt)
		}
		if upper {
			for k, c := range body {
				if c == 'e' {
					body[k] = 'E'
				}
			}
		}
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case p.plus:
		sign = "+"
	case p.space:
		sign = " "
	}
	pad := p.width - len(sign) - len(body)
	switch {
	case pad <= 0:
		dst = append(dst, sign...)
		dst = append(dst, body...)
	case p.minus:
		dst = append(dst, sign...)
		dst = append(dst, body...)
		dst = append(dst, strings.Repeat(" ", pad)...)
	case p.zero:
		dst = append(dst, sign...)
		dst = append(dst, strings.Repeat("0", pad)...)
		dst = append(dst, body...)
	default:
		dst = append(dst, strings.Repeat(" ", pad)...)
		dst = append(dst, sign...)
		dst = append(dst, body...)
	}
	return append(dst, p.suffix...)
}

// appendPyG is Python's '%.<prec>g' for a finite x >= 0.
func appendPyG(dst []byte, x float64, prec int, alt bool) []byte {
	if prec == 0 {
		prec = 1
	}
	var tmp [48]byte
	e := strconv.AppendFloat(tmp[:0], x, 'e', prec-1, 64)
	p := strings.IndexByte(string(e), 'e')
	exp, _ := strconv.Atoi(string(e[p+1:]))
	var body []byte
	if exp >= -4 && exp < prec {
		body = strconv.AppendFloat(dst, x, 'f', prec-1-exp, 64)
		if !alt {
			body = trimFracZeros(body, len(dst))
		} else if !strings.Contains(string(body[len(dst):]), ".") {
			body = append(body, '.')
		}
		return body
	}
	mant := e[:p]
	if !alt {
		mant = trimFracZeros(mant, 0)
	} else if !strings.Contains(string(mant), ".") {
		mant = append(mant, '.')
	}
	dst = append(dst, mant...)
	return append(dst, e[p:]...)
}

// trimFracZeros drops trailing zeros (and a then-trailing '.') of the
// fraction of b[from:].
func trimFracZeros(b []byte, from int) []byte {
	if !strings.Contains(string(b[from:]), ".") {
		return b
	}
	for len(b) > from && b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if len(b) > from && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b
}
