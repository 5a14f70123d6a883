// Package matfile reads and writes MATLAB Level 5 MAT-files (the format of
// MATLAB's save -v6/-v7 and scipy.io.savemat/loadmat), enough for the
// competitions' data files, such as multi-modal-gesture-recognition's
// SampleNNNNN_data.mat (a "Video" struct holding frame counts and the
// gesture Labels).
//
// Contract:
//   - [Write] writes little-endian, uncompressed (-v6) files of double
//     matrices, char strings (UTF-16), struct arrays and cell arrays, as
//     MATLAB lays them out (column-major data, 8-byte padding, small data
//     elements for ≤ 4 bytes). scipy.io.loadmat reads them.
//   - [Read] reads those and what MATLAB/scipy write: both byte orders,
//     miCOMPRESSED (zlib, -v7) elements, every numeric class (converted to
//     float64; logical flagged), char as UTF-8/16/32 or 8/16-bit codes,
//     struct, object-less cell arrays. Complex, sparse and object arrays
//     and function handles are reported as errors naming the variable.
//     Sizes are checked against the element lengths before allocating.
//   - The 116-byte text header is fixed ("MATLAB 5.0 MAT-file, Platform:
//     GLNXA64, Created on: Thu Jan  1 00:00:00 2013") so output is
//     deterministic.
package matfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unicode/utf16"
	"unicode/utf8"
)

// Class is an array's MATLAB class.
type Class uint8

// The classes [Array] can hold.
const (
	Double Class = iota + 1 // numeric (read from any numeric class)
	Char
	Struct
	Cell
)

// Array is one MATLAB array. Dims has at least two entries.
type Array struct {
	Class   Class
	Dims    []int
	Real    []float64 // Double: column-major values
	Logical bool      // Double read from a logical array
	Text    string    // Char: the characters (a 1×n row; n×m char matrices are read column-major)
	Fields  []string  // Struct: field names in order
	// Elems holds a struct's or cell's elements in column-major order:
	// Elems[i][f] is field f of struct element i; Elems[i][0] is cell i.
	Elems [][]*Array
}

// Var is a named top-level variable.
type Var struct {
	Name  string
	Value *Array
}

// Scalar returns a 1×1 double.
func Scalar(v float64) *Array { return &Array{Class: Double, Dims: []int{1, 1}, Real: []float64{v}} }

// Matrix returns an r×c double from column-major values.
func Matrix(r, c int, colMajor []float64) *Array {
	return &Array{Class: Double, Dims: []int{r, c}, Real: colMajor}
}

// String returns a 1×n char array.
func String(s string) *Array {
	return &Array{Class: Char, Dims: []int{1, len(utf16.Encode([]rune(s)))}, Text: s}
}

// StructArray returns a 1×n struct array; elems[i] maps field names to
// values and every element must have every field.
func StructArray(fields []string, elems ...map[string]*Array) *Array {
	a := &Array{Class: Struct, Dims: []int{1, len(elems)}, Fields: fields}
	if len(elems) == 0 {
		a.Dims = []int{0, 0}
	}
	for _, e := range elems {
		row := make([]*Array, len(fields))
		for k, f := range fields {
			row[k] = e[f]
		}
		a.Elems = append(a.Elems, row)
	}
	return a
}

// CellRow returns a 1×n cell array.
func CellRow(values ...*Array) *Array {
	a := &Array{Class: Cell, Dims: []int{1, len(values)}}
	for _, v := range values {
		a.Elems = append(a.Elems, []*Array{v})
	}
	return a
}

// Field returns field name of struct element i (nil when absent).
func (a *Array) Field(i int, name string) *Array {
	if a == nil || a.Class != Struct || i < 0 || i >= len(a.Elems) {
		return nil
	}
	for k, f := range a.Fields {
		if f == name {
			return a.Elems[i][k]
		}
	}
	return nil
}

// Len returns the number of elements (product of Dims).
func (a *Array) Len() int {
	n := 1
	for _, d := range a.Dims {
		n *= d
	}
	return n
}

// MAT data types.
const (
	miINT8       = 1
	miUINT8      = 2
	miINT16      = 3
	miUINT16     = 4
	miINT32      = 5
	miUINT32     = 6
	miSINGLE     = 7
	miDOUBLE     = 9
	miINT64      = 12
	miUINT64     = 13
	miMATRIX     = 14
	miCOMPRESSED = 15
	miUTF8       = 16
	miUTF16      = 17
	miUTF32      = 18
)

// MATLAB array classes.
const (
	mxCELL   = 1
	mxSTRUCT = 2
	mxOBJECT = 3
	mxCHAR   = 4
	mxSPARSE = 5
	mxDOUBLE = 6
	mxUINT64 = 15
)

const headerText = "MATLAB 5.0 MAT-file, Platform: GLNXA64, Created on: Thu Jan  1 00:00:00 2013"

// Write writes vars as a MAT-file.
func Write(w io.Writer, vars []Var) error {
	var b bytes.Buffer
	head := make([]byte, 128)
	copy(head, headerText)
	for i := len(headerText); i < 116; i++ {
		head[i] = ' '
	}
	binary.LittleEndian.PutUint16(head[124:], 0x0100)
	head[126], head[127] = 'I', 'M'
	b.Write(head)
	for _, v := range vars {
		if err := writeMatrix(&b, v.Name, v.Value); err != nil {
			return fmt.Errorf("matfile: variable %q: %w", v.Name, err)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeElement(b *bytes.Buffer, typ uint32, data []byte) {
	le := binary.LittleEndian
	if len(data) <= 4 && typ != miMATRIX {
		var tag [8]byte
		le.PutUint32(tag[:], uint32(len(data))<<16|typ)
		copy(tag[4:], data)
		b.Write(tag[:])
		return
	}
	var tag [8]byte
	le.PutUint32(tag[:], typ)
	le.PutUint32(tag[4:], uint32(len(data)))
	b.Write(tag[:])
	b.Write(data)
	if pad := (8 - len(data)%8) % 8; pad > 0 {
		b.Write(make([]byte, pad))
	}
}

func writeMatrix(b *bytes.Buffer, name string, a *Array) error {
	if a == nil {
		return errors.New("nil array")
	}
	le := binary.LittleEndian
	var body bytes.Buffer
	flags := make([]byte, 8)
	switch a.Class {
	case Double:
		flags[0] = mxDOUBLE
		if a.Logical {
			flags[1] = 0x02
		}
	case Char:
		flags[0] = mxCHAR
	case Struct:
		flags[0] = mxSTRUCT
	case Cell:
		flags[0] = mxCELL
	default:
		return fmt.Errorf("unknown class %d", a.Class)
	}
	writeElement(&body, miUINT32, flags)
	if len(a.Dims) < 2 {
		return fmt.Errorf("dims %v: need at least two", a.Dims)
	}
	dims := make([]byte, 4*len(a.Dims))
	for i, d := range a.Dims {
		if d < 0 || d > math.MaxInt32 {
			return fmt.Errorf("dimension %d out of range", d)
		}
		le.PutUint32(dims[4*i:], uint32(d))
	}
	writeElement(&body, miINT32, dims)
	writeElement(&body, miINT8, []byte(name))
	n := a.Len()
	switch a.Class {
	case Double:
		if len(a.Real) != n {
			return fmt.Errorf("%d values for dims %v", len(a.Real), a.Dims)
		}
		data := make([]byte, 8*n)
		for i, v := range a.Real {
			le.PutUint64(data[8*i:], math.Float64bits(v))
		}
		writeElement(&body, miDOUBLE, data)
	case Char:
		units := utf16.Encode([]rune(a.Text))
		if len(units) != n {
			return fmt.Errorf("%d characters for dims %v", len(units), a.Dims)
		}
		data := make([]byte, 2*n)
		for i, u := range units {
			le.PutUint16(data[2*i:], u)
		}
		writeElement(&body, miUTF16, data)
	case Struct:
		width := 1
		for _, f := range a.Fields {
			if len(f)+1 > width {
				width = len(f) + 1
			}
		}
		if width > 64 {
			return fmt.Errorf("field name longer than 63 bytes")
		}
		var wb [4]byte
		le.PutUint32(wb[:], uint32(width))
		writeElement(&body, miINT32, wb[:])
		names := make([]byte, width*len(a.Fields))
		for k, f := range a.Fields {
			copy(names[k*width:], f)
		}
		writeElement(&body, miINT8, names)
		if len(a.Elems) != n {
			return fmt.Errorf("%d struct elements for dims %v", len(a.Elems), a.Dims)
		}
		for i, e := range a.Elems {
			if len(e) != len(a.Fields) {
				return fmt.Errorf("struct element %d has %d fields, want %d", i, len(e), len(a.Fields))
			}
			for k, v := range e {
				if err := writeMatrix(&body, "", v); err != nil {
					return fmt.Errorf("field %s(%d): %w", a.Fields[k], i+1, err)
				}
			}
		}
	case Cell:
		if len(a.Elems) != n {
			return fmt.Errorf("%d cells for dims %v", len(a.Elems), a.Dims)
		}
		for i, e := range a.Elems {
			if len(e) != 1 {
				return fmt.Errorf("cell %d: one value expected", i)
			}
			if err := writeMatrix(&body, "", e[0]); err != nil {
				return fmt.Errorf("cell %d: %w", i, err)
			}
		}
	}
	writeElement(b, miMATRIX, body.Bytes())
	return nil
}

// maxDecompressed bounds one miCOMPRESSED element's inflated size.
const maxDecompressed = 1 << 30

// Read reads every variable of a MAT-file.
func Read(r io.Reader) ([]Var, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("matfile: %w", err)
	}
	if len(data) < 128 {
		return nil, errors.New("matfile: shorter than the 128-byte header")
	}
	var order binary.ByteOrder
	switch string(data[126:128]) {
	case "IM":
		order = binary.LittleEndian
	case "MI":
		order = binary.BigEndian
	default:
		return nil, errors.New("matfile: not a Level 5 MAT-file (no endian indicator)")
	}
	d := &decoder{order: order}
	var vars []Var
	rest := data[128:]
	for len(rest) > 0 {
		typ, body, next, err := d.element(rest)
		if err != nil {
			return vars, fmt.Errorf("matfile: %w", err)
		}
		rest = next
		if typ == miCOMPRESSED {
			zr, err := zlib.NewReader(bytes.NewReader(body))
			if err != nil {
				return vars, fmt.Errorf("matfile: compressed element: %w", err)
			}
			inflated, err := io.ReadAll(io.LimitReader(zr, maxDecompressed+1))
			if err != nil {
				return vars, fmt.Errorf("matfile: compressed element: %w", err)
			}
			if len(inflated) > maxDecompressed {
				return vars, errors.New("matfile: compressed element inflates beyond 1 GiB")
			}
			if typ, body, _, err = d.element(inflated); err != nil {
				return vars, fmt.Errorf("matfile: compressed element: %w", err)
			}
		}
		if typ != miMATRIX {
			continue // MATLAB ignores other top-level elements
		}
		name, a, err := d.matrix(body, 0)
		if err != nil {
			return vars, fmt.Errorf("matfile: variable %q: %w", name, err)
		}
		vars = append(vars, Var{Name: name, Value: a})
	}
	return vars, nil
}

type decoder struct{ order binary.ByteOrder }

// element splits one data element off b: its type, data and the rest.
func (d *decoder) element(b []byte) (typ uint32, data, rest []byte, err error) {
	if len(b) < 8 {
		if len(b) > 0 && allZero(b) {
			return 0, nil, nil, nil // trailing padding
		}
		return 0, nil, nil, errors.New("truncated element tag")
	}
	first := d.order.Uint32(b)
	if first>>16 != 0 { // small data element
		n := int(first >> 16)
		if n > 4 {
			return 0, nil, nil, fmt.Errorf("small element of %d bytes", n)
		}
		return first & 0xffff, b[4 : 4+n], b[8:], nil
	}
	n := uint64(d.order.Uint32(b[4:]))
	if n > uint64(len(b)-8) {
		return 0, nil, nil, fmt.Errorf("element of %d bytes with %d left", n, len(b)-8)
	}
	end := 8 + int(n)
	next := end
	if first != miCOMPRESSED {
		next = end + (8-int(n)%8)%8
		if next > len(b) {
			next = len(b)
		}
	}
	return first, b[8:end], b[next:], nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

const maxDepth = 64

// matrix decodes an miMATRIX element's data.
func (d *decoder) matrix(b []byte, depth int) (string, *Array, error) {
	if depth > maxDepth {
		return "", nil, errors.New("arrays nested too deeply")
	}
	if len(b) == 0 { // an empty miMATRIX is an empty double array
		return "", &Array{Class: Double, Dims: []int{0, 0}}, nil
	}
	_, flags, b, err := d.element(b)
	if err != nil || len(flags) < 8 {
		return "", nil, errors.New("bad array flags")
	}
	fw := d.order.Uint32(flags)
	class, complexFlag, logical := fw&0xff, fw&0x0800 != 0, fw&0x0200 != 0
	dimType, dimData, b, err := d.element(b)
	if err != nil {
		return "", nil, err
	}
	dimVals, err := d.numbers(dimType, dimData)
	if err != nil || len(dimVals) < 2 {
		return "", nil, errors.New("bad dimensions")
	}
	a := &Array{}
	n := 1
	for _, v := range dimVals {
		if v < 0 || v > math.MaxInt32 {
			return "", nil, fmt.Errorf("dimension %v out of range", v)
		}
		a.Dims = append(a.Dims, int(v))
		n *= int(v)
		if n > len(b)*8+1 && n > 1<<20 { // more elements than bytes could hold
			return "", nil, fmt.Errorf("dims %v exceed the data", a.Dims)
		}
	}
	_, nameData, b, err := d.element(b)
	if err != nil {
		return "", nil, err
	}
	name := string(nameData)
	if complexFlag {
		return name, nil, errors.New("complex arrays are not supported")
	}
	switch {
	case class == mxCHAR:
		a.Class = Char
		typ, data, _, err := d.element(b)
		if err != nil {
			return name, nil, err
		}
		if a.Text, err = d.text(typ, data); err != nil {
			return name, nil, err
		}
	case class >= mxDOUBLE && class <= mxUINT64:
		a.Class, a.Logical = Double, logical
		typ, data, _, err := d.element(b)
		if err != nil {
			return name, nil, err
		}
		if a.Real, err = d.numbers(typ, data); err != nil {
			return name, nil, err
		}
		if len(a.Real) != n {
			return name, nil, fmt.Errorf("%d values for dims %v", len(a.Real), a.Dims)
		}
	case class == mxSTRUCT:
		a.Class = Struct
		_, wd, rest, err := d.element(b)
		if err != nil || len(wd) < 4 {
			return name, nil, errors.New("bad field name length")
		}
		width := int(d.order.Uint32(wd))
		_, names, rest, err := d.element(rest)
		if err != nil {
			return name, nil, err
		}
		if width <= 0 || len(names)%width != 0 {
			return name, nil, errors.New("bad field names")
		}
		for k := 0; k < len(names); k += width {
			f := names[k : k+width]
			if i := bytes.IndexByte(f, 0); i >= 0 {
				f = f[:i]
			}
			a.Fields = append(a.Fields, string(f))
		}
		if n > 0 && len(a.Fields) > 0 && n > len(rest)/8 {
			return name, nil, fmt.Errorf("dims %v exceed the data", a.Dims)
		}
		for i := 0; i < n; i++ {
			row := make([]*Array, len(a.Fields))
			for k := range a.Fields {
				typ, body, next, err := d.element(rest)
				if err != nil || typ != miMATRIX {
					return name, nil, fmt.Errorf("field %s(%d): bad element", a.Fields[k], i+1)
				}
				rest = next
				if _, row[k], err = d.matrix(body, depth+1); err != nil {
					return name, nil, fmt.Errorf("field %s(%d): %w", a.Fields[k], i+1, err)
				}
			}
			a.Elems = append(a.Elems, row)
		}
	case class == mxCELL:
		a.Class = Cell
		if n > len(b)/8 {
			return name, nil, fmt.Errorf("dims %v exceed the data", a.Dims)
		}
		rest := b
		for i := 0; i < n; i++ {
			typ, body, next, err := d.element(rest)
			if err != nil || typ != miMATRIX {
				return name, nil, fmt.Errorf("cell %d: bad element", i+1)
			}
			rest = next
			_, v, err := d.matrix(body, depth+1)
			if err != nil {
				return name, nil, fmt.Errorf("cell %d: %w", i+1, err)
			}
			a.Elems = append(a.Elems, []*Array{v})
		}
	case class == mxSPARSE:
		return name, nil, errors.New("sparse arrays are not supported")
	case class == mxOBJECT:
		return name, nil, errors.New("objects are not supported")
	default:
		return name, nil, fmt.Errorf("array class %d is not supported", class)
	}
	return name, a, nil
}

// numbers converts numeric data of any MAT type to float64.
func (d *decoder) numbers(typ uint32, b []byte) ([]float64, error) {
	size := map[uint32]int{miINT8: 1, miUINT8: 1, miINT16: 2, miUINT16: 2, miINT32: 4, miUINT32: 4,
		miSINGLE: 4, miDOUBLE: 8, miINT64: 8, miUINT64: 8}[typ]
	if size == 0 {
		return nil, fmt.Errorf("data type %d is not numeric", typ)
	}
	if len(b)%size != 0 {
		return nil, fmt.Errorf("%d bytes of %d-byte values", len(b), size)
	}
	out := make([]float64, len(b)/size)
	o := d.order
	for i := range out {
		p := b[i*size:]
		switch typ {
		case miINT8:
			out[i] = float64(int8(p[0]))
		case miUINT8:
			out[i] = float64(p[0])
		case miINT16:
			out[i] = float64(int16(o.Uint16(p)))
		case miUINT16:
			out[i] = float64(o.Uint16(p))
		case miINT32:
			out[i] = float64(int32(o.Uint32(p)))
		case miUINT32:
			out[i] = float64(o.Uint32(p))
		case miSINGLE:
			out[i] = float64(math.Float32frombits(o.Uint32(p)))
		case miDOUBLE:
			out[i] = math.Float64frombits(o.Uint64(p))
		case miINT64:
			out[i] = float64(int64(o.Uint64(p)))
		case miUINT64:
			out[i] = float64(o.Uint64(p))
		}
	}
	return out, nil
}

// text decodes char data.
func (d *decoder) text(typ uint32, b []byte) (string, error) {
	switch typ {
	case miUTF8:
		if !utf8.Valid(b) {
			return "", errors.New("char data is not valid UTF-8")
		}
		return string(b), nil
	case miUTF16, miUINT16, miINT16:
		if len(b)%2 != 0 {
			return "", errors.New("odd UTF-16 data")
		}
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = d.order.Uint16(b[2*i:])
		}
		return string(utf16.Decode(u)), nil
	case miUTF32:
		if len(b)%4 != 0 {
			return "", errors.New("bad UTF-32 data")
		}
		r := make([]rune, len(b)/4)
		for i := range r {
			r[i] = rune(d.order.Uint32(b[4*i:]))
		}
		return string(r), nil
	case miUINT8, miINT8:
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r), nil
	}
	return "", fmt.Errorf("data type %d is not char data", typ)
}
