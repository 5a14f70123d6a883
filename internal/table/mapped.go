// Mapped files: the big-file mode of the package's CSV reading and writing.
//
// [OpenMapped] maps a large, simple CSV file into memory, indexes its rows and
// infers every column's dtype per low_memory chunk; [Mapped.WriteCSVs] then
// writes selected rows (and generated columns) in parallel. Together they
// give exactly the bytes of
//
//	df = pd.read_csv(path, float_precision="round_trip")   # C engine, low_memory=True
//	df.iloc[rows].to_csv(out, index=False)
//
// for files the mode can prove simple (see [OpenMapped]); for anything else it
// declines with [ErrNotSimple] and the caller uses [ReadFile] and
// [Table.WriteCSV]. The rules are the package's: [IsNA] for missing cells,
// [BlockRows] for the chunk size, the same chunk dtype combination as the
// general reader (int64 + float64 chunks give float64; any object chunk makes
// an object column whose numeric chunks keep their converted values, the
// "DtypeWarning: mixed types" quirk), Python repr for floats (package
// pyfloat) and QUOTE_MINIMAL quoting ([AppendField]). The differential tests
// in mapped_test.go check the mode against ReadFile + WriteCSV.

package table

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// cellClass classifies one cell's text the way the pandas C parser's per-chunk
// conversion sees it.
type cellClass uint8

const (
	cellNA     cellClass = iota // a default NA string
	cellInt                     // strict integer literal: -?[0-9]{1,18}
	cellFloat                   // strict decimal float literal
	cellStr                     // plain text that can only be a string
	cellUnsafe                  // something the fast path does not model
)

// lexNumber reports whether b is a strict integer literal (-?digits, at
// most 18 digits, so always within int64), a strict decimal float literal
// (-?(d+(.d*)?|.d+)([eE][+-]?d+)?) below 1e308, a float literal that may
// overflow (cellUnsafe: pandas keeps such a column as text) or none of
// these (cellStr).
func lexNumber(b []byte) cellClass {
	n := len(b)
	i := 0
	if n > 0 && b[0] == '-' {
		i++
	}
	digits, sig := 0, 0 // integer digits, and those from the first non-zero one
	for i < n && b[i] >= '0' && b[i] <= '9' {
		if sig > 0 || b[i] != '0' {
			sig++
		}
		i++
		digits++
	}
	if i == n {
		if digits == 0 || digits > 18 {
			return cellStr
		}
		return cellInt
	}
	frac := 0
	if b[i] == '.' {
		i++
		for i < n && b[i] >= '0' && b[i] <= '9' {
			i++
			frac++
		}
	}
	if digits+frac == 0 {
		return cellStr
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		neg := i > 0 && b[i-1] == '-'
		expDigits, exp := 0, 0
		for i < n && b[i] >= '0' && b[i] <= '9' {
			if exp < 1e6 {
				exp = exp*10 + int(b[i]-'0')
			}
			i++
			expDigits++
		}
		if expDigits == 0 {
			return cellStr
		}
		if neg {
			exp = -exp
		}
		// Decimal magnitude bound: value < 10**(mag+1).
		mag := exp - 1
		if sig > 0 {
			mag = sig - 1 + exp
		}
		if i == n && mag >= 307 {
			// Possibly ≥ 1e308: pandas leaves a column with an
			// overflowing float as text; only the general reader
			// models that.
			return cellUnsafe
		}
	} else if i == n && sig-1 >= 307 {
		return cellUnsafe
	}
	if i == n {
		return cellFloat
	}
	return cellStr
}

// isNABytes is [IsNA] for a cell's bytes.
func isNABytes(b []byte) bool { return IsNA(unsafeString(b)) }

// IsPlainText reports whether a cell's text is one that every pandas dtype
// inference keeps as a str (not a number, bool, NA string or anything the
// strict lexer of [OpenMapped] does not model), so that a chunk holding it is
// an object chunk.
func IsPlainText(b []byte) bool { return classify(b) == cellStr }

// classify lexes a cell. It is deliberately strict: any form whose pandas
// conversion is not modelled exactly (booleans, inf/nan spellings, '+'
// signs, surrounding blanks, number-like text the strict lexer rejects,
// integers beyond 18 digits, invalid UTF-8) is reported unsafe.
func classify(b []byte) cellClass {
	if len(b) == 0 {
		return cellNA
	}
	if k := lexNumber(b); k != cellStr {
		return k // int, float or unsafe (overflowing float)
	}
	if isNABytes(b) {
		return cellNA
	}
	n := len(b)
	if b[0] == ' ' || b[0] == '\t' || b[n-1] == ' ' || b[n-1] == '\t' || b[0] == '+' {
		return cellUnsafe
	}
	if len(b) == 4 || len(b) == 5 {
		// pandas' bool inference is case-insensitive ("tRUE" is True).
		var low [5]byte
		for i, c := range b {
			low[i] = c | 0x20
		}
		if l := string(low[:len(b)]); l == "true" || l == "false" {
			return cellUnsafe // bool inference
		}
	}
	s := b
	if s[0] == '-' {
		s = s[1:]
	}
	// Python float() spellings of inf and nan parse as floats in round_trip mode.
	if len(s) == 3 || len(s) == 8 {
		var low [8]byte
		for i, c := range s {
			low[i] = c | 0x20
		}
		switch string(low[:len(s)]) {
		case "inf", "nan", "infinity":
			return cellUnsafe
		}
	}
	// Number-like text the strict lexer rejected (long integers, digit
	// separators, …) might still convert.
	if len(s) > 0 && (s[0] >= '0' && s[0] <= '9' || s[0] == '.') {
		numeric := true
		for _, c := range s {
			if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' || c == '_') {
				numeric = false
				break
			}
		}
		if numeric {
			return cellUnsafe
		}
	}
	if !utf8.Valid(b) {
		return cellUnsafe
	}
	return cellStr
}

// chunkKind is the dtype a column (or one chunk of it) has.
type chunkKind uint8

const (
	chunkInt chunkKind = iota
	chunkFloat
	chunkObject
)

// kind is the package's Kind for a chunk dtype.
func (k chunkKind) kind() Kind {
	switch k {
	case chunkInt:
		return Int64
	case chunkFloat:
		return Float64
	}
	return String
}

// Mapped is a simple CSV file mapped into memory with its rows indexed and
// its pandas dtypes inferred.
type Mapped struct {
	data    []byte
	release func() error
	Names   []string
	// starts.at(r) is the offset of data row r; starts.at(n) is one past the last
	// row's newline (or len(data)+1 without a final newline).
	starts rowStarts
	// chunkRows is pandas' low_memory buffer_lines for this width.
	chunkRows int
	// kinds[c*len(Names)+j] is how column j's cells in chunk c print.
	chunkKinds []chunkKind
	// colKind is the concatenated column's dtype.
	colKind []chunkKind
	// intChunk[c*len(Names)+j] says chunk c of column j held only integers
	// and NA strings: pandas converted it with its int64 pass (upcast to
	// float64 if it had NA), so "-0" there is the integer 0, not -0.0.
	intChunk []bool
	// bufs are WriteCSV's output buffers, reused across calls.
	bufs [][]byte
	// file is the mapped file, open for reading rows with pread when the
	// mapping is larger than residentLimit (nil otherwise): see bounded.
	file *os.File
	// rowBuf holds the row Fields read last in bounded mode.
	rowBuf []byte
}

// residentLimit is the mapping size above which a Mapped keeps its resident
// memory bounded: sequential passes (indexing, dtype inference, [Mapped.EachRow])
// drop the pages behind them (MADV_DONTNEED), and rows read in arbitrary
// order (the writers, [Mapped.Fields]) are read with pread into small buffers
// instead of through the mapping. Pages touched through a file mapping count
// in the process's RSS, and a random access maps a whole fault-around window
// (64 KiB by default) of already-cached pages, so a few thousand random rows
// of a multi-GB file would otherwise make most of it resident.
// A variable so that tests can exercise both modes on small files.
var residentLimit int64 = 256 << 20

// SetMappedResidentLimit sets the mapping size above which [OpenMapped] opens
// files in bounded mode (256 MiB by default) and returns a function restoring
// the previous value. For tests and measurements of the preparers that use
// the mapped mode; not safe while files are being opened.
func SetMappedResidentLimit(n int64) (restore func()) {
	old := residentLimit
	residentLimit = n
	return func() { residentLimit = old }
}

// dropWindow is how far a sequential pass runs between page drops.
const dropWindow = 32 << 20

// bounded reports whether f keeps its resident memory bounded (see
// residentLimit).
func (f *Mapped) bounded() bool { return f.file != nil }

// drop releases the mapped pages lying wholly inside data[lo:hi] in bounded
// mode.
func (f *Mapped) drop(lo, hi int64) {
	if !f.bounded() {
		return
	}
	const page = 4096
	lo = (lo + page - 1) &^ (page - 1)
	hi = min(hi, int64(len(f.data))) &^ (page - 1)
	if lo < hi {
		DropPages(f.data[lo:hi])
	}
}

// windowed runs fn over data in dropWindow pieces, dropping each piece's
// pages after it in bounded mode; it stops at the first true result.
func (f *Mapped) windowed(data []byte, fn func([]byte) bool) bool {
	for off := 0; off < len(data); off += dropWindow {
		end := min(off+dropWindow, len(data))
		hit := fn(data[off:end])
		f.drop(int64(off), int64(end))
		if hit {
			return true
		}
	}
	return false
}

// ErrNotSimple says the fast path declined the file; use the general reader.
var ErrNotSimple = errors.New("csv is not simple enough for the fast path")

// Close releases the mapped file.
func (f *Mapped) Close() error {
	if f.release == nil {
		return nil
	}
	err := f.release()
	f.release, f.data = nil, nil
	if f.file != nil {
		if cerr := f.file.Close(); err == nil {
			err = cerr
		}
		f.file = nil
	}
	return err
}

// Open maps path and checks that it is simple: UTF-8 without BOM, no
// quote characters, no '\r', no blank lines, a header of distinct non-empty
// names, every row with exactly the header's field count, and every cell
// modelled by [classify]. When the file is readable but not simple the
// error wraps ErrNotSimple and the caller should use package table.
func OpenMapped(ctx context.Context, path string) (*Mapped, error) {
	data, release, err := MapFile(path)
	if err != nil {
		return nil, err
	}
	f := &Mapped{data: data, release: release}
	if int64(len(data)) > residentLimit {
		if f.file, err = os.Open(path); err != nil {
			f.Close()
			return nil, err
		}
	}
	if err := f.index(ctx); err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return f, nil
}

func (f *Mapped) index(ctx context.Context) error {
	data := f.data
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return fmt.Errorf("byte order mark: %w", ErrNotSimple)
	}
	if f.windowed(data, func(b []byte) bool {
		return bytes.IndexByte(b, '"') >= 0 || bytes.IndexByte(b, '\r') >= 0 || bytes.IndexByte(b, 0) >= 0
	}) {
		return fmt.Errorf("quotes, carriage returns or NUL bytes: %w", ErrNotSimple)
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		nl = len(data)
	}
	head := data[:nl]
	if len(head) == 0 || blankLine(head) {
		return fmt.Errorf("empty header: %w", ErrNotSimple)
	}
	seen := map[string]bool{}
	for _, fld := range splitRow(head, nil) {
		name := string(fld)
		if name == "" || seen[name] || !utf8.ValidString(name) {
			return fmt.Errorf("header names: %w", ErrNotSimple)
		}
		seen[name] = true
		f.Names = append(f.Names, name)
	}
	// Row starts.
	pos := nl + 1
	capRows := 2
	if pos < len(data) {
		f.windowed(data[pos:], func(b []byte) bool {
			capRows += bytes.Count(b, []byte{'\n'})
			return false
		})
	}
	starts := rowStarts{lo: make([]uint32, 0, capRows)}
	dropped := 0
	for pos < len(data) {
		if len(starts.lo)&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if pos-dropped >= dropWindow {
			f.drop(int64(dropped), int64(pos))
			dropped = pos
		}
		starts.add(int64(pos))
		i := bytes.IndexByte(data[pos:], '\n')
		if i == 0 {
			return fmt.Errorf("blank line: %w", ErrNotSimple)
		}
		if i < 0 {
			i = len(data) - pos
		}
		if c := data[pos]; (c == ' ' || c == '\t') && blankLine(data[pos:pos+i]) {
			return fmt.Errorf("blank line: %w", ErrNotSimple) // skipped by read_csv
		}
		if i >= 1<<30 {
			return fmt.Errorf("a row of %d bytes: %w", i, ErrNotSimple)
		}
		pos += i + 1
	}
	f.drop(int64(dropped), int64(len(data)))
	starts.add(int64(pos))
	f.starts = starts
	f.chunkRows = BlockRows(len(f.Names))
	return f.infer(ctx)
}

// rowStarts holds ascending row offsets in 4 bytes a row: the low 32 bits
// of each offset, and the rows where the high bits step up (a file of
// several GB has a handful). For the 55M rows of a 5.5 GB file that is
// 220 MB instead of 440.
type rowStarts struct {
	lo []uint32
	// wraps[k] is the first row whose offset is at least (k+1)<<offsetBits.
	wraps []int
}

// offsetBits is how many low bits of an offset lo holds (32; smaller in
// tests, so that small files cross the wrap boundaries).
var offsetBits = 32

// add appends the next offset (not below the previous one).
func (s *rowStarts) add(off int64) {
	for off>>offsetBits > int64(len(s.wraps)) {
		s.wraps = append(s.wraps, len(s.lo))
	}
	s.lo = append(s.lo, uint32(off&(1<<offsetBits-1)))
}

// at returns the offset of row r.
func (s *rowStarts) at(r int) int64 {
	hi := 0
	for hi < len(s.wraps) && r >= s.wraps[hi] {
		hi++
	}
	return int64(hi)<<offsetBits | int64(s.lo[r])
}

// zeroCell is the text of the integer 0.
var zeroCell = []byte("0")

// negZero reports whether an integer literal is a negative zero ("-0",
// "-000").
func negZero(b []byte) bool {
	if len(b) < 2 || b[0] != '-' {
		return false
	}
	for _, c := range b[1:] {
		if c != '0' {
			return false
		}
	}
	return true
}

// blankLine reports whether a line holds only spaces and tabs, which
// read_csv skips as a blank line.
func blankLine(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// Rows returns the number of data rows.
func (f *Mapped) Rows() int { return len(f.starts.lo) - 1 }

// Col returns the index of the named column or -1.
func (f *Mapped) Col(name string) int {
	for i, n := range f.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// row returns the text of data row r without its newline.
func (f *Mapped) Row(r int) []byte {
	return f.data[f.starts.at(r) : f.starts.at(r+1)-1]
}

// infer classifies every cell chunk by chunk, in parallel.
func (f *Mapped) infer(ctx context.Context) error {
	w := len(f.Names)
	n := f.Rows()
	chunks := (n + f.chunkRows - 1) / f.chunkRows
	f.chunkKinds = make([]chunkKind, chunks*w)
	f.intChunk = make([]bool, chunks*w)
	errs := make([]error, chunks)
	parallel(chunks, runtime.GOMAXPROCS(0), func(c int) {
		if ctx.Err() != nil {
			errs[c] = ctx.Err()
			return
		}
		sawNA := make([]bool, w)
		sawFloat := make([]bool, w)
		sawStr := make([]bool, w)
		offs := make([]int32, 0, w+1)
		lo, hi := c*f.chunkRows, min((c+1)*f.chunkRows, n)
		for r := lo; r < hi; r++ {
			row := f.Row(r)
			offs = fieldOffsets(row, offs[:0])
			if len(offs)-1 != w {
				errs[c] = fmt.Errorf("row %d has %d fields, header has %d: %w", r+1, len(offs)-1, w, ErrNotSimple)
				return
			}
			for j := 0; j < w; j++ {
				fld := row[offs[j] : offs[j+1]-1]
				switch classify(fld) {
				case cellNA:
					sawNA[j] = true
				case cellInt:
				case cellFloat:
					sawFloat[j] = true
				case cellStr:
					sawStr[j] = true
				default:
					errs[c] = fmt.Errorf("row %d column %q: cell %q: %w", r+1, f.Names[j], fld, ErrNotSimple)
					return
				}
			}
		}
		f.drop(f.starts.at(lo), f.starts.at(hi))
		for j := 0; j < w; j++ {
			k := chunkInt
			switch {
			case sawStr[j]:
				k = chunkObject
			case sawFloat[j] || sawNA[j]:
				k = chunkFloat
			}
			f.chunkKinds[c*w+j] = k
			f.intChunk[c*w+j] = !sawStr[j] && !sawFloat[j]
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	f.colKind = make([]chunkKind, w)
	for j := 0; j < w; j++ {
		k := chunkInt
		for c := 0; c < chunks; c++ {
			k = max(k, f.chunkKinds[c*w+j])
		}
		f.colKind[j] = k
		if k != chunkObject {
			// numeric concat: every chunk prints as the common dtype
			for c := 0; c < chunks; c++ {
				f.chunkKinds[c*w+j] = k
			}
		}
	}
	return nil
}

// ColKind returns the pandas dtype of column j.
func (f *Mapped) ColKind(j int) Kind { return f.colKind[j].kind() }

// CellKind returns the dtype pandas gives row r's cell of column j: its
// chunk's dtype, or the column's when the column is numeric (Int64, Float64
// or String for object).
func (f *Mapped) CellKind(r, j int) Kind { return f.chunkKinds[(r/f.chunkRows)*len(f.Names)+j].kind() }

// Fields splits data row r on commas into dst (the cells' raw text, which
// aliases the mapped file or, in bounded mode, a buffer of f: valid until the
// next call of Fields or Close).
func (f *Mapped) Fields(r int, dst [][]byte) [][]byte {
	if f.bounded() {
		var err error
		if f.rowBuf, err = f.readRow(r, f.rowBuf); err == nil {
			return splitRow(f.rowBuf, dst)
		}
	}
	return splitRow(f.Row(r), dst)
}

// readRow reads data row r (without its newline) into buf with pread.
func (f *Mapped) readRow(r int, buf []byte) ([]byte, error) {
	n := int(f.starts.at(r+1) - 1 - f.starts.at(r))
	if cap(buf) < n {
		buf = make([]byte, n, max(n, 2*cap(buf)))
	}
	buf = buf[:n]
	if _, err := f.file.ReadAt(buf, f.starts.at(r)); err != nil {
		return buf[:0], fmt.Errorf("reading row %d: %w", r+1, err)
	}
	return buf, nil
}

// EachRow calls fn for every data row in file order with the row's fields
// (aliasing the mapping: valid during the call), dropping the pages behind
// it in bounded mode. It stops at fn's first error.
func (f *Mapped) EachRow(ctx context.Context, fn func(r int, fields [][]byte) error) error {
	var fields [][]byte
	dropped := int64(0)
	for r := 0; r < f.Rows(); r++ {
		if r&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if f.starts.at(r)-dropped >= dropWindow {
				f.drop(dropped, f.starts.at(r))
				dropped = f.starts.at(r)
			}
		}
		fields = splitRow(f.Row(r), fields[:0])
		if err := fn(r, fields); err != nil {
			return err
		}
	}
	f.drop(dropped, int64(len(f.data)))
	return nil
}

// splitRow splits a row on commas into dst.
func splitRow(row []byte, dst [][]byte) [][]byte {
	var buf [64]int32
	offs := fieldOffsets(row, buf[:0])
	for k := 0; k+1 < len(offs); k++ {
		end := int(offs[k+1]) - 1
		dst = append(dst, row[offs[k]:end:end])
	}
	return dst
}

// fieldOffsets appends to offs the start offset of every comma-separated
// field of row plus len(row)+1, so field k is row[offs[k] : offs[k+1]-1].
// It looks for commas eight bytes at a time (an exact zero-byte test on the
// word XOR ",,,,,,,,"), several times faster than a byte loop on rows of
// short numeric fields.
func fieldOffsets(row []byte, offs []int32) []int32 {
	offs = append(offs, 0)
	n := len(row)
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(row[i:]) ^ 0x2c2c2c2c2c2c2c2c
		t := (x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f
		m := ^(t | x | 0x7f7f7f7f7f7f7f7f) // 0x80 in each byte that was ','
		for m != 0 {
			offs = append(offs, int32(i+bits.TrailingZeros64(m)>>3+1))
			m &= m - 1
		}
	}
	for ; i < n; i++ {
		if row[i] == ',' {
			offs = append(offs, int32(i+1))
		}
	}
	return append(offs, int32(n+1))
}

// MappedColumn is one output column: a source column of the frame, or generated
// text (Gen appends the cell of output row i).
type MappedColumn struct {
	Name string
	Src  int
	Gen  func(dst []byte, i int) []byte
}

// SrcCol selects frame column name for output.
func (f *Mapped) SrcCol(name string) MappedColumn { return MappedColumn{Name: name, Src: f.Col(name)} }

// WriteCSV writes the rows (frame row numbers, in output order) with the
// given columns to path as pandas to_csv(index=False) would, formatting
// blocks of rows in parallel and writing them in order.
func (f *Mapped) WriteCSV(ctx context.Context, path string, rows []int, cols []MappedColumn) error {
	return f.WriteCSVs(ctx, rows, []MappedFile{{Path: path, Cols: cols}})
}

// MappedFile is one output file of [Mapped.WriteCSVs].
type MappedFile struct {
	Path string
	Cols []MappedColumn
}

// WriteCSVs writes several files holding the same rows (with different
// columns) in one pass over the rows: each source cell is formatted once
// and copied into every file that has it.
func (f *Mapped) WriteCSVs(ctx context.Context, rows []int, files []MappedFile) (err error) {
	outs := make([]io.Writer, len(files))
	for i, fl := range files {
		out, err := os.Create(fl.Path)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := out.Close(); err == nil && cerr != nil {
				err = cerr
			}
		}()
		outs[i] = out
	}
	if err := f.writeCSVs(ctx, rows, files, outs); err != nil {
		return fmt.Errorf("writing %s: %w", files[0].Path, err)
	}
	return nil
}

const blockRows = 8192

// prefetch is how many rows ahead formatRows touches; sink keeps the
// touches from being optimised away.
const prefetch = 6

var sink atomic.Uint32

func (f *Mapped) writeCSVs(ctx context.Context, rows []int, files []MappedFile, outs []io.Writer) error {
	for i, fl := range files {
		var head []byte
		for k, c := range fl.Cols {
			if k > 0 {
				head = append(head, ',')
			}
			head = appendField(head, []byte(c.Name), len(fl.Cols) == 1)
		}
		head = append(head, '\n')
		if _, err := outs[i].Write(head); err != nil {
			return err
		}
	}
	// Pipeline: a dispatcher hands blocks of rows to GOMAXPROCS workers,
	// each formatting into one of a fixed set of reusable buffer sets
	// (slots, one buffer per file); this goroutine writes the slots in
	// block order and frees them.
	blocks := (len(rows) + blockRows - 1) / blockRows
	workers := max(1, runtime.GOMAXPROCS(0))
	nslots := 2*workers + 1
	nf := len(files)
	type job struct{ block, slot int }
	// Reuse the frame's buffers across calls, sized for a block of average
	// rows (formatted rows are about as long as the raw ones).
	if len(f.bufs) < nslots*nf {
		f.bufs = append(f.bufs, make([][]byte, nslots*nf-len(f.bufs))...)
	}
	bufs := f.bufs[:nslots*nf]
	if n := f.Rows(); n > 0 {
		for i := range bufs {
			cols := len(files[i%nf].Cols)
			want := int(f.starts.at(n)-f.starts.at(0))/n*blockRows*cols/len(f.Names)*5/4 + 16*cols*blockRows/8
			if cap(bufs[i]) < want {
				bufs[i] = make([]byte, 0, want)
			}
		}
	}
	done := make([]chan struct{}, nslots)
	slotErr := make([]error, nslots)
	free := make(chan int, nslots)
	for i := range done {
		done[i] = make(chan struct{}, 1)
		free <- i
	}
	jobs := make(chan job, nslots)
	order := make(chan int, nslots)
	quit := make(chan struct{})
	go func() {
		defer close(jobs)
		defer close(order)
		for b := 0; b < blocks; b++ {
			var s int
			select {
			case s = <-free:
			case <-quit:
				return
			}
			jobs <- job{b, s}
			order <- s
		}
	}()
	for w := 0; w < workers; w++ {
		go func() {
			sc := f.newScratch()
			for j := range jobs {
				lo, hi := j.block*blockRows, min((j.block+1)*blockRows, len(rows))
				slotErr[j.slot] = f.formatRows(bufs[j.slot*nf:(j.slot+1)*nf], rows[lo:hi], lo, files, sc)
				done[j.slot] <- struct{}{}
			}
		}()
	}
	var werr error
	for s := range order {
		<-done[s]
		if werr == nil {
			if err := ctx.Err(); err != nil {
				werr = err
			} else if slotErr[s] != nil {
				werr = slotErr[s]
			}
			for i := 0; i < nf && werr == nil; i++ {
				if _, err := outs[i].Write(bufs[s*nf+i]); err != nil {
					werr = err
				}
			}
			if werr != nil {
				close(quit) // stop dispatching; drain what is in flight
			}
		}
		free <- s
	}
	return werr
}

// scratch is one worker's per-row state: field offsets and the formatted
// text of the source cells used so far in the current row.
type scratch struct {
	offs  []int32
	cells []byte
	start []int32 // start[j] (end[j]) of source column j's text in cells
	end   []int32
	gen   []uint32 // gen[j] == cur when column j is formatted for this row
	cur   uint32
	row   []byte // the row read with pread in bounded mode
}

func (f *Mapped) newScratch() *scratch {
	w := len(f.Names)
	return &scratch{offs: make([]int32, 0, w+1), start: make([]int32, w), end: make([]int32, w), gen: make([]uint32, w)}
}

// formatRows appends the CSV lines of rows (output positions first,
// first+1, …) to dsts[i] for files[i], resetting each first. In bounded
// mode it reads each row with pread instead of through the mapping.
func (f *Mapped) formatRows(dsts [][]byte, rows []int, first int, files []MappedFile, sc *scratch) error {
	w := len(f.Names)
	for i := range dsts {
		dsts[i] = dsts[i][:0]
	}
	var touch byte
	for k, r := range rows {
		var row []byte
		if f.bounded() {
			var err error
			if sc.row, err = f.readRow(r, sc.row); err != nil {
				return err
			}
			row = sc.row
		} else {
			if k+prefetch < len(rows) {
				// Touch a row a few steps ahead so its cache misses overlap
				// with the formatting of this one (rows come in random order).
				touch += f.data[f.starts.at(rows[k+prefetch])]
			}
			row = f.Row(r)
		}
		sc.offs = fieldOffsets(row, sc.offs[:0])
		kinds := f.chunkKinds[(r/f.chunkRows)*w : (r/f.chunkRows+1)*w]
		intc := f.intChunk[(r/f.chunkRows)*w : (r/f.chunkRows+1)*w]
		sc.cur++
		sc.cells = sc.cells[:0]
		for i, fl := range files {
			dst := dsts[i]
			single := len(fl.Cols) == 1
			for ci, c := range fl.Cols {
				if ci > 0 {
					dst = append(dst, ',')
				}
				if c.Gen != nil {
					dst = c.Gen(dst, first+k)
					continue
				}
				cell := row[sc.offs[c.Src] : sc.offs[c.Src+1]-1]
				if intc[c.Src] && kinds[c.Src] == chunkFloat && negZero(cell) {
					cell = zeroCell // int64 pass: -0 is 0, printed 0.0
				}
				if len(files) == 1 {
					dst = f.appendCell(dst, cell, kinds[c.Src], single)
					continue
				}
				if sc.gen[c.Src] != sc.cur {
					st := len(sc.cells)
					sc.cells = f.appendCell(sc.cells, cell, kinds[c.Src], false)
					sc.start[c.Src], sc.end[c.Src], sc.gen[c.Src] = int32(st), int32(len(sc.cells)), sc.cur
				}
				text := sc.cells[sc.start[c.Src]:sc.end[c.Src]]
				if single && len(text) == 0 {
					dst = append(dst, '"', '"')
				} else {
					dst = append(dst, text...)
				}
			}
			dsts[i] = append(dst, '\n')
		}
	}
	sink.Add(uint32(touch))
	return nil
}

// appendCell appends the text pandas writes for a cell of the given chunk
// dtype; single says the row has one field (an empty one is written "").
func (f *Mapped) appendCell(dst, cell []byte, kind chunkKind, single bool) []byte {
	switch kind {
	case chunkInt:
		return appendInt(dst, cell)
	case chunkFloat:
		// Every cell of a float chunk is a strict number or an NA string;
		// NA strings fail to parse or parse as NaN.
		if out, ok := appendDecimalRepr(dst, cell); ok {
			return out
		}
		x, err := strconv.ParseFloat(unsafeString(cell), 64)
		if err != nil || x != x {
			if single {
				dst = append(dst, '"', '"')
			}
			return dst
		}
		return appendRepr(dst, x)
	}
	if isNABytes(cell) {
		if single {
			dst = append(dst, '"', '"')
		}
		return dst
	}
	return append(dst, cell...) // no quotes, commas or newlines: never quoted
}

// appendInt appends a strict integer literal in canonical form ("007" → 7,
// "-0" → 0).
func appendInt(dst, cell []byte) []byte {
	if len(cell) > 0 && cell[0] != '0' && !(cell[0] == '-' && (len(cell) < 2 || cell[1] == '0')) {
		return append(dst, cell...)
	}
	v, err := strconv.ParseInt(unsafeString(cell), 10, 64)
	if err != nil {
		return append(dst, cell...)
	}
	return strconv.AppendInt(dst, v, 10)
}

// unsafeString views b as a string without copying; the result must not outlive b
// or be kept while b changes (b is read-only mapped file data here).
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// appendField appends a text field as Python's csv writer (QUOTE_MINIMAL,
// comma separator) does; single says the row has one field, which is written
// `""` when empty.
func appendField(dst, s []byte, single bool) []byte {
	if single && len(s) == 0 {
		return append(dst, '"', '"')
	}
	return AppendField(dst, unsafeString(s))
}

// appendDecimalRepr appends repr(float(b)) for a strict decimal literal b
// (see lexNumber) with at most 15 significant digits, without converting
// to binary: such a decimal round-trips through float64 and no other
// decimal of 15 digits or fewer maps to the same float, so the shortest
// repr is its own significant digits (trailing zeros dropped), laid out by
// [pyfloat.AppendDigits]. It reports false (appending nothing) when the text
// holds 16 or more significant digits (trailing zeros included) or a
// decimal exponent beyond ±300.
func appendDecimalRepr(dst, b []byte) ([]byte, bool) {
	var digs [16]byte
	nd, point := 0, 0 // significant digits; digits before the decimal point
	mant := 0         // mantissa digits seen, zeros included
	n, i := len(b), 0
	neg := n > 0 && b[0] == '-'
	if neg {
		i++
	}
	for ; i < n && b[i] >= '0' && b[i] <= '9'; i++ {
		mant++
		if nd == 0 && b[i] == '0' {
			continue
		}
		if nd == len(digs) {
			return dst, false // 16 or more significant digits (before trimming)
		}
		digs[nd] = b[i]
		nd++
		point++
	}
	if i < n && b[i] == '.' {
		for i++; i < n && b[i] >= '0' && b[i] <= '9'; i++ {
			mant++
			if nd == 0 && b[i] == '0' {
				point--
				continue
			}
			if nd == len(digs) {
				return dst, false
			}
			digs[nd] = b[i]
			nd++
		}
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < n && (b[i] == '+' || b[i] == '-') {
			eneg = b[i] == '-'
			i++
		}
		exp := 0
		for ; i < n && b[i] >= '0' && b[i] <= '9'; i++ {
			if exp < 100000 {
				exp = exp*10 + int(b[i]-'0')
			}
		}
		if eneg {
			exp = -exp
		}
		point += exp
	}
	if i != n || mant == 0 {
		return dst, false
	}
	for nd > 0 && digs[nd-1] == '0' {
		nd--
	}
	if nd == 0 {
		if neg {
			return append(dst, "-0.0"...), true
		}
		return append(dst, "0.0"...), true
	}
	if nd > 15 || point-1 < -300 || point-1 > 300 {
		return dst, false
	}
	return pyfloat.AppendDigits(dst, neg, digs[:nd], point-1), true
}
