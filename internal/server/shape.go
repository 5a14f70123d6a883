package server

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// shapeCounter counts the records (lines) and cells of a CSV stream as it
// is written, without keeping any of it: it follows the C parser's quoting
// (a quote opens a quoted field only at the start of a field; "" inside one
// is an escaped quote; \n, \r and \r\n end a record outside quotes). It
// never counts fewer cells than the table reader allocates, so a stream
// within its limits reads into memory proportional to them.
//
// Records counts every line, blank ones included; Cells counts the fields
// of non-blank lines.
type shapeCounter struct {
	Records, Cells int64
	// MaxRecords and MaxCells stop the count (Write returns errShape) as
	// soon as either is exceeded; 0 means no limit.
	MaxRecords, MaxCells int64

	state   int8
	fields  int64 // separators seen in the current record + 1 once non-blank
	blank   bool  // the current record has no byte yet
	afterCR bool  // the previous byte was a \r ending a record
}

const (
	fieldStart int8 = iota
	unquoted
	quoted
	quoteInQuoted
)

var errShape = errors.New("the submission exceeds the validation server's shape limits")

func newShapeCounter(maxRecords, maxCells int64) *shapeCounter {
	return &shapeCounter{MaxRecords: maxRecords, MaxCells: maxCells, blank: true}
}

func (c *shapeCounter) endRecord() error {
	c.Records++
	if !c.blank {
		c.Cells += c.fields + 1
	}
	c.fields, c.blank, c.state = 0, true, fieldStart
	return c.check()
}

func (c *shapeCounter) check() error {
	if (c.MaxRecords > 0 && c.Records > c.MaxRecords) || (c.MaxCells > 0 && c.Cells+c.fields > c.MaxCells) {
		return errShape
	}
	return nil
}

// Write implements io.Writer.
func (c *shapeCounter) Write(p []byte) (int, error) {
	for i, b := range p {
		if c.afterCR {
			c.afterCR = false
			if b == '\n' {
				continue
			}
		}
		switch c.state {
		case quoted:
			if b == '"' {
				c.state = quoteInQuoted
			}
			continue
		case quoteInQuoted:
			if b == '"' {
				c.state = quoted
				continue
			}
		}
		switch b {
		case ',':
			c.fields++
			c.blank = false
			c.state = fieldStart
			if c.MaxCells > 0 && c.Cells+c.fields > c.MaxCells {
				return i, errShape
			}
		case '\n', '\r':
			c.afterCR = b == '\r'
			if err := c.endRecord(); err != nil {
				return i, err
			}
		case '"':
			c.blank = false
			if c.state == fieldStart {
				c.state = quoted
			} else {
				c.state = unquoted
			}
		default:
			c.blank = false
			c.state = unquoted
		}
	}
	return len(p), nil
}

// Close counts a last record without a line end.
func (c *shapeCounter) Close() error {
	if !c.blank {
		return c.endRecord()
	}
	return nil
}

// countShape counts the records and cells of a CSV file.
func countShape(path string) (records, cells int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	c := newShapeCounter(0, 0)
	if _, err := io.Copy(c, f); err != nil {
		return 0, 0, fmt.Errorf("reading %s: %w", path, err)
	}
	c.Close()
	return c.Records, c.Cells, nil
}

// Margins of the shape limits over the larger of the answers' and the
// sample submission's shape.
const (
	shapeFactor       = 2
	extraRecords      = 1_000
	extraCells        = 100_000
	minShapeRecords   = 10_000
	minShapeCellsBase = 100_000
)

// shapeLimits are the records and cells a submission may have for the
// validation server to read it: twice the larger of the answers' and the
// sample submission's counts plus a margin. Legitimate submissions have
// about as many rows as one of them (a few competitions accept extra rows,
// e.g. every customer of the sample submission while the answers list only
// the buyers of the test week) and as many columns; anything far larger
// would only be read into memory to be rejected.
type shapeLimits struct {
	Records, Cells int64
}

func computeShapeLimits(answers, sample string) (shapeLimits, error) {
	var recs, cells int64
	n := 0
	for _, p := range []string{answers, sample} {
		if p == "" {
			continue
		}
		r, c, err := countShape(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return shapeLimits{}, err
		}
		n++
		recs, cells = max(recs, r), max(cells, c)
	}
	if n == 0 {
		return shapeLimits{}, fmt.Errorf("neither the answers nor the sample submission exist")
	}
	return shapeLimits{
		Records: max(shapeFactor*recs+extraRecords, minShapeRecords),
		Cells:   max(shapeFactor*cells+extraCells, minShapeCellsBase),
	}, nil
}
