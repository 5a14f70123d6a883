package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/bigslice"
	"io"
	"math"
	"math/bits"
	"os"
	"slices"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The typed path of [ReadFile] with [ReadOptions.DropNumericText]: a file
// whose every data cell is a plain number is streamed once, in fixed-size
// chunks, straight into int64 / float64 column slices, with the low_memory
// block dtype rule of the general path (a block of rows is int64 when all
// its cells are, float64 otherwise; a column with a float64 block is
// float64). No cell text, no packed references and no copy of the whole
// file are kept, so memory is the typed columns plus one chunk.
//
// The path declines (and ReadFile reads the file again through the general
// path) at the first thing whose result it does not decide exactly as the
// general path: a header it cannot take as is (quotes, '\r', NUL, leading
// blanks, non-ASCII), a '\r' other than one before a line end, a row with another number of fields than the header,
// an NA string, a cell that is not a plain number (quotes, surrounding
// whitespace, a '+' sign, text, booleans), an integer of more than 18
// digits, or a float64 value ParseFloat would reject. Cells are classified
// with the general path's own parsers (parseInt64, then ParseFloat), so a
// value is the one the general path gives; lines of plain integers and
// plain decimals take a one-pass form with the same values
// (typed_fastline.go). Forced dtypes (ReadOptions.Dtype)
// of int64 and float64 are read the same way (see addForced); others
// decline.

// typedChunk is the read size of the typed path (lowered by tests).
var typedChunk = 1 << 20

// errDecline stops the typed path; the general path takes over.
var errDecline = errors.New("typed path declined")

type typedCol struct {
	ints    []int64
	floats  []float64
	isFloat bool // some block was float64 (or the dtype is forced to float64): the column is float64
	forced  Kind // the forced dtype (dtype=), when hasF
	hasF    bool
	blkFlt  bool    // the current block has a non-integer cell
	negZero []int32 // rows of the current block whose text is an integer -0
}

// readTypedFile reads path through the typed path; ok is false when it
// declines.
func readTypedFile(path string, opt ReadOptions) (t *Table, ok bool, err error) {
	if opt.AllString || opt.NoNA || opt.Usecols != nil {
		return nil, false, nil
	}
	sep := opt.Sep
	if sep == 0 {
		sep = ','
	}
	if sep == '"' || sep == '\n' || sep == '\r' || sep == ' ' || sep == '\t' || sep >= 0x80 || (sep >= '0' && sep <= '9') || sep == '.' || sep == '-' || sep == '+' || sep == 'e' || sep == 'E' {
		return nil, false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false, nil // the general path reports it
	}
	defer f.Close()
	size := int64(0)
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}
	tr := &typedReader{f: f, sep: sep, buf: chunkBuf(int(max(16, min(int64(typedChunk), size+1))))}
	t, err = tr.read(opt, size)
	putChunkBuf(tr.buf)
	if errors.Is(err, errDecline) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading csv: %w", err)
	}
	return t, true, nil
}

// spareChunk holds the read buffer of the last typed read of a whole chunk
// (a grading reads two files in a row: the second reuses the first's
// buffer instead of a fresh MiB of memory). No table refers to it: cells
// are parsed out of it, names copied.
var spareChunk struct {
	sync.Mutex
	buf []byte
}

// chunkBuf returns an empty buffer of capacity n, the spare one when it
// fits.
func chunkBuf(n int) []byte {
	if n == typedChunk {
		spareChunk.Lock()
		b := spareChunk.buf
		spareChunk.buf = nil
		spareChunk.Unlock()
		if cap(b) == n {
			return b[:0]
		}
	}
	return make([]byte, 0, n)
}

// putChunkBuf keeps b for the next read when it is a whole chunk.
func putChunkBuf(b []byte) {
	if cap(b) != typedChunk {
		return
	}
	spareChunk.Lock()
	spareChunk.buf = b[:0]
	spareChunk.Unlock()
}

type typedReader struct {
	f   *os.File
	sep byte
	buf []byte // unconsumed bytes at buf[off:]
	off int
	eof bool
}

// line returns the next line without its '\n' (the last line may lack
// one); ok is false at the end of the file.
func (r *typedReader) line() (line []byte, ok bool, err error) {
	start, end, ok, err := r.lineSpan()
	if !ok || err != nil {
		return nil, ok, err
	}
	return r.buf[start:end], true, nil
}

// lineSpan is line as the span r.buf[start:end], valid until the next
// call. r.buf[end], when end < len(r.buf), is the line's '\r' or '\n'.
func (r *typedReader) lineSpan() (start, end int, ok bool, err error) {
	for {
		if k := bytes.IndexByte(r.buf[r.off:], '\n'); k >= 0 {
			start, end = r.off, r.off+k
			r.off += k + 1
			return start, trimCREnd(r.buf, start, end), true, nil
		}
		if r.eof {
			if r.off < len(r.buf) {
				start, end = r.off, len(r.buf)
				r.off = len(r.buf)
				return start, trimCREnd(r.buf, start, end), true, nil
			}
			return 0, 0, false, nil
		}
		var err error
		if r.buf, r.eof, err = refill(r.f, r.buf, r.off); err != nil {
			return 0, 0, false, err
		}
		r.off = 0
	}
}

// refill moves buf[off:], the unconsumed bytes (a partial line), to the
// front of buf, growing it when they fill it (a line longer than the
// buffer), and reads from f after them. eof is set when f has no more.
func refill(f *os.File, buf []byte, off int) (out []byte, eof bool, err error) {
	n := copy(buf[:cap(buf)], buf[off:])
	buf = buf[:n]
	if n == cap(buf) {
		nb := make([]byte, n, 2*cap(buf))
		copy(nb, buf)
		buf = nb
	}
	m, err := io.ReadFull(f, buf[n:cap(buf)])
	buf = buf[:n+m]
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return buf, true, nil
	case err != nil:
		return buf, false, err
	}
	return buf, false, nil
}

func (r *typedReader) read(opt ReadOptions, size int64) (*Table, error) {
	head, ok, err := r.line()
	if err != nil || !ok {
		if err == nil {
			err = errDecline // empty file: the general path's ErrEmpty
		}
		return nil, err
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if len(head) == 0 || head[0] == ' ' || head[0] == '\t' {
		return nil, errDecline
	}
	for _, c := range head {
		if c == '"' || c == '\r' || c == 0 || c >= utf8.RuneSelf {
			return nil, errDecline
		}
	}
	raw := splitFields(string(head), r.sep)
	names, dtypes := mangleHeader(raw, opt)
	width := len(names)
	// skip[c]: column c is not kept (ReadOptions.Keep); its cells are only
	// checked to be free of what would make the plain split differ from
	// the tokenizer's (quotes, a '\r' inside a line, NUL).
	skip := make([]bool, width)
	anySkip := false
	if opt.Keep != nil {
		for _, k := range opt.Keep {
			if !slices.Contains(names, k) {
				return nil, errDecline // the general path reports it
			}
		}
		for c, n := range names {
			skip[c] = !slices.Contains(opt.Keep, n)
			anySkip = anySkip || skip[c]
		}
	}
	bsize := math.MaxInt
	if !opt.NoLowMemory {
		bsize = dtypeBlockRows(width)
	}
	// Capacity from the header's share of the file: a guess the first
	// lines refine below.
	cols := make([]typedCol, width)
	for j, k := range dtypes {
		if skip[j] {
			continue
		}
		if k != Int64 && k != Float64 {
			return nil, errDecline
		}
		cols[j].forced, cols[j].hasF = k, true
		cols[j].isFloat = k == Float64
	}
	var cells []fastCell
	var skipCells []bool // skip for the fast line form: nil when every column is kept
	if width <= fastLineMax {
		cells = make([]fastCell, width)
	}
	if anySkip {
		skipCells = skip
	}
	// intRuns: every column is kept, has no forced dtype and is int64 so
	// far, so lines of integers can go to intLinesAt. A column never turns
	// back from float64: once one has, intRuns stays false (files of
	// decimals pay one check).
	intRuns := cells != nil && !anySkip && len(dtypes) == 0
	row := 0
	for {
		if intRuns && !allInts(cols) {
			intRuns = false
		}
		if intRuns && row%bsize != 0 {
			next, n := intLinesAt(r.buf, r.off, r.sep, cols, bsize-row%bsize)
			r.off = next
			row += n
			if n > 0 {
				continue
			}
		}
		if cells != nil && row > 0 {
			// Most lines: parsed where they start in the buffer, the
			// parse finding their end (fastLineAt).
			if next, ok := fastLineAt(r.buf, r.off, r.sep, cells, skipCells); ok {
				r.off = next
				newBlock := row%bsize == 0
				for c := range cols {
					if skip[c] {
						continue
					}
					col, v := &cols[c], &cells[c]
					// What addCell does for a cell of the column's own
					// kind inside a block, without the call.
					if !newBlock && !col.hasF {
						if !v.isFloat && !v.negZero && !col.isFloat {
							col.ints = append(col.ints, v.i)
							continue
						}
						if v.isFloat && col.isFloat && col.blkFlt {
							col.floats = append(col.floats, v.f)
							continue
						}
					}
					if err := col.addCell(v, row, newBlock); err != nil {
						return nil, err
					}
				}
				row++
				continue
			}
		}
		start, end, ok, err := r.lineSpan()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		line := r.buf[start:end]
		newBlock := row%bsize == 0
		fast := cells != nil && fastLine(r.buf, start, end, r.sep, cells, skipCells)
		if !fast && anySkip && !plainSkipped(line) {
			// A skipped cell that could split otherwise than the
			// tokenizer splits it (a quoted text column left out: the
			// general path reads such files), declined before presize's
			// allocation.
			return nil, errDecline
		}
		if row == 0 && size > 0 {
			presize(cols, skip, int(size/int64(len(line)+1))+16, fast, cells)
		}
		if fast {
			// Every kept cell is a plain number, and no skipped cell
			// holds a quote, a '\r' or NUL (fastLine checked them).
			for c := range cols {
				if !skip[c] {
					if err := cols[c].addCell(&cells[c], row, newBlock); err != nil {
						return nil, err
					}
				}
			}
			row++
			continue
		}
		c := 0
		for c < width-1 {
			if skip[c] {
				// A run of columns left out, up to the next kept one or
				// the last column (plainSkipped checked their bytes).
				m := 1
				for c+m < width-1 && skip[c+m] {
					m++
				}
				rest, ok := skipFields(line, r.sep, m)
				if !ok {
					return nil, errDecline // too few fields
				}
				line, c = rest, c+m
				continue
			}
			k := bytes.IndexByte(line, r.sep)
			if k < 0 {
				return nil, errDecline // too few fields
			}
			if err := cols[c].add(line[:k], row, newBlock); err != nil {
				return nil, err
			}
			line = line[k+1:]
			c++
		}
		if bytes.IndexByte(line, r.sep) >= 0 {
			return nil, errDecline // too many fields
		}
		if !skip[c] {
			if err := cols[c].add(line, row, newBlock); err != nil {
				return nil, err
			}
		}
		row++
	}
	if row == 0 {
		return nil, errDecline // header only: the general path's empty columns
	}
	out := make([]*Column, 0, width)
	for c := range cols {
		if skip[c] {
			continue
		}
		col := &Column{Name: names[c]}
		if cols[c].isFloat {
			col.Kind, col.Floats = Float64, cols[c].floats
		} else {
			col.Kind, col.Ints = Int64, cols[c].ints
		}
		out = append(out, col)
	}
	t, err := New(out...)
	if err != nil {
		return nil, errDecline
	}
	return t, nil
}

// allInts reports whether every column is int64 so far.
func allInts(cols []typedCol) bool {
	for c := range cols {
		if cols[c].isFloat {
			return false
		}
	}
	return true
}

// intLinesAt stores, from b[start:], at most max whole lines of plain
// integers, one a column (-?[0-9]{1,18} each, not "-0…0", cells split by
// sep, each line ending in "\n" or "\r\n" inside b), appending each cell to
// its column's ints, and returns the position after them and their
// number. It stops before the first other line, which the caller decides
// as before. For columns of ints without forced dtypes, inside a dtype
// block (no line of these starts one), this is what the fast line path
// does with such a line, in one loop over the lines with no per-cell
// records (two-column files of integer ids and labels: the graders of
// (id, label) pairs).
func intLinesAt(b []byte, start int, sep byte, cols []typedCol, max int) (next, n int) {
	var vals [fastLineMax]int64
	w := len(cols)
	i := start
	for n < max {
		p := i
		for c := 0; c < w; c++ {
			neg := p < len(b) && b[p] == '-'
			if neg {
				p++
			}
			q, man, nd := digitRun(b, p, len(b), 0)
			if nd == 0 || nd > 18 || q >= len(b) || (neg && man == 0) {
				return i, n
			}
			v := int64(man)
			if neg {
				v = -v
			}
			vals[c], p = v, q
			if c < w-1 {
				if b[p] != sep {
					return i, n
				}
				p++
			}
		}
		switch {
		case b[p] == '\n':
			p++
		case b[p] == '\r' && p+1 < len(b) && b[p+1] == '\n':
			p += 2
		default:
			return i, n
		}
		for c := range w {
			cols[c].ints = append(cols[c].ints, vals[c])
		}
		i = p
		n++
	}
	return i, n
}

// presize gives each kept column the capacity of est rows and a little
// more (est is the file's size over its first line's): a float64 slice
// for a column with a forced float64 dtype or whose first cell is a
// decimal of a fast line (first says which, cells holds the line), an
// int64 slice otherwise. A column that turns float64 later is converted
// by addFloat as before; one whose first cell is a decimal gets no int64
// slice it would drop at once.
func presize(cols []typedCol, skip []bool, est int, fast bool, cells []fastCell) {
	for c := range cols {
		if skip[c] {
			continue
		}
		switch {
		case cols[c].isFloat:
			cols[c].floats = bigslice.Float64s(0, est+est/16)
		case fast && !cols[c].hasF && cells[c].isFloat:
			cols[c].floats = bigslice.Float64s(0, est+est/16) // taken by addFloat
		default:
			cols[c].ints = bigslice.Int64s(0, est+est/16)
		}
	}
}

// add classifies and stores cell s of row row.
func (c *typedCol) add(s []byte, row int, newBlock bool) error {
	if newBlock {
		c.blkFlt = false
		c.negZero = c.negZero[:0]
	}
	if c.hasF {
		v, negZero, st := plainInt(s)
		return c.addForced(s, v, negZero, st)
	}
	v, ok := plainCell(s)
	switch {
	case !ok:
		return errDecline
	case v.isFloat:
		c.addFloat(v.f)
	default:
		c.addInt(v.i, v.negZero, row)
	}
	return nil
}

// plainCell is a cell of a column without a forced dtype as the typed path
// takes it: a plain integer (plainInt), else a float ParseFloat takes that
// is no NA string, has no surrounding space and no integer form parseInt64
// takes. ok is false for anything else.
func plainCell(s []byte) (v fastCell, ok bool) {
	i, negZero, st := plainInt(s)
	if st == numOK {
		return fastCell{i: i, negZero: negZero}, true
	}
	if len(s) == 0 {
		return fastCell{}, false // an empty cell is NA
	}
	str := bytesString(s)
	if IsNA(str) || isSpaceASCII(s[0]) || isSpaceASCII(s[len(s)-1]) {
		return fastCell{}, false
	}
	if st != numInvalid {
		if _, st := parseInt64(str); st != numInvalid {
			return fastCell{}, false // an integer form plainInt does not take
		}
	}
	f, ok := ParseFloat(str)
	if !ok {
		return fastCell{}, false
	}
	return fastCell{f: f, isFloat: true}, true
}

// addCell stores a cell of a fast line (fastLine) of row row: what add
// does with the cell's text.
func (c *typedCol) addCell(v *fastCell, row int, newBlock bool) error {
	if newBlock {
		c.blkFlt = false
		c.negZero = c.negZero[:0]
	}
	if !v.isFloat {
		if c.hasF {
			return c.addForced(nil, v.i, v.negZero, numOK)
		}
		c.addInt(v.i, v.negZero, row)
		return nil
	}
	if c.hasF {
		if c.forced == Int64 {
			return errDecline
		}
		c.floats = append(c.floats, v.f)
		return nil
	}
	c.addFloat(v.f)
	return nil
}

// addInt stores a plain integer cell (plainInt's numOK) of a column
// without a forced dtype.
func (c *typedCol) addInt(v int64, negZero bool, row int) {
	if !c.isFloat {
		c.ints = append(c.ints, v)
	} else {
		c.floats = append(c.floats, float64(v))
	}
	if negZero {
		if c.blkFlt {
			c.floats[row] = math.Copysign(0, -1)
		} else {
			c.negZero = append(c.negZero, int32(row))
		}
	}
}

// addFloat stores a non-integer cell's value f in a column without a
// forced dtype: the column and the current block turn float64.
func (c *typedCol) addFloat(f float64) {
	if !c.isFloat {
		if len(c.ints) == 0 && cap(c.floats) > 0 {
			// Presized for a decimal first cell (presize).
			c.ints, c.isFloat = nil, true
		} else {
			fl := bigslice.Float64s(len(c.ints), cap(c.ints))
			for i, v := range c.ints {
				fl[i] = float64(v)
			}
			c.floats, c.ints, c.isFloat = fl, nil, true
		}
	}
	if !c.blkFlt {
		// The block turns float64: its integer cells are parsed as floats,
		// which keeps the sign of "-0".
		c.blkFlt = true
		for _, r := range c.negZero {
			c.floats[r] = math.Copysign(0, -1)
		}
		c.negZero = c.negZero[:0]
	}
	c.floats = append(c.floats, f)
}

// addForced stores a cell of a column with a forced int64 or float64
// dtype: plain integers, and for float64 any value ParseFloat takes (what
// the general path's forced conversion reads them as); anything else
// declines (NA strings, booleans, integral floats in an int64 column, and
// the errors).
func (c *typedCol) addForced(s []byte, v int64, negZero bool, st numStatus) error {
	if c.forced == Int64 {
		if st != numOK {
			return errDecline
		}
		c.ints = append(c.ints, v)
		return nil
	}
	if st == numOK {
		f := float64(v)
		if negZero {
			f = math.Copysign(0, -1)
		}
		c.floats = append(c.floats, f)
		return nil
	}
	str := bytesString(s)
	if IsNA(str) || isSpaceASCII(s[0]) || isSpaceASCII(s[len(s)-1]) {
		return errDecline
	}
	f, ok := ParseFloat(str)
	if !ok {
		return errDecline
	}
	c.floats = append(c.floats, f)
	return nil
}

// plainInt parses -?[0-9]{1,18}, which parseInt64 accepts with the same
// value and ParseFloat converts to float64(v) (and -0 for a negative zero).
// st is numOK for such a cell, numInvalid when s holds a '.', 'e' or 'E'
// after its sign (parseInt64 rejects it too), numOverflow otherwise
// (undecided: the caller asks parseInt64).
func plainInt(s []byte) (v int64, negZero bool, st numStatus) {
	neg := false
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	if len(s) == 0 {
		return 0, false, numOverflow
	}
	for k, c := range s {
		d := c - '0'
		if d > 9 {
			for _, c := range s[k:] {
				if c == '.' || c == 'e' || c == 'E' {
					return 0, false, numInvalid
				}
			}
			return 0, false, numOverflow
		}
		v = v*10 + int64(d)
	}
	if len(s) > 18 {
		return 0, false, numOverflow
	}
	if neg {
		return -v, v == 0, numOK
	}
	return v, false, numOK
}

// plainSkipped reports whether a line with cells of columns the caller
// does not keep splits as the tokenizer splits it, and reads without
// error: no quote (which could hide a separator or a line end), no '\r' (a
// line end for the tokenizer), no NUL, and valid UTF-8 (pandas fails the
// whole read on a cell it cannot decode, kept or not). (The kept cells'
// own checks would decline on these too.)
func plainSkipped(line []byte) bool {
	return bytes.IndexByte(line, '"') < 0 && bytes.IndexByte(line, '\r') < 0 && bytes.IndexByte(line, 0) < 0 &&
		utf8.Valid(line)
}

// trimCREnd is the end of b[start:end] after trimCR.
func trimCREnd(b []byte, start, end int) int {
	if end > start && b[end-1] == '\r' {
		return end - 1
	}
	return end
}

// bytesString views b as a string without copying; the string must not
// outlive the next read into b.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func splitFields(s string, sep byte) []string {
	var out []string
	for {
		k := indexByteString(s, sep)
		if k < 0 {
			return append(out, s)
		}
		out = append(out, s[:k])
		s = s[k+1:]
	}
}

func indexByteString(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// skipFields returns b after its m-th sep byte (m ≥ 1), or ok false when b
// holds fewer: eight bytes at a time, counting the separators in each
// word, for runs of short cells a column read leaves out (a call of
// bytes.IndexByte a cell had been most of reading tabular-dec-2021's
// 56-column answers for two of their columns).
func skipFields(b []byte, sep byte, m int) (rest []byte, ok bool) {
	const low7 = 0x7f7f7f7f7f7f7f7f
	pat := 0x0101010101010101 * uint64(sep)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:]) ^ pat
		// The high bit of each byte of w that is zero, exactly (no
		// borrow crosses a byte: 7-bit halves plus 0x7f stay in their
		// byte).
		z := ^(((w & low7) + low7) | w) &^ low7
		n := bits.OnesCount64(z)
		if n < m {
			m -= n
			continue
		}
		for ; m > 1; m-- {
			z &= z - 1
		}
		return b[i+bits.TrailingZeros64(z)>>3+1:], true
	}
	for ; i < len(b); i++ {
		if b[i] == sep {
			if m--; m == 0 {
				return b[i+1:], true
			}
		}
	}
	return nil, false
}
