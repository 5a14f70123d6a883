package synth

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
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
	var b bytes.Buffer
	c.line(&b, c.Header)
	for _, r := range c.Rows {
		c.line(&b, r)
	}
	return b.Bytes()
}

// line renders one row of the file.
func (c *CSV) line(w csvSink, cells []string) {
	for i, s := range cells {
		if i > 0 {
			w.WriteByte(',')
		}
		if c.QuoteAll || strings.ContainsAny(s, ",\"\r\n") {
			w.WriteByte('"')
			w.WriteString(strings.ReplaceAll(s, `"`, `""`))
			w.WriteByte('"')
		} else {
			w.WriteString(s)
		}
	}
	if c.CRLF {
		w.WriteByte('\r')
	}
	w.WriteByte('\n')
}

// csvSink is what bytes.Buffer and bufio.Writer both are.
type csvSink interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

// File is a file written through a 1 MiB buffer, for generated data too
// big to hold. A write error is kept by the buffer and returned by Close.
type File struct {
	*bufio.Writer
	f *os.File
}

// CreateFile creates path (and its folders).
func CreateFile(path string) (*File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	return &File{Writer: bufio.NewWriterSize(f, 1<<20), f: f}, nil
}

// Close flushes and closes the file.
func (o *File) Close() error {
	err := o.Flush()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	return nil
}

// CSVFile writes a CSV of the same form row by row, for tables too big to
// hold (c's Rows are not written).
type CSVFile struct {
	c CSV
	f *File
}

// CreateCSV creates path (and its folders) and writes c's header.
func CreateCSV(path string, c CSV) (*CSVFile, error) {
	f, err := CreateFile(path)
	if err != nil {
		return nil, err
	}
	out := &CSVFile{c: c, f: f}
	out.c.line(f, c.Header)
	return out, nil
}

// Add writes one row. A write error is kept and returned by Close.
func (o *CSVFile) Add(cells ...string) { o.c.line(o.f, cells) }

// Close flushes and closes the file.
func (o *CSVFile) Close() error { return o.f.Close() }

// Write writes the file to path (parents created).
func (c *CSV) Write(path string) error { return WriteFile(path, c.Bytes()) }
