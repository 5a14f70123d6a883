// Package pairlines reads two-column CSV files of the plain form that
// preparers write and most submissions copy, a line a row, for graders
// that take such files in a pass of their own (competition.Impl.GradeFiles)
// instead of reading them into tables.
//
// A File accepts only what the harness's read (pandas read_csv, package
// table) turns into two str columns holding each cell's text, an NA string
// being missing: the caller's pass over an accepted file therefore sees
// exactly the cells Grade would. It refuses, with an error, everything
// else, and the caller then declines to the tables:
//   - a byte-order mark, invalid UTF-8, a NUL byte or a carriage return
//     anywhere;
//   - a header other than the given one, bare or with both names quoted;
//   - a blank line, a line break inside a quoted field, or a row of other
//     than two fields;
//   - a key field (the first) with a quote inside, or a quoted value field
//     (the second) with a quote inside that is not doubled, or text after
//     its closing quote, or a bare value with a quote;
//   - an integer beyond int64 in any cell ([table.OverflowsInt64]);
//   - a low_memory block of rows ([table.BlockRows] of two columns) in
//     which a column the caller names has no cell that only a str can hold
//     ([table.OnlyText]); with one, whatever the block's other cells are,
//     pandas keeps every one of them as its text.
package pairlines

import (
	"bytes"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// File is one mapped file read row by row.
type File struct {
	data []byte
	pos  int
	rows int // rows read
	// textIn[c]: column c must hold a plain-text cell in every block;
	// seen[c]: it has in the current block.
	textIn, seen [2]bool
	block        int
	checked      int    // rows whose blocks endBlock has checked
	unquote      []byte // the last quoted value with doubled quotes, unescaped
}

// BlockRows is pandas' low_memory block for two columns (a variable for
// tests).
var BlockRows = table.BlockRows(2)

// Open checks data's bytes and its header line, the two names key and
// value. textKey and textValue name the columns that must hold a
// plain-text cell in every block.
func Open(data []byte, key, value string, textKey, textValue bool) (*File, error) {
	if bytes.IndexByte(data, 0) >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return nil, fmt.Errorf("a NUL byte or a carriage return")
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("invalid UTF-8")
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		return nil, fmt.Errorf("no data rows")
	}
	if h := string(data[:nl]); h != `"`+key+`","`+value+`"` && h != key+","+value {
		return nil, fmt.Errorf("header %q", h)
	}
	return &File{data: data, pos: nl + 1, textIn: [2]bool{textKey, textValue}, block: BlockRows}, nil
}

// Next returns the next row's key and value texts; more is false after the
// last row. The texts alias the file, or (a value with doubled quotes) a
// buffer the next call reuses.
func (f *File) Next() (key, value string, more bool, err error) {
	data := f.data
	i := f.pos
	if i >= len(data) {
		return "", "", false, f.endBlock()
	}
	if f.rows > 0 && f.rows%f.block == 0 {
		if err := f.endBlock(); err != nil {
			return "", "", false, err
		}
	}
	line := data[i:]
	next := len(data)
	if k := bytes.IndexByte(line, '\n'); k >= 0 {
		line, next = line[:k], i+k+1
	}
	// The key: up to the first comma, quoted without a quote inside or
	// bare.
	comma := bytes.IndexByte(line, ',')
	if comma < 0 {
		return "", "", false, fmt.Errorf("line %d: one field", f.rows+2)
	}
	k := line[:comma]
	if len(k) >= 2 && k[0] == '"' && k[len(k)-1] == '"' {
		k = k[1 : len(k)-1]
	}
	if bytes.IndexByte(k, '"') >= 0 {
		return "", "", false, fmt.Errorf("line %d: a quote in the key", f.rows+2)
	}
	// The value: the rest of the line.
	v := line[comma+1:]
	switch {
	case len(v) > 0 && v[0] == '"':
		if len(v) < 2 || v[len(v)-1] != '"' {
			return "", "", false, fmt.Errorf("line %d: a quoted value not closed at the line's end", f.rows+2)
		}
		v = v[1 : len(v)-1]
		if bytes.IndexByte(v, '"') >= 0 {
			if v, err = f.unescape(v); err != nil {
				return "", "", false, fmt.Errorf("line %d: %w", f.rows+2, err)
			}
		}
	case bytes.IndexByte(v, '"') >= 0 || bytes.IndexByte(v, ',') >= 0:
		return "", "", false, fmt.Errorf("line %d: a quote or a third field", f.rows+2)
	}
	key, value = unsafe.String(unsafe.SliceData(k), len(k)), unsafe.String(unsafe.SliceData(v), len(v))
	if (len(key) >= 19 && table.OverflowsInt64(key)) || (len(value) >= 19 && table.OverflowsInt64(value)) {
		// The block's uint64 pass could end in pandas' uint64 conflict,
		// whose object block keeps NA strings as text. (Such an integer
		// has 19 digits at least.)
		return "", "", false, fmt.Errorf("line %d: an integer beyond int64", f.rows+2)
	}
	if f.textIn[0] && !f.seen[0] && table.OnlyText(key) {
		f.seen[0] = true
	}
	if f.textIn[1] && !f.seen[1] && table.OnlyText(value) {
		f.seen[1] = true
	}
	f.pos = next
	f.rows++
	return key, value, true, nil
}

// unescape returns the value inside a quoted field: every quote must be
// doubled (a single one would have closed the field).
func (f *File) unescape(inner []byte) ([]byte, error) {
	out := f.unquote[:0]
	for {
		k := bytes.IndexByte(inner, '"')
		if k < 0 {
			out = append(out, inner...)
			break
		}
		if k+1 >= len(inner) || inner[k+1] != '"' {
			return nil, fmt.Errorf("a quote not doubled inside a quoted value")
		}
		out = append(out, inner[:k+1]...)
		inner = inner[k+2:]
	}
	f.unquote = out
	return out, nil
}

// endBlock checks the block just read (a last, partial one too), once.
func (f *File) endBlock() error {
	if f.rows == f.checked {
		return nil
	}
	for c := range 2 {
		if f.textIn[c] && !f.seen[c] {
			return fmt.Errorf("rows %d to %d: column %d has no cell only text can hold", f.checked+1, f.rows, c+1)
		}
	}
	f.seen = [2]bool{}
	f.checked = f.rows
	return nil
}

// Pair is a grader's own pass over a submission and its answers, both of
// the accepted form under the header key,value: it maps both files and
// calls row with each row of the submission and the answers' row at the
// same position, and returns the number of rows. Every refusal (a file
// not of the form, a row more in one file, no rows, an error from row, a
// file cut short while mapped) wraps [competition.ErrDeclined], so that
// the harness reads the files for Grade instead.
func Pair(submission, answers, key, value string, textKey, textValue bool, row func(subKey, subValue, ansKey, ansValue string) error) (rows int, err error) {
	ferr := table.GuardFaults(func() { rows, err = pair(submission, answers, key, value, textKey, textValue, row) })
	if ferr != nil {
		err = ferr
	}
	if err != nil {
		return 0, fmt.Errorf("%w: %w", competition.ErrDeclined, err)
	}
	return rows, nil
}

func pair(submission, answers, key, value string, textKey, textValue bool, row func(subKey, subValue, ansKey, ansValue string) error) (int, error) {
	subData, releaseSub, err := table.MapFile(submission)
	if err != nil {
		return 0, err
	}
	defer releaseSub()
	ansData, releaseAns, err := table.MapFile(answers)
	if err != nil {
		return 0, err
	}
	defer releaseAns()
	sub, err := Open(subData, key, value, textKey, textValue)
	if err != nil {
		return 0, fmt.Errorf("submission: %w", err)
	}
	ans, err := Open(ansData, key, value, textKey, textValue)
	if err != nil {
		return 0, fmt.Errorf("answers: %w", err)
	}
	for {
		subKey, subValue, moreSub, err := sub.Next()
		if err != nil {
			return 0, fmt.Errorf("submission: %w", err)
		}
		ansKey, ansValue, moreAns, err := ans.Next()
		if err != nil {
			return 0, fmt.Errorf("answers: %w", err)
		}
		if moreSub != moreAns {
			return 0, fmt.Errorf("row counts differ")
		}
		if !moreSub {
			break
		}
		if err := row(subKey, subValue, ansKey, ansValue); err != nil {
			return 0, fmt.Errorf("row %d: %w", sub.rows-1, err)
		}
	}
	if sub.rows == 0 {
		return 0, fmt.Errorf("no rows")
	}
	return sub.rows, nil
}
