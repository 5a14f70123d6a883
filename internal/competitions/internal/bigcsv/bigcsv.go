package bigcsv

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
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

// nAValues are pandas' default na_values (pandas ≥ 2.0, which added "None").
var nAValues = map[string]bool{
	"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true,
	"-NaN": true, "-nan": true, "1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true,
	"NA": true, "NULL": true, "NaN": true, "None": true, "n/a": true, "nan": true, "null": true,
}

// IsNA reports whether b is one of pandas' default NA strings.
func IsNA(b []byte) bool {
	if len(b) == 0 {
		return true
	}
	if len(b) > 8 {
		return false
	}
	return nAValues[string(b)] // map lookup of string(b) does not allocate
}

// cellClass classifies one cell's text the way the pandas C parser's per-chunk
// conversion sees it.
type cellClass uint8

const (
	cellNA     cellClass = iota // a default NA string
	cellInt                     // strict integer literal: -?[0-9]{1,18}
	cellFloat                   // strict decimal float literal
	CellStr                     // plain text that can only be a string
	cellUnsafe                  // something the fast path does not model
)

// lexNumber reports whether b is a strict integer literal (-?digits, at
// most 18 digits, so always within int64), a strict decimal float literal
// (-?(d+(.d*)?|.d+)([eE][+-]?d+)?) below 1e308, a float literal that may
// overflow (cellUnsafe: pandas keeps such a column as text) or none of
// these (CellStr).
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
			return CellStr
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
		return CellStr
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
			return CellStr
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
	return CellStr
}

// Classify lexes a cell. It is deliberately strict: any form whose pandas
// conversion is not modelled exactly (booleans, inf/nan spellings, '+'
// signs, surrounding blanks, number-like text the strict lexer rejects,
// integers beyond 18 digits, invalid UTF-8) is reported unsafe.
func Classify(b []byte) cellClass {
	if len(b) == 0 {
		return cellNA
	}
	if k := lexNumber(b); k != CellStr {
		return k // int, float or unsafe (overflowing float)
	}
	if IsNA(b) {
		return cellNA
	}
	n := len(b)
	if b[0] == ' ' || b[0] == '\t' || b[n-1] == ' ' || b[n-1] == '\t' || b[0] == '+' {
		return cellUnsafe
	}
	switch string(b) {
	case "True", "TRUE", "true", "False", "FALSE", "false":
		return cellUnsafe // bool inference
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
	return CellStr
}

// Kind is the dtype a column (or one chunk of it) has.
type Kind uint8

const (
	KindInt Kind = iota
	KindFloat
	KindObject
)

// Frame is a simple CSV file mapped into memory with its rows indexed and
// its pandas dtypes inferred.
type Frame struct {
	data    []byte
	release func() error
	Names   []string
	// starts[r] is the offset of data row r; starts[n] is one past the last
	// row's newline (or len(data)+1 without a final newline).
	starts []int64
	// ChunkRows is pandas' low_memory buffer_lines for this width.
	ChunkRows int
	// kinds[c*len(Names)+j] is how column j's cells in chunk c print.
	ChunkKinds []Kind
	// colKind is the concatenated column's dtype.
	colKind []Kind
	// bufs are WriteCSV's output buffers, reused across calls.
	bufs [][]byte
}

// ErrNotSimple says the fast path declined the file; use the general reader.
var ErrNotSimple = errors.New("csv is not simple enough for the fast path")

// BufferLines is pandas' TextReader buffer_lines under low_memory=True.
func BufferLines(width int) int {
	if width < 1 {
		width = 1
	}
	heuristic := (1 << 20) / width
	b := 1
	for b*2 < heuristic {
		b *= 2
	}
	return b
}

// Close releases the mapped file.
func (f *Frame) Close() error {
	if f.release == nil {
		return nil
	}
	err := f.release()
	f.release, f.data = nil, nil
	return err
}

// Open maps path and checks that it is simple: UTF-8 without BOM, no
// quote characters, no '\r', no blank lines, a header of distinct non-empty
// names, every row with exactly the header's field count, and every cell
// modelled by [Classify]. When the file is readable but not simple the
// error wraps ErrNotSimple and the caller should use package table.
func Open(ctx context.Context, path string) (*Frame, error) {
	data, release, err := MapFile(path)
	if err != nil {
		return nil, err
	}
	f := &Frame{data: data, release: release}
	if err := f.index(ctx); err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return f, nil
}

func (f *Frame) index(ctx context.Context) error {
	data := f.data
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return fmt.Errorf("byte order mark: %w", ErrNotSimple)
	}
	if bytes.IndexByte(data, '"') >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return fmt.Errorf("quotes or carriage returns: %w", ErrNotSimple)
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		nl = len(data)
	}
	head := data[:nl]
	if len(head) == 0 {
		return fmt.Errorf("empty header: %w", ErrNotSimple)
	}
	seen := map[string]bool{}
	for _, fld := range Split(head, nil) {
		name := string(fld)
		if name == "" || seen[name] || !utf8.ValidString(name) {
			return fmt.Errorf("header names: %w", ErrNotSimple)
		}
		seen[name] = true
		f.Names = append(f.Names, name)
	}
	// Row starts.
	pos := nl + 1
	starts := make([]int64, 0, bytes.Count(data[nl+1:], []byte{'\n'})+2)
	for pos < len(data) {
		if len(starts)&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		starts = append(starts, int64(pos))
		i := bytes.IndexByte(data[pos:], '\n')
		if i == 0 {
			return fmt.Errorf("blank line: %w", ErrNotSimple)
		}
		if i < 0 {
			i = len(data) - pos
		}
		if i >= 1<<30 {
			return fmt.Errorf("a row of %d bytes: %w", i, ErrNotSimple)
		}
		pos += i + 1
	}
	starts = append(starts, int64(pos))
	f.starts = starts
	f.ChunkRows = BufferLines(len(f.Names))
	return f.infer(ctx)
}

// Rows returns the number of data rows.
func (f *Frame) Rows() int { return len(f.starts) - 1 }

// Col returns the index of the named column or -1.
func (f *Frame) Col(name string) int {
	for i, n := range f.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// row returns the text of data row r without its newline.
func (f *Frame) Row(r int) []byte {
	return f.data[f.starts[r] : f.starts[r+1]-1]
}

// infer classifies every cell chunk by chunk, in parallel.
func (f *Frame) infer(ctx context.Context) error {
	w := len(f.Names)
	n := f.Rows()
	chunks := (n + f.ChunkRows - 1) / f.ChunkRows
	f.ChunkKinds = make([]Kind, chunks*w)
	errs := make([]error, chunks)
	parallel(chunks, func(c int) {
		if ctx.Err() != nil {
			errs[c] = ctx.Err()
			return
		}
		sawNA := make([]bool, w)
		sawFloat := make([]bool, w)
		sawStr := make([]bool, w)
		offs := make([]int32, 0, w+1)
		lo, hi := c*f.ChunkRows, min((c+1)*f.ChunkRows, n)
		for r := lo; r < hi; r++ {
			row := f.Row(r)
			offs = fieldOffsets(row, offs[:0])
			if len(offs)-1 != w {
				errs[c] = fmt.Errorf("row %d has %d fields, header has %d: %w", r+1, len(offs)-1, w, ErrNotSimple)
				return
			}
			for j := 0; j < w; j++ {
				fld := row[offs[j] : offs[j+1]-1]
				switch Classify(fld) {
				case cellNA:
					sawNA[j] = true
				case cellInt:
				case cellFloat:
					sawFloat[j] = true
				case CellStr:
					sawStr[j] = true
				default:
					errs[c] = fmt.Errorf("row %d column %q: cell %q: %w", r+1, f.Names[j], fld, ErrNotSimple)
					return
				}
			}
		}
		for j := 0; j < w; j++ {
			k := KindInt
			switch {
			case sawStr[j]:
				k = KindObject
			case sawFloat[j] || sawNA[j]:
				k = KindFloat
			}
			f.ChunkKinds[c*w+j] = k
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	f.colKind = make([]Kind, w)
	for j := 0; j < w; j++ {
		k := KindInt
		for c := 0; c < chunks; c++ {
			k = max(k, f.ChunkKinds[c*w+j])
		}
		f.colKind[j] = k
		if k != KindObject {
			// numeric concat: every chunk prints as the common dtype
			for c := 0; c < chunks; c++ {
				f.ChunkKinds[c*w+j] = k
			}
		}
	}
	return nil
}

// ColKind returns the pandas dtype of column j.
func (f *Frame) ColKind(j int) Kind { return f.colKind[j] }

// Split splits a row on commas into dst.
func Split(row []byte, dst [][]byte) [][]byte {
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

// Out is one output column: a source column of the frame, or generated
// text (Gen appends the cell of output row i).
type Out struct {
	Name string
	Src  int
	Gen  func(dst []byte, i int) []byte
}

// SrcCol selects frame column name for output.
func (f *Frame) SrcCol(name string) Out { return Out{Name: name, Src: f.Col(name)} }

// WriteCSV writes the rows (frame row numbers, in output order) with the
// given columns to path as pandas to_csv(index=False) would, formatting
// blocks of rows in parallel and writing them in order.
func (f *Frame) WriteCSV(ctx context.Context, path string, rows []int, cols []Out) error {
	return f.WriteCSVs(ctx, rows, []File{{Path: path, Cols: cols}})
}

// File is one output file of [Frame.WriteCSVs].
type File struct {
	Path string
	Cols []Out
}

// WriteCSVs writes several files holding the same rows (with different
// columns) in one pass over the rows: each source cell is formatted once
// and copied into every file that has it.
func (f *Frame) WriteCSVs(ctx context.Context, rows []int, files []File) (err error) {
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

func (f *Frame) writeCSVs(ctx context.Context, rows []int, files []File, outs []io.Writer) error {
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
			want := int(f.starts[n]-f.starts[0])/n*blockRows*cols/len(f.Names)*5/4 + 16*cols*blockRows/8
			if cap(bufs[i]) < want {
				bufs[i] = make([]byte, 0, want)
			}
		}
	}
	done := make([]chan struct{}, nslots)
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
				f.formatRows(bufs[j.slot*nf:(j.slot+1)*nf], rows[lo:hi], lo, files, sc)
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
}

func (f *Frame) newScratch() *scratch {
	w := len(f.Names)
	return &scratch{offs: make([]int32, 0, w+1), start: make([]int32, w), end: make([]int32, w), gen: make([]uint32, w)}
}

// formatRows appends the CSV lines of rows (output positions first,
// first+1, …) to dsts[i] for files[i], resetting each first.
func (f *Frame) formatRows(dsts [][]byte, rows []int, first int, files []File, sc *scratch) {
	w := len(f.Names)
	for i := range dsts {
		dsts[i] = dsts[i][:0]
	}
	var touch byte
	for k, r := range rows {
		if k+prefetch < len(rows) {
			// Touch a row a few steps ahead so its cache misses overlap
			// with the formatting of this one (rows come in random order).
			touch += f.data[f.starts[rows[k+prefetch]]]
		}
		row := f.Row(r)
		sc.offs = fieldOffsets(row, sc.offs[:0])
		kinds := f.ChunkKinds[(r/f.ChunkRows)*w : (r/f.ChunkRows+1)*w]
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
}

// appendCell appends the text pandas writes for a cell of the given chunk
// dtype; single says the row has one field (an empty one is written "").
func (f *Frame) appendCell(dst, cell []byte, kind Kind, single bool) []byte {
	switch kind {
	case KindInt:
		return appendInt(dst, cell)
	case KindFloat:
		// Every cell of a float chunk is a strict number or an NA string;
		// NA strings fail to parse or parse as NaN.
		if out, ok := appendDecimalRepr(dst, cell); ok {
			return out
		}
		x, err := strconv.ParseFloat(Str(cell), 64)
		if err != nil || x != x {
			if single {
				dst = append(dst, '"', '"')
			}
			return dst
		}
		return appendPyFloat(dst, x)
	}
	if IsNA(cell) {
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
	v, err := strconv.ParseInt(Str(cell), 10, 64)
	if err != nil {
		return append(dst, cell...)
	}
	return strconv.AppendInt(dst, v, 10)
}

// Str views b as a string without copying; the result must not outlive b
// or be kept while b changes (b is read-only mapped file data here).
func Str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// appendField appends a text field with Python csv QUOTE_MINIMAL quoting
// (quoted when it holds ',', '"', '\n' or '\r'; `""` when it is the only,
// empty field of a row).
func appendField(dst, s []byte, single bool) []byte {
	need := single && len(s) == 0
	for _, c := range s {
		if c == ',' || c == '"' || c == '\n' || c == '\r' {
			need = true
			break
		}
	}
	if !need {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for _, c := range s {
		if c == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, c)
	}
	return append(dst, '"')
}

// appendPyFloat appends Python's repr(x) without allocating.
func appendPyFloat(dst []byte, x float64) []byte { return pyfloat.AppendRepr(dst, x) }

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

// parallel runs fn(0..n-1) on GOMAXPROCS workers.
func parallel(n int, fn func(i int)) {
	workers := min(max(1, runtime.GOMAXPROCS(0)), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var next int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := int(next)
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}
