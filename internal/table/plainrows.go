package table

import (
	"bytes"
	"errors"
	"fmt"
	"os"
)

// ErrNotPlain is PlainRows' answer for a file that is not entirely of the
// plain form: the caller reads it the general way instead.
var ErrNotPlain = errors.New("not a file of plain numbers")

// PlainRows reads a CSV file of plain numbers one row at a time, for a
// grader whose whole work is one pass over its files, with no table. It
// takes only what the typed path takes without declining, for a file
// without forced dtypes: after a header equal to the one asked for, at
// least one line, every line ended by '\n' or "\r\n" (the last line may
// lack its end) with the header's number of cells separated by ',', each
// cell a number the way the typed path parses it (lines of the one-pass
// form of typed_fastline.go, the rest cell by cell). Anything else ends
// the read with ErrNotPlain: an empty line, an NA string, quotes, spaces,
// text, another number of cells, and so on. Infinities are numbers here,
// as they are to the typed path.
//
// A file PlainRows reads to its end without error is one [ReadFile] reads
// without error, with the header's names as its columns and, row by row,
// the values PlainRows gives: Int for a column of integers, Float (the
// integer's float64 when a column mixes both) for the rest. The one
// exception is the integer -0, whose float value depends on the
// column's other cells there: PlainRows gives no float for it.
type PlainRows struct {
	f     *os.File
	buf   []byte // unconsumed bytes at buf[off:]
	off   int
	eof   bool
	cells []fastCell
	rows  int
	size  int64
}

// OpenPlainRows opens path for PlainRows. The file's first line must be
// header exactly (no byte-order mark, ending with '\n'), its names
// separated by ','; otherwise, or when the header has more than 16 names,
// the error is ErrNotPlain. An error opening or reading the file is
// returned wrapped. Close the result.
func OpenPlainRows(path, header string) (*PlainRows, error) {
	width := len(splitFields(header, ','))
	if width > fastLineMax || header == "" {
		return nil, ErrNotPlain
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("plain rows: %w", err)
	}
	r := &PlainRows{f: f, cells: make([]fastCell, width)}
	if st, err := f.Stat(); err == nil {
		r.size = st.Size()
	}
	r.buf = make([]byte, 0, max(64, min(int64(typedChunk), r.size+1)))
	if err := r.fill(); err != nil {
		f.Close()
		return nil, err
	}
	if !bytes.HasPrefix(r.buf, []byte(header+"\n")) {
		f.Close()
		return nil, ErrNotPlain
	}
	r.off = len(header) + 1
	return r, nil
}

// Close releases the file.
func (r *PlainRows) Close() error { return r.f.Close() }

// Size is the file's size in bytes when opened (for presizing).
func (r *PlainRows) Size() int64 { return r.size }

// Next reads the next row. It returns false at the end of the file, and
// ErrNotPlain (or a read error, wrapped) at a line of another form or
// when the file has no row at all.
func (r *PlainRows) Next() (bool, error) {
	for {
		if next, ok := fastLineAt(r.buf, r.off, ',', r.cells, nil); ok {
			r.off = next
			r.rows++
			return true, nil
		}
		if k := bytes.IndexByte(r.buf[r.off:], '\n'); k >= 0 {
			// A whole line of another form: cell by cell.
			return r.lineCellByCell(r.off+k, r.off+k+1)
		}
		if r.eof {
			if r.off == len(r.buf) {
				if r.rows == 0 {
					return false, ErrNotPlain // the general path's empty columns
				}
				return false, nil
			}
			// The last line, without its end.
			return r.lineCellByCell(len(r.buf), len(r.buf))
		}
		if err := r.fill(); err != nil {
			return false, err
		}
	}
}

// lineCellByCell takes the line from r.off to end (its '\r' trimmed) cell
// by cell, and goes on at next.
func (r *PlainRows) lineCellByCell(end, next int) (bool, error) {
	start := r.off
	r.off = next
	if !r.cellByCell(r.buf[start:trimCREnd(r.buf, start, end)]) {
		return false, ErrNotPlain
	}
	r.rows++
	return true, nil
}

// cellByCell parses a line the one-pass form does not take as the typed
// path's cell-by-cell form does (plainCell). It reports false for a cell
// of another form and for another number of cells.
func (r *PlainRows) cellByCell(line []byte) bool {
	for c := range r.cells {
		k := bytes.IndexByte(line, ',')
		if (k < 0) != (c == len(r.cells)-1) {
			return false // another number of cells
		}
		s := line
		if k >= 0 {
			s, line = line[:k], line[k+1:]
		}
		v, ok := plainCell(s)
		if !ok {
			return false
		}
		r.cells[c] = v
	}
	return true
}

// fill reads more of the file after the unconsumed bytes (refill).
func (r *PlainRows) fill() error {
	var err error
	if r.buf, r.eof, err = refill(r.f, r.buf, r.off); err != nil {
		return fmt.Errorf("plain rows: %w", err)
	}
	r.off = 0
	return nil
}

// Int is cell c of the current row when it is an integer.
func (r *PlainRows) Int(c int) (int64, bool) {
	v := &r.cells[c]
	return v.i, !v.isFloat
}

// Float is cell c of the current row as a float64: a decimal's value, an
// integer's float64. ok is false for the integer -0 (see PlainRows).
func (r *PlainRows) Float(c int) (f float64, ok bool) {
	v := &r.cells[c]
	if v.isFloat {
		return v.f, true
	}
	return float64(v.i), !v.negZero
}
