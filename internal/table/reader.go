package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// Reader streams the records of a CSV with the same tokenizing rules as
// [Read] (quotes, blank lines, line ends, BOM, NUL, header renaming, padding
// of short rows, "Expected N fields" errors), for inputs too large to hold
// in memory. It does no type inference or NA handling: cells are the raw
// strings ([IsNA] tells missing ones).
//
// If the first data row has more fields than the header, the extra leading
// fields are pandas' implicit index; Next drops them and [Reader.Index]
// returns them.
type Reader struct {
	// Sep is the field separator; 0 means ','. Set it before the first call.
	Sep byte
	// Path names the input in error messages.
	Path string

	r      io.Reader
	sc     *scanner
	buf    []byte
	start  int // start of unconsumed data in buf
	end    int
	eof    bool
	rerr   error
	line   int // line terminators consumed
	recLn  int // 1-based line of the last record
	began  bool
	header []string
	width  int
	lead   int
	sp     []span
	fields []string
	index  []string
	err    error
}

// NewReader returns a Reader on r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r}
}

// Header returns the column names (pandas-renamed: "Unnamed: i" for empty
// names, "a.1" for duplicates), reading the header on first use. An input
// with no header gives a *ParseError wrapping [ErrEmpty].
func (r *Reader) Header() ([]string, error) {
	if err := r.begin(); err != nil {
		return nil, err
	}
	return r.header, nil
}

// Line returns the 1-based line (as pandas counts it) of the last record
// returned.
func (r *Reader) Line() int { return r.recLn }

// Index returns the implicit index fields of the last record (nil unless the
// file has an implicit index). The slice is reused by the next call.
func (r *Reader) Index() []string { return r.index }

// Next returns the next record's fields, one per header column (short rows
// padded with ""), or io.EOF after the last record. The returned slice is
// reused by the next call; the strings stay valid (they share one allocation
// per record).
func (r *Reader) Next() ([]string, error) {
	if err := r.begin(); err != nil {
		return nil, err
	}
	rec, ok, err := r.nextRecord()
	if err != nil || !ok {
		if err == nil {
			err = io.EOF
		}
		return nil, err
	}
	if r.width == 0 { // first data row: fix the width
		r.width = max(len(r.header), len(rec))
		r.lead = r.width - len(r.header)
	}
	if len(rec) > r.width {
		r.err = r.perr(r.recLn, fmt.Errorf("%w: Expected %d fields in line %d, saw %d", ErrTokenize, r.width, r.recLn, len(rec)))
		return nil, r.err
	}
	for len(rec) < r.width {
		rec = append(rec, "")
	}
	r.fields = rec
	if r.lead > 0 {
		r.index = rec[:r.lead]
		return rec[r.lead:], nil
	}
	return rec, nil
}

func (r *Reader) perr(line int, err error) *ParseError {
	return &ParseError{Path: r.Path, Line: line, Err: err}
}

func (r *Reader) begin() error {
	if r.err != nil {
		return r.err
	}
	if r.began {
		return nil
	}
	r.began = true
	sep := r.Sep
	if sep == 0 {
		sep = ','
	}
	if sep == '"' || sep == '\n' || sep == '\r' {
		r.err = r.perr(0, fmt.Errorf("invalid separator %q", sep))
		return r.err
	}
	r.sc = newScanner(sep)
	r.buf = make([]byte, 64<<10)
	// BOM.
	for r.end-r.start < 3 && !r.eof {
		if err := r.fill(); err != nil {
			return err
		}
	}
	if bytes.HasPrefix(r.buf[r.start:r.end], []byte("\xef\xbb\xbf")) {
		r.start += 3
	}
	rec, ok, err := r.nextRecord()
	if err != nil {
		return err
	}
	if !ok {
		r.err = r.perr(0, ErrEmpty)
		return r.err
	}
	for _, n := range rec {
		if !utf8.ValidString(n) {
			r.err = r.perr(r.recLn, fmt.Errorf("%w in header name %q", ErrEncoding, n))
			return r.err
		}
	}
	names, _ := mangleHeader(rec, ReadOptions{})
	r.header = names
	r.fields = nil
	return nil
}

// fill reads more input, compacting or growing the buffer.
func (r *Reader) fill() error {
	if r.rerr != nil {
		r.eof = true
		return nil
	}
	if r.start > 0 {
		n := copy(r.buf, r.buf[r.start:r.end])
		r.start, r.end = 0, n
	}
	if r.end == len(r.buf) {
		nb := make([]byte, 2*len(r.buf))
		copy(nb, r.buf[:r.end])
		r.buf = nb
	}
	n, err := r.r.Read(r.buf[r.end:])
	r.end += n
	if err != nil {
		if !errors.Is(err, io.EOF) {
			r.err = fmt.Errorf("reading csv: %w", err)
			return r.err
		}
		r.rerr = err
		r.eof = true
	}
	return nil
}

// nextRecord scans one record; ok is false at EOF.
func (r *Reader) nextRecord() (rec []string, ok bool, err error) {
	for {
		data := r.buf[:r.end]
		sp, next, skipped, nl, st := r.sc.record(data, r.start, r.eof, r.sp[:0])
		r.sp = sp
		switch st {
		case scanMore:
			if err := r.fill(); err != nil {
				return nil, false, err
			}
			continue
		case scanEOF:
			r.start = r.end
			return nil, false, nil
		case scanOpenQuote:
			ln := r.line + skipped
			r.err = r.perr(ln+1, fmt.Errorf("%w: EOF inside string starting at row %d", ErrTokenize, ln))
			return nil, false, r.err
		}
		r.recLn = r.line + skipped + 1
		r.line += nl
		// Unescape in place, then take one string for the whole record.
		lo, hi := sp[0].start, sp[len(sp)-1].end
		for k := range sp {
			if sp[k].quoted {
				sp[k].end = unescape(data, sp[k].start, sp[k].end)
			}
		}
		s := string(data[lo:hi])
		rec = r.fields[:0]
		if cap(rec) < len(sp) {
			rec = make([]string, 0, len(sp)+4)
		}
		for _, f := range sp {
			v := s[f.start-lo : f.end-lo]
			if bytes.IndexByte(data[f.start:f.end], 0) >= 0 {
				v = truncNUL(v)
			}
			rec = append(rec, v)
		}
		r.fields = rec
		r.start = next
		return rec, true, nil
	}
}
