package billion_word_imputation

import (
	"bytes"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// The grader's own pass over both files (competition.Impl.GradeFiles), for
// the files the preparer writes and most submissions copy: the header
// "id","sentence" (quoted or not), then one line per row, an id of decimal
// digits (quoted or not), a comma and a sentence, quoted (quotes doubled
// inside) or bare. The two files are read side by side and each pair's
// Levenshtein distance is added as it is read: no tables, no cells kept
// (the tables' tokenizing, conversion and fresh memory were most of the
// grade's time).
//
// On such files Grade's every check passes and its pairing is the files'
// row order, when it is accepted:
//   - both files valid UTF-8 without NUL, '\r' or a byte-order mark, with
//     no blank line and no line break inside a sentence, so that lines are
//     rows;
//   - ids of 1 to 18 digits (int64 in every low_memory block), equal row
//     for row in the two files: sorting two equal id arrays by id gives
//     both one permutation, and the sum of integer distances does not
//     depend on the order it is taken in;
//   - sentences none of which is an NA string (a missing sentence makes
//     Levenshtein raise), and in every low_memory block of rows
//     (table.BlockRows) at least one that only a str can hold
//     (table.IsPlainText): pandas then keeps the block's every sentence as
//     its text;
//   - at least one row, and as many rows in one file as in the other.
//
// Anything else declines, and the harness reads the files for Grade.

// gradeFiles is Impl.GradeFiles.
func gradeFiles(submission, answers string) (score competition.Score, err error) {
	var sum, rows int64
	ferr := table.GuardFaults(func() { sum, rows, err = sumDistances(submission, answers) })
	if ferr != nil {
		return competition.Score{}, declined(ferr)
	}
	if err != nil {
		return competition.Score{}, declined(err)
	}
	return competition.Numpy(float64(sum) / float64(rows)), nil
}

// sumDistances maps both files and returns the sum of the rows' distances
// and the row count, or why the files are not plain.
func sumDistances(submission, answers string) (sum, rows int64, err error) {
	subData, releaseSub, err := table.MapFile(submission)
	if err != nil {
		return 0, 0, err
	}
	defer releaseSub()
	ansData, releaseAns, err := table.MapFile(answers)
	if err != nil {
		return 0, 0, err
	}
	defer releaseAns()
	sub, err := newPlainLines(subData)
	if err != nil {
		return 0, 0, fmt.Errorf("submission: %w", err)
	}
	ans, err := newPlainLines(ansData)
	if err != nil {
		return 0, 0, fmt.Errorf("answers: %w", err)
	}
	for {
		subID, pred, moreSub, err := sub.next()
		if err != nil {
			return 0, 0, fmt.Errorf("submission line %d: %w", sub.rows+1, err)
		}
		ansID, truth, moreAns, err := ans.next()
		if err != nil {
			return 0, 0, fmt.Errorf("answers line %d: %w", ans.rows+1, err)
		}
		if moreSub != moreAns {
			return 0, 0, fmt.Errorf("row counts differ")
		}
		if !moreSub {
			break
		}
		if subID != ansID {
			return 0, 0, fmt.Errorf("row %d: ids differ", rows)
		}
		sum += int64(metric.Levenshtein(truth, pred))
		rows++
	}
	if rows == 0 {
		return 0, 0, fmt.Errorf("no rows")
	}
	if err := sub.endBlock(); err != nil {
		return 0, 0, fmt.Errorf("submission: %w", err)
	}
	if err := ans.endBlock(); err != nil {
		return 0, 0, fmt.Errorf("answers: %w", err)
	}
	return sum, rows, nil
}

// blockRows is pandas' low_memory block for the files' two columns (a
// variable for tests).
var blockRows = table.BlockRows(2)

// plainLines reads the rows of one file of the accepted form.
type plainLines struct {
	data    []byte
	pos     int
	rows    int    // rows read
	text    bool   // a plain-text sentence seen in the current block
	unquote []byte // a sentence with doubled quotes, unescaped
}

// newPlainLines checks the whole file's bytes and its header.
func newPlainLines(data []byte) (*plainLines, error) {
	if bytes.IndexByte(data, 0) >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return nil, fmt.Errorf("a NUL or carriage return")
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("invalid UTF-8")
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		return nil, fmt.Errorf("no data rows")
	}
	if h := string(data[:nl]); h != `"id","sentence"` && h != "id,sentence" {
		return nil, fmt.Errorf("header %q", h)
	}
	return &plainLines{data: data, pos: nl + 1}, nil
}

// next returns the next row's id and sentence; more is false after the
// last row. The sentence aliases the file, or a buffer the next call
// reuses.
func (p *plainLines) next() (id int64, sentence string, more bool, err error) {
	data := p.data
	i := p.pos
	if i >= len(data) {
		return 0, "", false, nil
	}
	if p.rows > 0 && p.rows%blockRows == 0 {
		if err := p.endBlock(); err != nil {
			return 0, "", false, err
		}
	}
	// The id: 1 to 18 digits, quoted or not.
	quotedID := data[i] == '"'
	if quotedID {
		i++
	}
	start := i
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		id = id*10 + int64(data[i]-'0')
		i++
	}
	if n := i - start; n == 0 || n > 18 {
		return 0, "", false, fmt.Errorf("an id that is not 1 to 18 digits")
	}
	if quotedID {
		if i >= len(data) || data[i] != '"' {
			return 0, "", false, fmt.Errorf("an unclosed quoted id")
		}
		i++
	}
	if i >= len(data) || data[i] != ',' {
		return 0, "", false, fmt.Errorf("no comma after the id")
	}
	i++
	// The sentence, to the line's end.
	end := bytes.IndexByte(data[i:], '\n')
	next := i + end + 1
	if end < 0 {
		end, next = len(data)-i, len(data)
	}
	field := data[i : i+end]
	var value []byte
	switch {
	case len(field) > 0 && field[0] == '"':
		if len(field) < 2 || field[len(field)-1] != '"' {
			return 0, "", false, fmt.Errorf("a quoted sentence not closed at the line's end")
		}
		inner := field[1 : len(field)-1]
		if bytes.IndexByte(inner, '"') >= 0 {
			if inner, err = p.unescape(inner); err != nil {
				return 0, "", false, err
			}
		}
		value = inner
	case bytes.IndexByte(field, '"') >= 0 || bytes.IndexByte(field, ',') >= 0:
		return 0, "", false, fmt.Errorf("a quote or comma in a bare sentence")
	default:
		value = field
	}
	sentence = unsafe.String(unsafe.SliceData(value), len(value))
	if table.IsNA(sentence) {
		return 0, "", false, fmt.Errorf("a missing sentence")
	}
	if !p.text && table.IsPlainText(value) {
		p.text = true
	}
	p.pos = next
	p.rows++
	return id, sentence, true, nil
}

// unescape returns the value of a quoted field's inside: every quote must
// be doubled (a single one would close the field early).
func (p *plainLines) unescape(inner []byte) ([]byte, error) {
	out := p.unquote[:0]
	for {
		k := bytes.IndexByte(inner, '"')
		if k < 0 {
			out = append(out, inner...)
			break
		}
		if k+1 >= len(inner) || inner[k+1] != '"' {
			return nil, fmt.Errorf("a quote not doubled inside a quoted sentence")
		}
		out = append(out, inner[:k+1]...)
		inner = inner[k+2:]
	}
	p.unquote = out
	return out, nil
}

// endBlock checks the block just read: a plain-text sentence in it.
func (p *plainLines) endBlock() error {
	if !p.text {
		return fmt.Errorf("rows %d to %d: no sentence that only text can hold", p.rows-(p.rows-1)%blockRows, p.rows)
	}
	p.text = false
	return nil
}

func declined(why error) error {
	return fmt.Errorf("%w: %w", competition.ErrDeclined, why)
}
