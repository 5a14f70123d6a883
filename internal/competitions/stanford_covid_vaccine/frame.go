package stanford_covid_vaccine

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyfloat"
)

// frame is a JSON Lines file as pandas read_json(lines=True) sees it: its
// non-blank lines (each re-decoded when needed, so that memory holds the
// file's bytes rather than millions of decoded list elements) and its
// columns with the dtype read_json ends up giving them.
type frame struct {
	path  string
	lines [][]byte
	cols  []*column
	byKey map[string]int
	// scalars holds each row's cells, one per column, with the elements
	// of lists left out (a list cell has kind jArray and no elements):
	// the scalar columns are read from here, lists from the line again.
	scalars [][]jvalue
}

// mode is how to_json writes a column's cells, which follows from the
// dtype read_json gave it.
type mode uint8

const (
	// asInt: an int64 column (JSON integers, or numbers that are all
	// integral, which read_json's dtype inference turns into int64).
	asInt mode = iota
	// asFloat: a float64 column (numbers with a fraction or a missing
	// cell; missing cells are NaN, written null).
	asFloat
	// asIs: a bool column, or an object column (str, list, and lists or
	// strings mixed with missing cells), written as decoded.
	asIs
)

// column is one column: its name, the counts of each value type over the
// rows (a missing key counts as null) and the resulting write mode.
type column struct {
	name     string
	counts   [jObject + 1]int
	integral bool // every number is finite, integral and in the int64 range
	numText  bool // every string is a number for Python's float()
	textInt  bool // ... and every such number is integral
	mode     mode
}

// readFrame reads a JSON Lines file: blank lines are skipped (pandas joins
// the stripped non-empty lines into one JSON list), every other line must
// hold one object, and columns are the keys in order of first appearance.
// With namesOnly the values' types are not resolved (the caller uses the
// column list only), so no combination of types is refused.
func readFrame(path string, namesOnly bool) (*frame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f := &frame{path: path, byKey: map[string]int{}}
	var rows [][]jmember
	for line := range bytes.SplitSeq(data, []byte{'\n'}) {
		if line = bytes.TrimSpace(line); len(line) > 0 {
			f.lines = append(f.lines, line)
		}
	}
	for i, line := range f.lines {
		members, err := decodeObjectShallow(line)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", f.path, i+1, err)
		}
		rows = append(rows, members)
		for _, m := range members {
			k, ok := f.byKey[m.key]
			if !ok {
				k = len(f.cols)
				f.byKey[m.key] = k
				// Rows before this one lack the key: missing (NaN).
				f.cols = append(f.cols, &column{name: m.key, integral: true, numText: true, textInt: true})
				f.cols[k].counts[jNull] = i
			}
			f.cols[k].add(m.val)
		}
		for _, c := range f.cols {
			if c.total() == i { // missing in this row
				c.counts[jNull]++
			}
		}
	}
	if namesOnly {
		return f, nil
	}
	for _, c := range f.cols {
		if err := c.resolve(len(f.lines)); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	f.scalars = make([][]jvalue, len(rows))
	for i, row := range rows {
		f.scalars[i] = make([]jvalue, len(f.cols))
		for _, m := range row {
			f.scalars[i][f.byKey[m.key]] = m.val
		}
	}
	return f, nil
}

// row decodes line i.
func (f *frame) row(i int) ([]jmember, error) {
	m, err := decodeObjectLine(f.lines[i])
	if err != nil {
		return nil, fmt.Errorf("%s: line %d: %w", f.path, i+1, err)
	}
	return m, nil
}

// scalarCells returns row i's cells without list elements.
func (f *frame) scalarCells(i int) []jvalue { return f.scalars[i] }

// cells decodes line i into one value per column (null for missing keys).
func (f *frame) cells(i int) ([]jvalue, error) {
	members, err := f.row(i)
	if err != nil {
		return nil, err
	}
	out := make([]jvalue, len(f.cols))
	for _, m := range members {
		out[f.byKey[m.key]] = m.val
	}
	return out, nil
}

func (f *frame) col(name string) (int, bool) {
	k, ok := f.byKey[name]
	return k, ok
}

func (f *frame) names() []string {
	out := make([]string, len(f.cols))
	for i, c := range f.cols {
		out[i] = c.name
	}
	return out
}

func (c *column) total() int {
	n := 0
	for _, k := range c.counts {
		n += k
	}
	return n
}

func (c *column) add(v jvalue) {
	c.counts[v.kind]++
	switch v.kind {
	case jFloat:
		if !integralInt64(v.f) {
			c.integral = false
		}
	case jString:
		x, ok := pandas.ParsePyFloat(v.s)
		if !ok {
			c.numText = false
		} else if !integralInt64(x) {
			c.textInt = false
		}
	}
}

// integralInt64 reports whether numpy's astype(int64) of x gives back x.
func integralInt64(x float64) bool {
	return !math.IsInf(x, 0) && x == math.Trunc(x) && x >= -(1<<63) && x < 1<<63
}

// resolve derives the dtype pandas gives the column: DataFrame's object
// inference on the decoded values, then read_json's _try_convert_data
// (object and float columns become float64 when astype(float64) works, and
// int64 when astype(int64) compares equal). Combinations the data never
// has, and whose pandas outcome this implementation does not reproduce, are
// refused with an error.
func (c *column) resolve(rows int) error {
	n := c.counts
	nulls := n[jNull]
	numbers := n[jInt] + n[jFloat]
	unsupported := func(what string) error {
		return fmt.Errorf("column %q mixes %s, which this implementation does not support", c.name, what)
	}
	switch {
	case n[jObject] > 0:
		return fmt.Errorf("column %q holds JSON objects, which this implementation does not support", c.name)
	case n[jBool] > 0:
		if n[jBool] != rows {
			return unsupported("booleans with other values")
		}
		c.mode = asIs
	case n[jString] > 0:
		if n[jString]+nulls != rows {
			return unsupported("strings with numbers or lists")
		}
		if c.numText {
			if nulls > 0 {
				return unsupported("numeric strings with missing values")
			}
			if c.textInt {
				c.mode = asInt
			} else {
				c.mode = asFloat
			}
			return nil
		}
		c.mode = asIs
	case n[jArray] > 0:
		if n[jArray]+nulls != rows {
			return unsupported("lists with other values")
		}
		c.mode = asIs
	case numbers > 0 && nulls == 0 && c.integral:
		c.mode = asInt
	default: // numbers and missing values, or only missing values
		c.mode = asFloat
	}
	return nil
}

// number returns cell v of column c as the float64 pandas holds (NaN for a
// missing cell); ok is false for a value that is not a number.
func (c *column) number(v jvalue) (float64, bool) {
	switch v.kind {
	case jNull:
		return math.NaN(), true
	case jInt:
		return float64(v.i), true
	case jFloat:
		return v.f, true
	case jBool:
		if v.b {
			return 1, true
		}
		return 0, true
	case jString:
		if c.mode != asIs {
			x, _ := pandas.ParsePyFloat(v.s)
			return x, true
		}
	}
	return 0, false
}

// appendCell appends cell v of column c as to_json writes it.
func (c *column) appendCell(dst []byte, v jvalue) []byte {
	switch c.mode {
	case asInt:
		if v.kind == jInt {
			return strconv.AppendInt(dst, v.i, 10)
		}
		x, _ := c.number(v)
		return strconv.AppendInt(dst, int64(x), 10)
	case asFloat:
		x, _ := c.number(v)
		return appendJSONFloat(dst, x)
	}
	return appendJSONValue(dst, v)
}

// str is Python's str() of cell v of column c (for ids in f-strings).
func (c *column) str(v jvalue) (string, error) {
	switch c.mode {
	case asInt:
		if v.kind == jInt {
			return strconv.FormatInt(v.i, 10), nil
		}
		x, _ := c.number(v)
		return strconv.FormatInt(int64(x), 10), nil
	case asFloat:
		x, _ := c.number(v)
		return pyfloat.Repr(x), nil
	}
	switch v.kind {
	case jString:
		return v.s, nil
	case jBool:
		if v.b {
			return "True", nil
		}
		return "False", nil
	case jNull:
		return "None", nil
	}
	return "", fmt.Errorf("column %q: a %s where a scalar is needed", c.name, v.kind)
}

// integer returns cell v of an int64 column.
func (c *column) integer(v jvalue) (int64, error) {
	if c.mode != asInt {
		return 0, fmt.Errorf("column %q is not an integer column (Python's range() needs an int)", c.name)
	}
	if v.kind == jInt {
		return v.i, nil
	}
	x, _ := c.number(v)
	return int64(x), nil
}

// encodeLists re-encodes the list cells of line i straight from its bytes
// (no decoded tree) into dst; spans[k] is where column k's list lies in the
// result (for a key given twice, the last value).
func (f *frame) encodeLists(dst []byte, i int, spans [][2]int) ([]byte, error) {
	d := &decoder{src: f.lines[i]}
	fail := func(err error) ([]byte, error) {
		return nil, fmt.Errorf("%s: line %d: %w", f.path, i+1, err)
	}
	d.skipSpace()
	if d.pos >= len(d.src) || d.src[d.pos] != '{' {
		return fail(d.errorf("expected an object"))
	}
	d.pos++
	for {
		d.skipSpace()
		if d.pos < len(d.src) && d.src[d.pos] == '}' {
			return dst, nil
		}
		if d.pos < len(d.src) && d.src[d.pos] == ',' {
			d.pos++
			d.skipSpace()
		}
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return fail(d.errorf("expected an object key"))
		}
		key, err := d.str()
		if err != nil {
			return fail(err)
		}
		d.skipSpace()
		if d.pos >= len(d.src) || d.src[d.pos] != ':' {
			return fail(d.errorf("expected ':'"))
		}
		d.pos++
		d.skipSpace()
		k := f.byKey[key]
		if d.pos < len(d.src) && d.src[d.pos] == '[' {
			start := len(dst)
			if dst, err = d.transcode(dst, 0); err != nil {
				return fail(err)
			}
			spans[k] = [2]int{start, len(dst)}
		} else if _, err := d.value(0); err != nil {
			return fail(err)
		}
	}
}

// transcode appends the re-encoding of the value at d.pos, as
// appendJSONValue would write its decoding, without building it.
func (d *decoder) transcode(dst []byte, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, d.errorf("nesting deeper than %d", maxDepth)
	}
	d.skipSpace()
	if d.pos >= len(d.src) {
		return nil, d.errorf("unexpected end of input")
	}
	switch c := d.src[d.pos]; {
	case c == '[':
		d.pos++
		dst = append(dst, '[')
		d.skipSpace()
		if d.pos < len(d.src) && d.src[d.pos] == ']' {
			d.pos++
			return append(dst, ']'), nil
		}
		for n := 0; ; n++ {
			if n > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = d.transcode(dst, depth+1); err != nil {
				return nil, err
			}
			d.skipSpace()
			if d.pos >= len(d.src) {
				return nil, d.errorf("unterminated list")
			}
			d.pos++
			switch d.src[d.pos-1] {
			case ',':
			case ']':
				return append(dst, ']'), nil
			default:
				return nil, d.errorf("expected ',' or ']' in a list")
			}
		}
	case c == '-' || ('0' <= c && c <= '9'):
		v, err := d.number()
		if err != nil {
			return nil, err
		}
		return appendJSONValue(dst, v), nil
	}
	v, err := d.value(depth)
	if err != nil {
		return nil, err
	}
	return appendJSONValue(dst, v), nil
}
