package competitions

// Shared helpers added by competition helper C2 (identifiers prefixed c2).
//
// The main piece is a fast, parallel "pandas read_csv → select rows → to_csv"
// path for large, simple CSV files (tabular-playground-series-may-2022,
// new-york-city-taxi-fare-prediction). It reproduces what
//
//	df = pd.read_csv(path, float_precision="round_trip")   # C engine, low_memory=True
//	df.iloc[rows].to_csv(out, index=False)
//
// writes, for files it can prove are "simple" (see [c2OpenFrame]); for
// anything else it declines and the caller falls back to package table.
//
// pandas behaviour reproduced (checked against pandas 1.5.3 with golden
// files; pandas 2.2's C reader chunks and infers the same way):
//   - dtype inference per low_memory chunk: the C reader converts
//     buffer_lines rows at a time, buffer_lines being the largest power of two
//     whose double is below 2**20 // n_columns (16384 rows for 33 columns);
//     each chunk's column becomes int64 (all cells integers, none missing),
//     float64 (numbers and/or missing cells) or object (anything else);
//   - chunks are then concatenated: int64+float64 chunks give float64 (ints
//     print as "5.0"); any object chunk makes the column object, in which the
//     numeric chunks keep their converted Python values (an int chunk's "007"
//     prints "7", a float chunk's "1.50" prints "1.5") while the object chunks
//     keep their text (the "DtypeWarning: mixed types" quirk);
//   - the default NA strings become NaN and print as empty fields;
//   - floats print as Python repr, ints as digits;
//   - a one-column row whose only field is empty prints as `""` (Python csv).
import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// c2NAValues are pandas' default na_values (pandas ≥ 2.0, which added "None").
var c2NAValues = map[string]bool{
	"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true,
	"-NaN": true, "-nan": true, "1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true,
	"NA": true, "NULL": true, "NaN": true, "None": true, "n/a": true, "nan": true, "null": true,
}

// c2IsNA reports whether b is one of pandas' default NA strings.
func c2IsNA(b []byte) bool {
	if len(b) == 0 {
		return true
	}
	if len(b) > 8 {
		return false
	}
	return c2NAValues[string(b)] // map lookup of string(b) does not allocate
}

// c2Cell classifies one cell's text the way the pandas C parser's per-chunk
// conversion sees it.
type c2Cell uint8

const (
	c2CellNA     c2Cell = iota // a default NA string
	c2CellInt                  // strict integer literal: -?[0-9]{1,18}
	c2CellFloat                // strict decimal float literal
	c2CellStr                  // plain text that can only be a string
	c2CellUnsafe               // something the fast path does not model
)

// c2LexNumber reports whether b is a strict integer literal (-?digits, at
// most 18 digits, so always within int64), a strict decimal float literal
// (-?(d+(.d*)?|.d+)([eE][+-]?d+)?) below 1e308, a float literal that may
// overflow (c2CellUnsafe: pandas keeps such a column as text) or none of
// these (c2CellStr).
func c2LexNumber(b []byte) c2Cell {
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
			return c2CellStr
		}
		return c2CellInt
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
		return c2CellStr
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
			return c2CellStr
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
			return c2CellUnsafe
		}
	} else if i == n && sig-1 >= 307 {
		return c2CellUnsafe
	}
	if i == n {
		return c2CellFloat
	}
	return c2CellStr
}

// c2Classify lexes a cell. It is deliberately strict: any form whose pandas
// conversion is not modelled exactly (booleans, inf/nan spellings, '+'
// signs, surrounding blanks, number-like text the strict lexer rejects,
// integers beyond 18 digits, invalid UTF-8) is reported unsafe.
func c2Classify(b []byte) c2Cell {
	if len(b) == 0 {
		return c2CellNA
	}
	if k := c2LexNumber(b); k != c2CellStr {
		return k // int, float or unsafe (overflowing float)
	}
	if c2IsNA(b) {
		return c2CellNA
	}
	n := len(b)
	if b[0] == ' ' || b[0] == '\t' || b[n-1] == ' ' || b[n-1] == '\t' || b[0] == '+' {
		return c2CellUnsafe
	}
	switch string(b) {
	case "True", "TRUE", "true", "False", "FALSE", "false":
		return c2CellUnsafe // bool inference
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
			return c2CellUnsafe
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
			return c2CellUnsafe
		}
	}
	if !utf8.Valid(b) {
		return c2CellUnsafe
	}
	return c2CellStr
}

// c2Kind is the dtype a column (or one chunk of it) has.
type c2Kind uint8

const (
	c2KindInt c2Kind = iota
	c2KindFloat
	c2KindObject
)

// c2Frame is a simple CSV file mapped into memory with its rows indexed and
// its pandas dtypes inferred.
type c2Frame struct {
	data    []byte
	release func() error
	Names   []string
	// starts[r] is the offset of data row r; starts[n] is one past the last
	// row's newline (or len(data)+1 without a final newline).
	starts []int64
	// chunkRows is pandas' low_memory buffer_lines for this width.
	chunkRows int
	// kinds[c*len(Names)+j] is how column j's cells in chunk c print.
	kinds []c2Kind
	// colKind is the concatenated column's dtype.
	colKind []c2Kind
	// bufs are WriteCSV's output buffers, reused across calls.
	bufs [][]byte
}

// c2ErrNotSimple says the fast path declined the file; use the general reader.
var c2ErrNotSimple = errors.New("csv is not simple enough for the fast path")

// c2BufferLines is pandas' TextReader buffer_lines under low_memory=True.
func c2BufferLines(width int) int {
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
func (f *c2Frame) Close() error {
	if f.release == nil {
		return nil
	}
	err := f.release()
	f.release, f.data = nil, nil
	return err
}

// c2OpenFrame maps path and checks that it is simple: UTF-8 without BOM, no
// quote characters, no '\r', no blank lines, a header of distinct non-empty
// names, every row with exactly the header's field count, and every cell
// modelled by [c2Classify]. When the file is readable but not simple the
// error wraps c2ErrNotSimple and the caller should use package table.
func c2OpenFrame(ctx context.Context, path string) (*c2Frame, error) {
	data, release, err := c2MapFile(path)
	if err != nil {
		return nil, err
	}
	f := &c2Frame{data: data, release: release}
	if err := f.index(ctx); err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return f, nil
}

func (f *c2Frame) index(ctx context.Context) error {
	data := f.data
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return fmt.Errorf("byte order mark: %w", c2ErrNotSimple)
	}
	if bytes.IndexByte(data, '"') >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return fmt.Errorf("quotes or carriage returns: %w", c2ErrNotSimple)
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		nl = len(data)
	}
	head := data[:nl]
	if len(head) == 0 {
		return fmt.Errorf("empty header: %w", c2ErrNotSimple)
	}
	seen := map[string]bool{}
	for _, fld := range c2Split(head, nil) {
		name := string(fld)
		if name == "" || seen[name] || !utf8.ValidString(name) {
			return fmt.Errorf("header names: %w", c2ErrNotSimple)
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
			return fmt.Errorf("blank line: %w", c2ErrNotSimple)
		}
		if i < 0 {
			i = len(data) - pos
		}
		if i >= 1<<30 {
			return fmt.Errorf("a row of %d bytes: %w", i, c2ErrNotSimple)
		}
		pos += i + 1
	}
	starts = append(starts, int64(pos))
	f.starts = starts
	f.chunkRows = c2BufferLines(len(f.Names))
	return f.infer(ctx)
}

// Rows returns the number of data rows.
func (f *c2Frame) Rows() int { return len(f.starts) - 1 }

// Col returns the index of the named column or -1.
func (f *c2Frame) Col(name string) int {
	for i, n := range f.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// row returns the text of data row r without its newline.
func (f *c2Frame) row(r int) []byte {
	return f.data[f.starts[r] : f.starts[r+1]-1]
}

// infer classifies every cell chunk by chunk, in parallel.
func (f *c2Frame) infer(ctx context.Context) error {
	w := len(f.Names)
	n := f.Rows()
	chunks := (n + f.chunkRows - 1) / f.chunkRows
	f.kinds = make([]c2Kind, chunks*w)
	errs := make([]error, chunks)
	c2Parallel(chunks, func(c int) {
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
			row := f.row(r)
			offs = c2FieldOffsets(row, offs[:0])
			if len(offs)-1 != w {
				errs[c] = fmt.Errorf("row %d has %d fields, header has %d: %w", r+1, len(offs)-1, w, c2ErrNotSimple)
				return
			}
			for j := 0; j < w; j++ {
				fld := row[offs[j] : offs[j+1]-1]
				switch c2Classify(fld) {
				case c2CellNA:
					sawNA[j] = true
				case c2CellInt:
				case c2CellFloat:
					sawFloat[j] = true
				case c2CellStr:
					sawStr[j] = true
				default:
					errs[c] = fmt.Errorf("row %d column %q: cell %q: %w", r+1, f.Names[j], fld, c2ErrNotSimple)
					return
				}
			}
		}
		for j := 0; j < w; j++ {
			k := c2KindInt
			switch {
			case sawStr[j]:
				k = c2KindObject
			case sawFloat[j] || sawNA[j]:
				k = c2KindFloat
			}
			f.kinds[c*w+j] = k
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	f.colKind = make([]c2Kind, w)
	for j := 0; j < w; j++ {
		k := c2KindInt
		for c := 0; c < chunks; c++ {
			k = max(k, f.kinds[c*w+j])
		}
		f.colKind[j] = k
		if k != c2KindObject {
			// numeric concat: every chunk prints as the common dtype
			for c := 0; c < chunks; c++ {
				f.kinds[c*w+j] = k
			}
		}
	}
	return nil
}

// ColKind returns the pandas dtype of column j.
func (f *c2Frame) ColKind(j int) c2Kind { return f.colKind[j] }

// c2Split splits a row on commas into dst.
func c2Split(row []byte, dst [][]byte) [][]byte {
	var buf [64]int32
	offs := c2FieldOffsets(row, buf[:0])
	for k := 0; k+1 < len(offs); k++ {
		end := int(offs[k+1]) - 1
		dst = append(dst, row[offs[k]:end:end])
	}
	return dst
}

// c2FieldOffsets appends to offs the start offset of every comma-separated
// field of row plus len(row)+1, so field k is row[offs[k] : offs[k+1]-1].
// It looks for commas eight bytes at a time (an exact zero-byte test on the
// word XOR ",,,,,,,,"), several times faster than a byte loop on rows of
// short numeric fields.
func c2FieldOffsets(row []byte, offs []int32) []int32 {
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

// c2Out is one output column: a source column of the frame, or generated
// text (Gen appends the cell of output row i).
type c2Out struct {
	Name string
	Src  int
	Gen  func(dst []byte, i int) []byte
}

// c2SrcCol selects frame column name for output.
func (f *c2Frame) c2SrcCol(name string) c2Out { return c2Out{Name: name, Src: f.Col(name)} }

// WriteCSV writes the rows (frame row numbers, in output order) with the
// given columns to path as pandas to_csv(index=False) would, formatting
// blocks of rows in parallel and writing them in order.
func (f *c2Frame) WriteCSV(ctx context.Context, path string, rows []int, cols []c2Out) error {
	return f.WriteCSVs(ctx, rows, []c2File{{Path: path, Cols: cols}})
}

// c2File is one output file of [c2Frame.WriteCSVs].
type c2File struct {
	Path string
	Cols []c2Out
}

// WriteCSVs writes several files holding the same rows (with different
// columns) in one pass over the rows: each source cell is formatted once
// and copied into every file that has it.
func (f *c2Frame) WriteCSVs(ctx context.Context, rows []int, files []c2File) (err error) {
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

const c2BlockRows = 8192

// c2Prefetch is how many rows ahead formatRows touches; c2Sink keeps the
// touches from being optimised away.
const c2Prefetch = 6

var c2Sink atomic.Uint32

func (f *c2Frame) writeCSVs(ctx context.Context, rows []int, files []c2File, outs []io.Writer) error {
	for i, fl := range files {
		var head []byte
		for k, c := range fl.Cols {
			if k > 0 {
				head = append(head, ',')
			}
			head = c2AppendField(head, []byte(c.Name), len(fl.Cols) == 1)
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
	blocks := (len(rows) + c2BlockRows - 1) / c2BlockRows
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
			want := int(f.starts[n]-f.starts[0])/n*c2BlockRows*cols/len(f.Names)*5/4 + 16*cols*c2BlockRows/8
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
				lo, hi := j.block*c2BlockRows, min((j.block+1)*c2BlockRows, len(rows))
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

// c2Scratch is one worker's per-row state: field offsets and the formatted
// text of the source cells used so far in the current row.
type c2Scratch struct {
	offs  []int32
	cells []byte
	start []int32 // start[j] (end[j]) of source column j's text in cells
	end   []int32
	gen   []uint32 // gen[j] == cur when column j is formatted for this row
	cur   uint32
}

func (f *c2Frame) newScratch() *c2Scratch {
	w := len(f.Names)
	return &c2Scratch{offs: make([]int32, 0, w+1), start: make([]int32, w), end: make([]int32, w), gen: make([]uint32, w)}
}

// formatRows appends the CSV lines of rows (output positions first,
// first+1, …) to dsts[i] for files[i], resetting each first.
func (f *c2Frame) formatRows(dsts [][]byte, rows []int, first int, files []c2File, sc *c2Scratch) {
	w := len(f.Names)
	for i := range dsts {
		dsts[i] = dsts[i][:0]
	}
	var touch byte
	for k, r := range rows {
		if k+c2Prefetch < len(rows) {
			// Touch a row a few steps ahead so its cache misses overlap
			// with the formatting of this one (rows come in random order).
			touch += f.data[f.starts[rows[k+c2Prefetch]]]
		}
		row := f.row(r)
		sc.offs = c2FieldOffsets(row, sc.offs[:0])
		kinds := f.kinds[(r/f.chunkRows)*w : (r/f.chunkRows+1)*w]
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
	c2Sink.Add(uint32(touch))
}

// appendCell appends the text pandas writes for a cell of the given chunk
// dtype; single says the row has one field (an empty one is written "").
func (f *c2Frame) appendCell(dst, cell []byte, kind c2Kind, single bool) []byte {
	switch kind {
	case c2KindInt:
		return c2AppendInt(dst, cell)
	case c2KindFloat:
		// Every cell of a float chunk is a strict number or an NA string;
		// NA strings fail to parse or parse as NaN.
		if out, ok := c2AppendDecimalRepr(dst, cell); ok {
			return out
		}
		x, err := strconv.ParseFloat(c2Str(cell), 64)
		if err != nil || x != x {
			if single {
				dst = append(dst, '"', '"')
			}
			return dst
		}
		return c2AppendPyFloat(dst, x)
	}
	if c2IsNA(cell) {
		if single {
			dst = append(dst, '"', '"')
		}
		return dst
	}
	return append(dst, cell...) // no quotes, commas or newlines: never quoted
}

// c2AppendInt appends a strict integer literal in canonical form ("007" → 7,
// "-0" → 0).
func c2AppendInt(dst, cell []byte) []byte {
	if len(cell) > 0 && cell[0] != '0' && !(cell[0] == '-' && (len(cell) < 2 || cell[1] == '0')) {
		return append(dst, cell...)
	}
	v, err := strconv.ParseInt(c2Str(cell), 10, 64)
	if err != nil {
		return append(dst, cell...)
	}
	return strconv.AppendInt(dst, v, 10)
}

// c2Str views b as a string without copying; the result must not outlive b
// or be kept while b changes (b is read-only mapped file data here).
func c2Str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// c2AppendField appends a text field with Python csv QUOTE_MINIMAL quoting
// (quoted when it holds ',', '"', '\n' or '\r'; `""` when it is the only,
// empty field of a row).
func c2AppendField(dst, s []byte, single bool) []byte {
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

// c2AppendPyFloat appends Python's repr(x) without allocating.
func c2AppendPyFloat(dst []byte, x float64) []byte { return pyfloat.AppendRepr(dst, x) }

// c2AppendDecimalRepr appends repr(float(b)) for a strict decimal literal b
// (see c2LexNumber) with at most 15 significant digits, without converting
// to binary: such a decimal round-trips through float64 and no other
// decimal of 15 digits or fewer maps to the same float, so the shortest
// repr is its own significant digits (trailing zeros dropped), laid out by
// [pyfloat.AppendDigits]. It reports false (appending nothing) when the text
// holds 16 or more significant digits (trailing zeros included) or a
// decimal exponent beyond ±300.
func c2AppendDecimalRepr(dst, b []byte) ([]byte, bool) {
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

// c2Parallel runs fn(0..n-1) on GOMAXPROCS workers.
func c2Parallel(n int, fn func(i int)) {
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

// c2BufferedCreate creates path with a large write buffer.
func c2BufferedCreate(path string) (*os.File, *bufio.Writer, error) {
	out, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return out, bufio.NewWriterSize(out, 1<<20), nil
}

// c2CellKey is cell i as a Python set element / dict key (comparable Go
// value): numbers by value (1 == 1.0, True == 1), text as text; a float
// column's NaN never matches (ok=false), a text column's missing cell (one
// shared NaN object) matches itself.
func c2CellKey(c *table.Column, i int) (any, bool) {
	if c.Mixed != nil && c.Kind == table.String {
		switch c.Mixed[i] {
		case table.Int64:
			return c2NumKey(0, c.Ints[i], true), true
		case table.Float64:
			if math.IsNaN(c.Floats[i]) {
				return nil, false
			}
			return c2NumKey(c.Floats[i], 0, false), true
		case table.Bool:
			return c2NumKey(0, map[bool]int64{false: 0, true: 1}[c.Bools[i]], true), true
		}
	}
	if c.IsNull(i) {
		if c.Kind == table.Float64 {
			return nil, false
		}
		return c2NA{}, true
	}
	switch c.Kind {
	case table.Int64:
		return c2NumKey(float64(c.Ints[i]), c.Ints[i], true), true
	case table.Float64, table.Bool, table.BoolObject:
		v, _ := c.Float(i)
		return c2NumKey(v, 0, false), true
	}
	return c.Text[i], true
}

type c2NA struct{}

// c2Num is a numeric set element: integral values in int64 range by their
// integer, others by their float value.
type c2Num struct {
	isInt bool
	i     int64
	f     float64
}

func c2NumKey(f float64, i int64, isInt bool) c2Num {
	if isInt {
		return c2Num{isInt: true, i: i}
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return c2Num{isInt: true, i: int64(f)}
	}
	return c2Num{f: f}
}

// c2ArgsortQuick is numpy's argsort(kind="quicksort") of an object array of
// n elements, which pandas' nargsort (sort_values, sort_index) uses for text
// columns: numpy's generic npy_aquicksort (introsort: median-of-three
// partitioning, insertion sort for partitions of at most 16 elements,
// npy_aheapsort once the depth budget of 2·floor(log2 n) is spent), with
// less(a, b) standing in for OBJECT_compare(a, b) < 0. The result equals a
// stable sort's except for the order of equal elements, which it reproduces
// exactly (checked against numpy with testdata/.../reference_argsort.py).
func c2ArgsortQuick(n int, less func(a, b int) bool) []int {
	tosort := make([]int, n)
	for i := range tosort {
		tosort[i] = i
	}
	if n < 2 {
		return tosort
	}
	const smallQuicksort = 15
	type span struct{ pl, pr, depth int }
	var stack []span
	pl, pr := 0, n-1
	cdepth := 2 * (bits.Len(uint(n)) - 1)
	v := tosort
	for {
		if cdepth < 0 {
			c2AHeapsort(v[pl:pr+1], less)
		} else {
			for pr-pl >= 16 { // partitions of 17 or more elements
				pm := pl + (pr-pl)>>1
				if less(v[pm], v[pl]) {
					v[pm], v[pl] = v[pl], v[pm]
				}
				if less(v[pr], v[pm]) {
					v[pr], v[pm] = v[pm], v[pr]
				}
				if less(v[pm], v[pl]) {
					v[pm], v[pl] = v[pl], v[pm]
				}
				vp := v[pm]
				pi, pj := pl, pr-1
				v[pm], v[pj] = v[pj], v[pm]
				for {
					pi++
					for less(v[pi], vp) && pi < pj {
						pi++
					}
					pj--
					for less(vp, v[pj]) && pi < pj {
						pj--
					}
					if pi >= pj {
						break
					}
					v[pi], v[pj] = v[pj], v[pi]
				}
				pk := pr - 1
				v[pi], v[pk] = v[pk], v[pi]
				cdepth--
				if pi-pl < pr-pi {
					stack = append(stack, span{pi + 1, pr, cdepth})
					pr = pi - 1
				} else {
					stack = append(stack, span{pl, pi - 1, cdepth})
					pl = pi + 1
				}
			}
			for pi := pl + 1; pi <= pr; pi++ {
				vi := v[pi]
				pj := pi
				for pj > pl && less(vi, v[pj-1]) {
					v[pj] = v[pj-1]
					pj--
				}
				v[pj] = vi
			}
		}
		if len(stack) == 0 {
			break
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pl, pr, cdepth = top.pl, top.pr, top.depth
	}
	return tosort
}

// c2AHeapsort is numpy's generic npy_aheapsort on the index slice a.
func c2AHeapsort(tosort []int, less func(a, b int) bool) {
	n := len(tosort)
	a := func(i int) *int { return &tosort[i-1] } // 1-based
	for l := n >> 1; l > 0; l-- {
		tmp := *a(l)
		i, j := l, l<<1
		for j <= n {
			if j < n && less(*a(j), *a(j + 1)) {
				j++
			}
			if less(tmp, *a(j)) {
				*a(i) = *a(j)
				i = j
				j += j
			} else {
				break
			}
		}
		*a(i) = tmp
	}
	for n > 1 {
		tmp := *a(n)
		*a(n) = *a(1)
		n--
		i, j := 1, 2
		for j <= n {
			if j < n && less(*a(j), *a(j + 1)) {
				j++
			}
			if less(tmp, *a(j)) {
				*a(i) = *a(j)
				i = j
				j += j
			} else {
				break
			}
		}
		*a(i) = tmp
	}
}

// c2NArgsort is pandas' nargsort(values, kind="quicksort", ascending=True,
// na_position="last") for a column, the row order of df.sort_values(col):
// numpy's quicksort ([c2ArgsortQuick]) of the non-missing cells, then the
// missing ones in their original order. Numbers compare by value, text by
// code point. (numpy ≥ 1.26 may sort int64/float64 with SIMD code on
// AVX-512 machines, whose order of equal numbers differs; text columns, the
// case that matters for ids and keys, always use this algorithm.)
func c2NArgsort(c *table.Column) []int {
	n := c.Len()
	var valid, nulls []int
	for i := 0; i < n; i++ {
		if c.IsNull(i) {
			nulls = append(nulls, i)
		} else {
			valid = append(valid, i)
		}
	}
	order := c2ArgsortQuick(len(valid), func(a, b int) bool { return sharedCompareCells(c, valid[a], valid[b]) < 0 })
	out := make([]int, 0, n)
	for _, k := range order {
		out = append(out, valid[k])
	}
	return append(out, nulls...)
}

// c2SortIndexOrder is the row order of df.set_index(col).sort_index():
// pandas returns the frame unchanged when the index is already monotonic
// increasing (no missing values, each cell >= the previous), and uses
// [c2NArgsort] otherwise.
func c2SortIndexOrder(c *table.Column) []int {
	n := c.Len()
	monotonic := true
	for i := 0; i < n && monotonic; i++ {
		if c.IsNull(i) || (i > 0 && sharedCompareCells(c, i-1, i) > 0) {
			monotonic = false
		}
	}
	if !monotonic {
		return c2NArgsort(c)
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// c2PyInt is Python int(s) for a str: surrounding whitespace, an optional
// sign, ASCII digits with single underscores between them.
func c2PyInt(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	s = strings.ReplaceAll(s, "_", "")
	v, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return 0, false
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// c2CountFiles counts regular files with the given suffix anywhere below dir
// (pathlib's rglob); a missing dir counts 0.
func c2CountFiles(dir, suffix string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), suffix) {
			n++
		}
		return nil
	})
	return n, err
}

// c2ReadZipTable reads a CSV member of an opened zip with the harness's
// read_csv semantics.
func c2ReadZipTable(z *sharedZip, member, zipPath string) (*table.Table, error) {
	r, err := z.Open(member)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", zipPath, err)
	}
	defer r.Close()
	t, err := table.Read(r, table.ReadOptions{Path: zipPath + ":" + member})
	if err != nil {
		return nil, fmt.Errorf("reading %s from %s: %w", member, zipPath, err)
	}
	return t, nil
}

// c2SortedKeys is sorted(list(column)) as comparable keys: the cells in
// pandas sort order (a Python sort of mixed text and numbers raises
// TypeError, as does NaN among text).
func c2SortedKeys(c *table.Column) ([]any, error) {
	if c.Kind == table.String && (c.Mixed != nil || c.HasNull()) {
		return nil, fmt.Errorf("'<' not supported between instances of 'float' and 'str'")
	}
	out := make([]any, 0, c.Len())
	for _, i := range sharedSortIndex(c) {
		k, ok := c2CellKey(c, i)
		if !ok {
			// NaN: iterating a float column makes a new Python float per
			// cell, so a NaN equals nothing, not even a NaN at the same
			// position of another column; a fresh pointer never compares
			// equal.
			k = new(float64)
		}
		out = append(out, k)
	}
	return out, nil
}

// c2CountTopFiles counts the regular files with the given suffix directly
// in dir (glob("*<suffix>"): hidden names skipped).
func c2CountTopFiles(dir, suffix string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), suffix) {
			n++
		}
	}
	return n, nil
}

// c2SameNameSet reports set(a) == set(b).
func c2SameNameSet(a, b []string) bool {
	sa := map[string]bool{}
	for _, s := range a {
		sa[s] = true
	}
	sb := map[string]bool{}
	for _, s := range b {
		sb[s] = true
		if !sa[s] {
			return false
		}
	}
	return len(sa) == len(sb)
}

// c2PySplitlines is Python's str.splitlines() (without keepends) after
// universal-newline reading: line boundaries are \n, \r, \r\n, \v, \f,
// \x1c, \x1d, \x1e, \x85, U+2028 and U+2029; a final boundary does not start
// an empty line.
func c2PySplitlines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, s[start:i])
			i += size
			if r == '\r' && i < len(s) && s[i] == '\n' {
				i++
			}
			start = i
			continue
		}
		i += size
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
