package parquetcols

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
)

// MaxRowsPerGroup bounds the rows a [Writer] buffers before it writes a row
// group.
const MaxRowsPerGroup = 1 << 20

// Writer writes a Parquet file of fixed fields, row group by row group, to a
// temporary file that [Writer.Close] renames into place.
type Writer struct {
	path, tmp string
	f         *os.File
	w         *parquet.Writer
	fields    []Field
	rows      []parquet.Row
	n         int64
}

// orderedGroup is a parquet group node whose fields come in the given order
// (parquet.Group sorts them by name).
type orderedGroup struct {
	parquet.Group
	order []string
}

func (g orderedGroup) Fields() []parquet.Field {
	byName := map[string]parquet.Field{}
	for _, f := range g.Group.Fields() {
		byName[f.Name()] = f
	}
	out := make([]parquet.Field, len(g.order))
	for i, n := range g.order {
		out[i] = byName[n]
	}
	return out
}

func nodeOf(t Type) (parquet.Node, error) {
	var n parquet.Node
	switch t {
	case Bool:
		n = parquet.Leaf(parquet.BooleanType)
	case Int8:
		n = parquet.Int(8)
	case Int16:
		n = parquet.Int(16)
	case Int32:
		n = parquet.Leaf(parquet.Int32Type)
	case Int64:
		n = parquet.Leaf(parquet.Int64Type)
	case Uint8:
		n = parquet.Uint(8)
	case Uint16:
		n = parquet.Uint(16)
	case Uint32:
		n = parquet.Uint(32)
	case Uint64:
		n = parquet.Uint(64)
	case Float32:
		n = parquet.Leaf(parquet.FloatType)
	case Float64:
		n = parquet.Leaf(parquet.DoubleType)
	case String:
		n = parquet.String()
	default:
		return nil, fmt.Errorf("unsupported column type %s", t)
	}
	return parquet.Compressed(parquet.Optional(n), &parquet.Snappy), nil
}

// Create starts a Parquet file at path with the given fields.
func Create(path string, fields []Field) (*Writer, error) {
	return CreateGroups(path, fields, MaxRowsPerGroup)
}

// CreateGroups is [Create] with row groups of at most rowsPerGroup rows.
func CreateGroups(path string, fields []Field, rowsPerGroup int64) (*Writer, error) {
	if rowsPerGroup <= 0 {
		return nil, fmt.Errorf("parquet %s: %d rows per group", path, rowsPerGroup)
	}
	g := orderedGroup{Group: parquet.Group{}}
	for _, f := range fields {
		if _, dup := g.Group[f.Name]; dup {
			return nil, fmt.Errorf("parquet %s: duplicate column %q", path, f.Name)
		}
		n, err := nodeOf(f.Type)
		if err != nil {
			return nil, fmt.Errorf("parquet %s: column %q: %w", path, f.Name, err)
		}
		g.Group[f.Name] = n
		g.order = append(g.order, f.Name)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("parquet %s: %w", path, err)
	}
	schema := parquet.NewSchema("schema", g)
	w := parquet.NewWriter(f, schema, parquet.Compression(&parquet.Snappy), parquet.MaxRowsPerRowGroup(rowsPerGroup),
		parquet.CreatedBy("mlebench", "", ""))
	return &Writer{path: path, tmp: f.Name(), f: f, w: w, fields: fields}, nil
}

// Write appends the rows of cols, which must match the writer's fields in
// order, name and type, and have equal lengths.
func (w *Writer) Write(cols []*Column) error {
	if len(cols) != len(w.fields) {
		return fmt.Errorf("parquet %s: %d columns, want %d", w.path, len(cols), len(w.fields))
	}
	n := -1
	for k, c := range cols {
		if c.Field != w.fields[k] {
			return fmt.Errorf("parquet %s: column %d is %s %s, want %s %s", w.path, k, c.Name, c.Type, w.fields[k].Name, w.fields[k].Type)
		}
		if n >= 0 && c.Len() != n {
			return fmt.Errorf("parquet %s: columns of unequal length", w.path)
		}
		n = c.Len()
	}
	const batch = 4096
	for lo := 0; lo < n; lo += batch {
		hi := min(lo+batch, n)
		w.rows = w.rows[:0]
		for i := lo; i < hi; i++ {
			row := make(parquet.Row, len(cols))
			for k, c := range cols {
				row[k] = valueOf(c, i).Level(0, 1, k)
				if row[k].IsNull() {
					row[k] = parquet.NullValue().Level(0, 0, k)
				}
			}
			w.rows = append(w.rows, row)
		}
		if _, err := w.w.WriteRows(w.rows); err != nil {
			return fmt.Errorf("parquet %s: %w", w.path, err)
		}
	}
	w.n += int64(n)
	return nil
}

func valueOf(c *Column, i int) parquet.Value {
	switch c.Type {
	case Bool:
		return parquet.BooleanValue(c.Bools[i])
	case Int8, Int16, Int32, Uint8, Uint16, Uint32:
		return parquet.Int32Value(int32(c.Ints[i]))
	case Int64, Uint64:
		return parquet.Int64Value(c.Ints[i])
	case Float32:
		return parquet.FloatValue(float32(c.Floats[i]))
	case Float64:
		return parquet.DoubleValue(c.Floats[i])
	}
	if c.Null != nil && c.Null[i] {
		return parquet.NullValue()
	}
	return parquet.ByteArrayValue([]byte(c.Strs[i]))
}

// EndRowGroup writes the rows buffered so far as a row group.
func (w *Writer) EndRowGroup() error {
	if err := w.w.Flush(); err != nil {
		return fmt.Errorf("parquet %s: %w", w.path, err)
	}
	return nil
}

// Rows returns the number of rows written so far.
func (w *Writer) Rows() int64 { return w.n }

// Close finishes the file and moves it into place.
func (w *Writer) Close() error {
	err := w.w.Close()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(w.tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(w.tmp, w.path)
	}
	if err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("parquet %s: %w", w.path, err)
	}
	return nil
}

// Abort discards the file.
func (w *Writer) Abort() {
	w.f.Close()
	os.Remove(w.tmp)
}
