// Package parquetcols reads and writes flat Parquet files as typed columns
// with the dtypes pandas gives them, which is what the original's preparers
// see through pandas.read_parquet and write back through
// DataFrame.to_parquet(index=False).
//
// Contract:
//   - Only flat schemas of primitive leaves are supported: BOOLEAN, INT32
//     (plain or annotated INT(8|16|32, signed|unsigned)), INT64 (signed or
//     UINT_64), FLOAT, DOUBLE and BYTE_ARRAY (strings). Anything else (nested
//     groups, repeated fields, INT96, fixed-length byte arrays, dates and
//     timestamps) is reported as an error naming the column, never guessed.
//   - Every column keeps its stored width ([Type]): pandas keeps an int32 or
//     float32 column int32/float32 and writes it back unchanged, so a port
//     must not widen it. Float32 values are held exactly in float64.
//   - Missing values: NaN for floats and None for strings, as in pandas. A
//     null in an integer or boolean column is refused, because pandas would
//     turn the whole column into float64 or object, which a row-group stream
//     cannot know in advance.
//   - Columns the file's "pandas" metadata names as index columns
//     (pandas.read_parquet restores them as the index, not as columns) are
//     left out of [Reader.Fields].
//   - Files are read in batches of at most [BatchRows] rows, page by page
//     ([Reader.Next]), so memory is bounded by a batch and one page per
//     column however large the row groups are, and written by a [Writer]
//     that flushes row groups of at most [MaxRowsPerGroup] rows.
//   - Written files are what fastparquet writes for index=False: every
//     column OPTIONAL (fastparquet's has_nulls=True default), SNAPPY
//     compressed, the input's column order and physical/logical types, no
//     index column. They are not byte-identical to fastparquet's output (the
//     original's checksums for these files are not reproducible either).
//
// [AppendText] formats a cell as pandas' to_csv does for its dtype (float32
// values by their own shortest repr, as numpy's astype(str) does).
package parquetcols

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// Type is the numpy dtype of a column as pandas reads it.
type Type uint8

const (
	Bool Type = iota + 1
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float32
	Float64
	String
)

var typeNames = map[Type]string{Bool: "bool", Int8: "int8", Int16: "int16", Int32: "int32", Int64: "int64",
	Uint8: "uint8", Uint16: "uint16", Uint32: "uint32", Uint64: "uint64", Float32: "float32", Float64: "float64", String: "object"}

func (t Type) String() string {
	if s, ok := typeNames[t]; ok {
		return s
	}
	return "Type(" + strconv.Itoa(int(t)) + ")"
}

// IsInt reports whether t is one of the integer types.
func (t Type) IsInt() bool { return t >= Int8 && t <= Uint64 }

// IsFloat reports whether t is float32 or float64.
func (t Type) IsFloat() bool { return t == Float32 || t == Float64 }

// Field is a column's name and type.
type Field struct {
	Name string
	Type Type
}

// Column is one column's values for a run of rows. Exactly the slice that
// belongs to its Type is set: Ints for integer types (a uint64 above the
// int64 range is held bit-for-bit), Floats for float types (NaN where
// missing), Bools, or Strs with Null marking None cells (nil when none is).
type Column struct {
	Field
	Ints   []int64
	Floats []float64
	Bools  []bool
	Strs   []string
	Null   []bool
}

// Len returns the number of values.
func (c *Column) Len() int {
	switch {
	case c.Type.IsInt():
		return len(c.Ints)
	case c.Type.IsFloat():
		return len(c.Floats)
	case c.Type == Bool:
		return len(c.Bools)
	}
	return len(c.Strs)
}

// Take returns the rows idx of c, in that order.
func (c *Column) Take(idx []int) *Column {
	out := &Column{Field: c.Field}
	switch {
	case c.Type.IsInt():
		out.Ints = pick(c.Ints, idx)
	case c.Type.IsFloat():
		out.Floats = pick(c.Floats, idx)
	case c.Type == Bool:
		out.Bools = pick(c.Bools, idx)
	default:
		out.Strs = pick(c.Strs, idx)
		if c.Null != nil {
			out.Null = pick(c.Null, idx)
		}
	}
	return out
}

func pick[T any](v []T, idx []int) []T {
	out := make([]T, len(idx))
	for i, j := range idx {
		out[i] = v[j]
	}
	return out
}

// AppendText appends row i as pandas' DataFrame.to_csv writes it (before CSV
// quoting): integers in decimal, booleans True/False, floats as numpy's
// astype(str) of their own width (float64: Python repr; float32: shortest
// float32 digits), a missing float or string as naRep.
func (c *Column) AppendText(dst []byte, i int, naRep string) []byte {
	switch {
	case c.Type == Uint64:
		return strconv.AppendUint(dst, uint64(c.Ints[i]), 10)
	case c.Type.IsInt():
		return strconv.AppendInt(dst, c.Ints[i], 10)
	case c.Type.IsFloat():
		v := c.Floats[i]
		if math.IsNaN(v) {
			return append(dst, naRep...)
		}
		if c.Type == Float32 {
			return AppendRepr32(dst, float32(v))
		}
		return pyfloat.AppendRepr(dst, v)
	case c.Type == Bool:
		if c.Bools[i] {
			return append(dst, "True"...)
		}
		return append(dst, "False"...)
	}
	if c.Null != nil && c.Null[i] {
		return append(dst, naRep...)
	}
	return append(dst, c.Strs[i]...)
}

// AppendRepr32 appends numpy's str() of a float32: the shortest digits that
// round-trip in float32, laid out as Python's repr lays out a float
// (positional when 1e-4 <= |x| < 1e16 compared in float64, else d.ddde±XX).
func AppendRepr32(dst []byte, x float32) []byte {
	f := float64(x)
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	case f == 0:
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 32)
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	ePos := slices.Index(e, 'e')
	var digs []byte
	for _, ch := range e[:ePos] {
		if ch != '.' {
			digs = append(digs, ch)
		}
	}
	exp, _ := strconv.Atoi(string(e[ePos+1:]))
	if ax := math.Abs(f); ax >= 1e-4 && ax < 1e16 {
		// Positional, whatever the digits' exponent says (a float32 just
		// below 1e-4 whose digits round to 1e-4 is the only difference).
		if exp < -4 {
			exp = -4
		}
		if neg {
			dst = append(dst, '-')
		}
		if exp < 0 {
			dst = append(dst, '0', '.')
			for i := 0; i < -exp-1; i++ {
				dst = append(dst, '0')
			}
			return append(dst, digs...)
		}
		if len(digs) <= exp+1 {
			dst = append(dst, digs...)
			for i := len(digs); i < exp+1; i++ {
				dst = append(dst, '0')
			}
			return append(dst, '.', '0')
		}
		dst = append(dst, digs[:exp+1]...)
		dst = append(dst, '.')
		return append(dst, digs[exp+1:]...)
	}
	if exp >= -4 && exp < 16 { // digits rounded across a threshold: force scientific
		dst = pyfloat.AppendDigits(dst, neg, digs, -5)
		// AppendDigits used exponent -5 for the layout only; rewrite it.
		k := len(dst) - 1
		for dst[k] != 'e' {
			k--
		}
		dst = dst[:k+1]
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(exp), 10)
	}
	return pyfloat.AppendDigits(dst, neg, digs, exp)
}

// Reader streams a Parquet file one row group at a time.
type Reader struct {
	f      *os.File
	pf     *parquet.File
	fields []Field
	leaf   []int // file leaf index of each field
	group  int   // next row group to open
	cur    *groupCursor
}

// Open opens a Parquet file and checks its schema.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("parquet %s: %w", path, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("parquet %s: %w", path, err)
	}
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("parquet %s: %w", path, err)
	}
	r := &Reader{f: f, pf: pf}
	if err := r.readSchema(); err != nil {
		f.Close()
		return nil, fmt.Errorf("parquet %s: %w", path, err)
	}
	return r, nil
}

func (r *Reader) readSchema() error {
	index := map[string]bool{}
	if meta, ok := r.pf.Lookup("pandas"); ok {
		var pm struct {
			IndexColumns []json.RawMessage `json:"index_columns"`
		}
		if err := json.Unmarshal([]byte(meta), &pm); err == nil {
			for _, raw := range pm.IndexColumns {
				var name string
				if json.Unmarshal(raw, &name) == nil { // RangeIndex entries are objects
					index[name] = true
				}
			}
		}
	}
	for i, fd := range r.pf.Schema().Fields() {
		if !fd.Leaf() {
			return fmt.Errorf("column %q is a nested group; only flat files are supported", fd.Name())
		}
		if fd.Repeated() {
			return fmt.Errorf("column %q is repeated; only flat files are supported", fd.Name())
		}
		typ, err := typeOf(fd.Type())
		if err != nil {
			return fmt.Errorf("column %q: %w", fd.Name(), err)
		}
		if index[fd.Name()] {
			continue
		}
		r.fields = append(r.fields, Field{Name: fd.Name(), Type: typ})
		r.leaf = append(r.leaf, i)
	}
	return nil
}

func typeOf(t parquet.Type) (Type, error) {
	lt := t.LogicalType()
	ct := t.ConvertedType()
	switch t.Kind() {
	case parquet.Boolean:
		return Bool, nil
	case parquet.Float:
		return Float32, nil
	case parquet.Double:
		return Float64, nil
	case parquet.ByteArray:
		if lt != nil && lt.Value != nil {
			if _, ok := lt.Value.(*format.StringType); !ok {
				return 0, fmt.Errorf("unsupported logical type %s", t)
			}
		} else if ct != nil && *ct != deprecated.UTF8 {
			return 0, fmt.Errorf("unsupported converted type %s", t)
		}
		return String, nil
	case parquet.Int32, parquet.Int64:
		width, signed := 32, true
		if t.Kind() == parquet.Int64 {
			width = 64
		}
		switch {
		case lt != nil && lt.Value != nil:
			it, ok := lt.Value.(*format.IntType)
			if !ok {
				return 0, fmt.Errorf("unsupported logical type %s", t)
			}
			width, signed = int(it.BitWidth), it.IsSigned
		case ct != nil:
			switch *ct {
			case deprecated.Int8, deprecated.Int16, deprecated.Int32, deprecated.Int64:
				width = map[deprecated.ConvertedType]int{deprecated.Int8: 8, deprecated.Int16: 16, deprecated.Int32: 32, deprecated.Int64: 64}[*ct]
			case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32, deprecated.Uint64:
				width = map[deprecated.ConvertedType]int{deprecated.Uint8: 8, deprecated.Uint16: 16, deprecated.Uint32: 32, deprecated.Uint64: 64}[*ct]
				signed = false
			default:
				return 0, fmt.Errorf("unsupported converted type %s", t)
			}
		}
		types := map[[2]int]Type{{8, 1}: Int8, {16, 1}: Int16, {32, 1}: Int32, {64, 1}: Int64,
			{8, 0}: Uint8, {16, 0}: Uint16, {32, 0}: Uint32, {64, 0}: Uint64}
		s := 0
		if signed {
			s = 1
		}
		if typ, ok := types[[2]int{width, s}]; ok {
			return typ, nil
		}
		return 0, fmt.Errorf("unsupported integer type %s", t)
	}
	return 0, fmt.Errorf("unsupported physical type %s", t)
}

// Fields returns the data columns in file order.
func (r *Reader) Fields() []Field { return slices.Clone(r.fields) }

// NumRows returns the file's row count.
func (r *Reader) NumRows() int64 { return r.pf.NumRows() }

// Close closes the file.
func (r *Reader) Close() error {
	r.Rewind()
	return r.f.Close()
}

// Rewind makes the next [Reader.Next] start again at the first row.
func (r *Reader) Rewind() {
	if r.cur != nil {
		r.cur.close()
		r.cur = nil
	}
	r.group = 0
}

// BatchRows is the most rows [Reader.Next] returns at once.
const BatchRows = 1 << 16

// Next returns the named columns (all data columns when names is empty) of
// the next batch of at most [BatchRows] rows, or io.EOF after the last one.
// Batches never span row groups. Only one page per column is held at a time,
// so memory stays bounded however large the row groups are. The selection
// must not change until the next [Reader.Rewind] or io.EOF.
func (r *Reader) Next(names ...string) ([]*Column, error) {
	key := strings.Join(names, "\x00")
	if r.cur != nil && r.cur.key != key {
		return nil, fmt.Errorf("parquet: column selection changed from %q to %q within a pass", r.cur.key, key)
	}
	for r.cur == nil || r.cur.left == 0 {
		if r.cur != nil {
			r.cur.close()
			r.cur = nil
		}
		groups := r.pf.RowGroups()
		if r.group >= len(groups) {
			return nil, io.EOF
		}
		cur, err := r.open(groups[r.group], names)
		if err != nil {
			return nil, err
		}
		cur.key, cur.index = key, r.group
		r.cur = cur
		r.group++
	}
	n := int(min(int64(BatchRows), r.cur.left))
	out := make([]*Column, len(r.cur.cols))
	for k, cc := range r.cur.cols {
		c, err := cc.read(n)
		if err == nil && c.Len() != n {
			err = fmt.Errorf("%d values, want %d", c.Len(), n)
		}
		if err != nil {
			return nil, fmt.Errorf("parquet: row group %d column %q: %w", r.cur.index, cc.field.Name, err)
		}
		out[k] = c
	}
	r.cur.left -= int64(n)
	return out, nil
}

// groupCursor walks the selected column chunks of one row group in step.
type groupCursor struct {
	key   string
	index int
	left  int64
	cols  []*columnCursor
}

func (r *Reader) open(rg parquet.RowGroup, names []string) (*groupCursor, error) {
	want, leaves := r.fields, r.leaf
	if len(names) > 0 {
		want, leaves = nil, nil
		for _, n := range names {
			k := slices.IndexFunc(r.fields, func(f Field) bool { return f.Name == n })
			if k < 0 {
				return nil, fmt.Errorf("parquet: no column %q", n)
			}
			want = append(want, r.fields[k])
			leaves = append(leaves, r.leaf[k])
		}
	}
	if rg.NumRows() < 0 {
		return nil, fmt.Errorf("parquet: row group with %d rows", rg.NumRows())
	}
	chunks := rg.ColumnChunks()
	g := &groupCursor{left: rg.NumRows()}
	for k, fd := range want {
		g.cols = append(g.cols, &columnCursor{field: fd, pages: chunks[leaves[k]].Pages(), buf: make([]parquet.Value, 4096)})
	}
	return g, nil
}

func (g *groupCursor) close() {
	for _, c := range g.cols {
		c.close()
	}
}

// columnCursor reads one column chunk's values page by page.
type columnCursor struct {
	field Field
	pages parquet.Pages
	page  parquet.Page
	vr    parquet.ValueReader
	buf   []parquet.Value
}

// read returns the next n values (fewer at the end of the chunk).
func (cc *columnCursor) read(n int) (*Column, error) {
	c := &Column{Field: cc.field}
	for c.Len() < n {
		if cc.vr == nil {
			page, err := cc.pages.ReadPage()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			cc.page, cc.vr = page, page.Values()
		}
		k, err := cc.vr.ReadValues(cc.buf[:min(len(cc.buf), n-c.Len())])
		for _, v := range cc.buf[:k] {
			if err := c.appendValue(v); err != nil {
				return nil, err
			}
		}
		if err == io.EOF {
			parquet.Release(cc.page)
			cc.page, cc.vr = nil, nil
		} else if err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (cc *columnCursor) close() {
	if cc.page != nil {
		parquet.Release(cc.page)
		cc.page, cc.vr = nil, nil
	}
	cc.pages.Close()
}

func (c *Column) appendValue(v parquet.Value) error {
	null := v.IsNull()
	switch {
	case c.Type.IsInt():
		if null {
			return fmt.Errorf("null in %s column (pandas would read it as float64): not supported", c.Type)
		}
		switch c.Type {
		case Int8, Int16, Int32:
			c.Ints = append(c.Ints, int64(v.Int32()))
		case Uint8, Uint16, Uint32:
			c.Ints = append(c.Ints, int64(uint32(v.Int32())))
		default:
			c.Ints = append(c.Ints, v.Int64())
		}
	case c.Type == Float32:
		if null {
			c.Floats = append(c.Floats, math.NaN())
		} else {
			c.Floats = append(c.Floats, float64(v.Float()))
		}
	case c.Type == Float64:
		if null {
			c.Floats = append(c.Floats, math.NaN())
		} else {
			c.Floats = append(c.Floats, v.Double())
		}
	case c.Type == Bool:
		if null {
			return errors.New("null in bool column (pandas would read it as object): not supported")
		}
		c.Bools = append(c.Bools, v.Boolean())
	default:
		if null {
			if c.Null == nil {
				c.Null = make([]bool, len(c.Strs), cap(c.Strs))
			}
			c.Strs = append(c.Strs, "")
			c.Null = append(c.Null, true)
			return nil
		}
		c.Strs = append(c.Strs, string(v.ByteArray()))
		if c.Null != nil {
			c.Null = append(c.Null, false)
		}
	}
	return nil
}

// ReadAll reads the named columns (all when names is empty) of a whole file.
// Use it only for files known to be small.
func ReadAll(path string, names ...string) ([]*Column, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	fields := r.fields
	if len(names) > 0 {
		fields = nil
		for _, n := range names {
			k := slices.IndexFunc(r.fields, func(f Field) bool { return f.Name == n })
			if k < 0 {
				return nil, fmt.Errorf("parquet %s: no column %q", path, n)
			}
			fields = append(fields, r.fields[k])
		}
	}
	out := make([]*Column, len(fields))
	for k, f := range fields {
		out[k] = &Column{Field: f}
	}
	for {
		cols, err := r.Next(names...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for k, c := range cols {
			o := out[k]
			o.Ints = append(o.Ints, c.Ints...)
			o.Floats = append(o.Floats, c.Floats...)
			o.Bools = append(o.Bools, c.Bools...)
			if c.Null != nil && o.Null == nil {
				o.Null = make([]bool, len(o.Strs))
			}
			if o.Null != nil {
				if c.Null != nil {
					o.Null = append(o.Null, c.Null...)
				} else {
					o.Null = append(o.Null, make([]bool, len(c.Strs))...)
				}
			}
			o.Strs = append(o.Strs, c.Strs...)
		}
	}
}
