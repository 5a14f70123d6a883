package npyfile

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Array describes an array stored in a .npy file.
type Array struct {
	Descr    string // normalised dtype.str, e.g. "<f4", "|u1", "<U2"
	Kind     byte   // dtype kind letter: b i u f c U S V M m
	ItemSize int    // bytes per element
	Fortran  bool
	Shape    []int
	Offset   int64 // where the data starts
}

// Rows is the length along axis 0 (1 for a 0-d array, as len() fails there).
func (a *Array) Rows() int {
	if len(a.Shape) == 0 {
		return 1
	}
	return a.Shape[0]
}

// RowElems is the number of elements in one axis-0 row.
func (a *Array) RowElems() int {
	n := 1
	for _, s := range a.Shape[min(1, len(a.Shape)):] {
		n *= s
	}
	return n
}

// Order is the byte order of multi-byte elements.
func (a *Array) Order() binary.ByteOrder {
	if a.Descr[0] == '>' {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

var (
	magic    = []byte("\x93NUMPY")
	descrRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`['"]descr['"]\s*:\s*['"]([^'"]*)['"]`) })
	fortRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`['"]fortran_order['"]\s*:\s*(True|False)`) })
	shapeRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`['"]shape['"]\s*:\s*\(([^)]*)\)`) })
	simpleRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([<>|=]?)([biufcUSVMm])(\d+)$`) })
)

// ReadHeader parses the preamble of an .npy file. Object arrays ("|O",
// which np.load refuses without allow_pickle) and structured dtypes are
// errors.
func ReadHeader(path string) (*Array, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pre [12]byte
	if _, err := io.ReadFull(f, pre[:10]); err != nil {
		return nil, fmt.Errorf("%s: not an .npy file (short preamble)", path)
	}
	if string(pre[:6]) != string(magic) {
		return nil, fmt.Errorf("%s: not an .npy file (bad magic)", path)
	}
	var hlen, start int64
	switch pre[6] {
	case 1:
		hlen, start = int64(binary.LittleEndian.Uint16(pre[8:10])), 10
	case 2, 3:
		if _, err := io.ReadFull(f, pre[10:12]); err != nil {
			return nil, fmt.Errorf("%s: short .npy preamble", path)
		}
		hlen, start = int64(binary.LittleEndian.Uint32(pre[8:12])), 12
	default:
		return nil, fmt.Errorf("%s: unsupported .npy format version %d.%d", path, pre[6], pre[7])
	}
	if hlen > 1<<24 {
		return nil, fmt.Errorf("%s: .npy header of %d bytes is too long", path, hlen)
	}
	hdr := make([]byte, hlen)
	if _, err := io.ReadFull(f, hdr); err != nil {
		return nil, fmt.Errorf("%s: short .npy header", path)
	}
	h := string(hdr)
	a := &Array{Offset: start + hlen}
	m := descrRe().FindStringSubmatch(h)
	if m == nil {
		return nil, fmt.Errorf("%s: .npy header has no simple 'descr' (structured dtypes are not supported): %q", path, h)
	}
	sm := simpleRe().FindStringSubmatch(m[1])
	if sm == nil {
		return nil, fmt.Errorf("%s: unsupported .npy dtype %q (object arrays need allow_pickle)", path, m[1])
	}
	a.Kind = sm[2][0]
	n, err := strconv.Atoi(sm[3])
	if err != nil || n <= 0 && a.Kind != 'U' && a.Kind != 'S' && a.Kind != 'V' {
		return nil, fmt.Errorf("%s: bad .npy dtype %q", path, m[1])
	}
	a.ItemSize = n
	if a.Kind == 'U' {
		a.ItemSize = 4 * n
	}
	order := sm[1]
	switch {
	case order == "" || order == "=":
		order = "<"
	}
	if a.ItemSize <= 1 && a.Kind != 'U' || a.Kind == 'S' || a.Kind == 'V' {
		order = "|"
	} else if order == "|" {
		order = "<"
	}
	a.Descr = order + sm[2] + sm[3]
	m = fortRe().FindStringSubmatch(h)
	if m == nil {
		return nil, fmt.Errorf("%s: .npy header has no 'fortran_order': %q", path, h)
	}
	a.Fortran = m[1] == "True"
	m = shapeRe().FindStringSubmatch(h)
	if m == nil {
		return nil, fmt.Errorf("%s: .npy header has no 'shape': %q", path, h)
	}
	for _, p := range strings.Split(m[1], ",") {
		p = strings.TrimSuffix(strings.TrimSpace(p), "L")
		if p == "" {
			continue
		}
		d, err := strconv.Atoi(p)
		if err != nil || d < 0 {
			return nil, fmt.Errorf("%s: bad .npy shape (%s)", path, m[1])
		}
		a.Shape = append(a.Shape, d)
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	total := int64(a.ItemSize)
	for _, d := range a.Shape {
		total *= int64(d)
	}
	if st.Size()-a.Offset < total {
		return nil, fmt.Errorf("%s: .npy data is truncated (%d bytes, shape %v needs %d)", path, st.Size()-a.Offset, a.Shape, total)
	}
	return a, nil
}

// FormatHeader is np.save's preamble (numpy 1.26 format.write_array_header
// with version=None) for a C-order array: version 1.0 unless the header
// needs 2.0; the dict with sorted keys, each "'key': repr(value), "; 21 −
// len(repr(shape[0])) spaces of growth room; space padding and "\n" so the
// preamble is a multiple of 64 bytes.
func FormatHeader(descr string, shape []int) []byte {
	var sh strings.Builder
	sh.WriteByte('(')
	for i, d := range shape {
		if i > 0 {
			sh.WriteString(", ")
		}
		sh.WriteString(strconv.Itoa(d))
	}
	if len(shape) == 1 {
		sh.WriteByte(',')
	}
	sh.WriteByte(')')
	h := "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + sh.String() + ", }"
	if len(shape) > 0 {
		h += strings.Repeat(" ", max(0, 21-len(strconv.Itoa(shape[0]))))
	}
	wrap := func(prefixLen int) (int, int) {
		hlen := len(h) + 1
		pad := 64 - (8+prefixLen+hlen)%64
		return hlen, pad
	}
	hlen, pad := wrap(2)
	out := make([]byte, 0, 12+len(h)+pad+1)
	out = append(out, magic...)
	if hlen+pad < 1<<16 {
		out = append(out, 1, 0)
		out = binary.LittleEndian.AppendUint16(out, uint16(hlen+pad))
	} else {
		hlen, pad = wrap(4)
		out = append(out, 2, 0)
		out = binary.LittleEndian.AppendUint32(out, uint32(hlen+pad))
	}
	out = append(out, h...)
	for range pad {
		out = append(out, ' ')
	}
	return append(out, '\n')
}

// RowReader reads axis-0 rows of an array in C order.
type RowReader struct {
	a   *Array
	f   *os.File
	all []byte // the whole data, only for Fortran-order arrays
}

func OpenRows(path string, a *Array) (*RowReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r := &RowReader{a: a, f: f}
	if a.Fortran && len(a.Shape) > 1 {
		total := int64(a.ItemSize)
		for _, d := range a.Shape {
			total *= int64(d)
		}
		r.all = make([]byte, total)
		if _, err := f.ReadAt(r.all, a.Offset); err != nil {
			f.Close()
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return r, nil
}

func (r *RowReader) Close() error { return r.f.Close() }

// Row reads row i into dst (len RowElems·ItemSize).
func (r *RowReader) Row(i int, dst []byte) error {
	a := r.a
	if i < 0 || i >= a.Rows() {
		return fmt.Errorf("index %d is out of bounds for axis 0 with size %d", i, a.Rows())
	}
	if r.all == nil {
		_, err := r.f.ReadAt(dst, a.Offset+int64(i)*int64(len(dst)))
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	// Fortran order: element (i, j1, …, jk) is at i + s0·(j1 + s1·(j2 + …)).
	inner := a.Shape[1:]
	idx := make([]int, len(inner))
	for e := 0; e < a.RowElems(); e++ {
		off, stride := i, a.Shape[0]
		for k, j := range idx {
			off += stride * j
			stride *= inner[k]
		}
		copy(dst[e*a.ItemSize:(e+1)*a.ItemSize], r.all[off*a.ItemSize:])
		for k := len(idx) - 1; k >= 0; k-- { // C-order increment
			idx[k]++
			if idx[k] < inner[k] {
				break
			}
			idx[k] = 0
		}
	}
	return nil
}

// TakeRows writes np.save(dst, src[idx]).
func TakeRows(ctx context.Context, srcPath string, a *Array, idx []int, dstPath string) (err error) {
	r, err := OpenRows(srcPath, a)
	if err != nil {
		return err
	}
	defer r.Close()
	out, err := os.Create(dstPath)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	shape := append([]int{len(idx)}, a.Shape[min(1, len(a.Shape)):]...)
	if _, err := w.Write(FormatHeader(a.Descr, shape)); err != nil {
		return err
	}
	row := make([]byte, a.RowElems()*a.ItemSize)
	for k, i := range idx {
		if k%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := r.Row(i, row); err != nil {
			return fmt.Errorf("%s: row %d: %w", srcPath, i, err)
		}
		if _, err := w.Write(row); err != nil {
			return err
		}
	}
	return w.Flush()
}
