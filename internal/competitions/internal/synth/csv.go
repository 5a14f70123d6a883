package synth

import (
	"strings"
)

// CSV is a raw CSV file under construction: a header and rows of cell text,
// written exactly as given (no number formatting: put "39.0" to get 39.0).
// An empty cell is a missing value to pandas.
//
// It is deliberately independent of internal/table's writer, so that
// preparers (which read with internal/table) are tested against input that
// package did not produce.
type CSV struct {
	Header []string
	Rows   [][]string
	// QuoteAll quotes every field (as some Kaggle files do); otherwise a
	// field is quoted only when it holds a comma, a double quote, CR or LF
	// (Python csv QUOTE_MINIMAL). Inner quotes are always doubled.
	QuoteAll bool
	// CRLF ends lines with "\r\n" instead of "\n".
	CRLF bool
}

// Add appends one row.
func (c *CSV) Add(cells ...string) { c.Rows = append(c.Rows, cells) }

// Bytes renders the file.
func (c *CSV) Bytes() []byte {
	var b strings.Builder
	eol := "\n"
	if c.CRLF {
		eol = "\r\n"
	}
	line := func(cells []string) {
		for i, s := range cells {
			if i > 0 {
				b.WriteByte(',')
			}
			if c.QuoteAll || strings.ContainsAny(s, ",\"\r\n") {
				b.WriteByte('"')
				b.WriteString(strings.ReplaceAll(s, `"`, `""`))
				b.WriteByte('"')
			} else {
				b.WriteString(s)
			}
		}
		b.WriteString(eol)
	}
	line(c.Header)
	for _, r := range c.Rows {
		line(r)
	}
	return []byte(b.String())
}

// Write writes the file to path (parents created).
func (c *CSV) Write(path string) error { return WriteFile(path, c.Bytes()) }
