package table

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"unicode/utf8"
	"unsafe"
)

// TextFile is a CSV file mapped into memory whose every cell the general
// path reads as text, for a caller that needs only some of its cells:
// nothing is converted or copied, a cell is its bytes in the file.
//
// [OpenTextFile] accepts a file only when [ReadFile] (with the zero
// ReadOptions, or only DropNumericText) reads it without error into
// columns named as the header's fields, each of Kind String with Mixed
// nil, whose cell i has Text the raw bytes of field i and is missing
// (Null) exactly when [IsNA] of that text holds. It declines everything
// else with an error wrapping [ErrNotSimple]; the caller then reads the
// file with ReadFile. Accepted:
//   - an optional UTF-8 byte-order mark, dropped as the general path does;
//   - valid UTF-8 throughout, no '"' and no NUL byte, every '\r' directly
//     before a '\n' (a "\r\n" line end);
//   - a header line of distinct, non-empty names (nothing for the general
//     path to rename);
//   - at least one data row, no blank line (empty, or only spaces and
//     tabs: the general path skips those), every data row with exactly
//     the header's number of fields (no implicit index, no padding);
//   - in every low_memory block of rows ([BlockRows] for the header's
//     width) every column has a cell that only a str can hold
//     ([IsPlainText]). Whatever the block's other cells are, pandas'
//     conversion of it then ends in its object pass, which keeps every
//     cell as its text and NA strings as missing (convertBlock).
//
// The differential tests (textfile_test.go) check this against ReadFile
// on random and hostile files.
type TextFile struct {
	data    []byte // the mapped file after any byte-order mark
	release func() error
	names   []string
	// starts.at(r) is the offset in data of data row r; starts.at(Rows())
	// is one past the last row's '\n' (len(data)+1 without a final one).
	starts rowStarts
}

// textChunk is how many bytes of a file OpenTextFile checks at a time
// (cut at a line end): small enough to stay in a core's cache across the
// chunk's several scans. Each worker takes at least 4 chunks. A variable
// so that tests can cut small files into several chunks and parts.
var textChunk = 256 << 10

// OpenTextFile maps path and checks that the general path reads it as
// text columns (see [TextFile]). A file it cannot map or declines gives an
// error; a declined one's wraps [ErrNotSimple].
func OpenTextFile(path string) (*TextFile, error) {
	data, release, err := MapFile(path)
	if err != nil {
		return nil, err
	}
	f := &TextFile{data: data, release: release}
	if ferr := GuardFaults(func() {
		f.data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		err = f.index()
	}); ferr != nil {
		err = ferr
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return f, nil
}

// GuardFaults runs fn and returns, instead of crashing, when fn faults
// reading a file mapping: a mapped file that shrinks while it is read
// (another process truncating or rewriting it) makes reads past its new
// end fault (SIGBUS), which the runtime otherwise treats as fatal. The
// fault becomes an error; any other panic goes on. A TextFile's reads
// (OpenTextFile's included) fault only that way, so each goroutine reading
// its cells should read them under GuardFaults.
func GuardFaults(fn func()) (err error) {
	prev := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(prev)
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			err = fmt.Errorf("reading a mapped file: %v (did the file change while it was read?)", r)
		}
	}()
	fn()
	return nil
}

// Close releases the mapping. The cells returned before become invalid.
func (f *TextFile) Close() error {
	if f.release == nil {
		return nil
	}
	err := f.release()
	f.release, f.data = nil, nil
	return err
}

// Names returns the column names (the header's fields).
func (f *TextFile) Names() []string { return f.names }

// Rows returns the number of data rows.
func (f *TextFile) Rows() int { return len(f.starts.lo) - 1 }

// Row returns data row r without its line end.
func (f *TextFile) Row(r int) []byte {
	row := f.data[f.starts.at(r) : f.starts.at(r+1)-1]
	if n := len(row); n > 0 && row[n-1] == '\r' {
		row = row[:n-1] // every '\r' ends a "\r\n"
	}
	return row
}

// Field returns the text of row r's cell in column j (aliasing the
// mapping: valid until Close). The cell is missing when IsNA of it holds.
func (f *TextFile) Field(r, j int) []byte {
	row := f.Row(r)
	for ; j > 0; j-- {
		row = row[bytes.IndexByte(row, ',')+1:]
	}
	if k := bytes.IndexByte(row, ','); k >= 0 {
		return row[:k]
	}
	return row
}

// Release tells the kernel that rows [lo, hi) will not be read soon: the
// pages of the mapping lying wholly inside them leave the process's
// resident set (pages of a mapped file count in it once touched). The file
// stays in the page cache and the rows stay readable: a later read maps
// their pages again.
func (f *TextFile) Release(lo, hi int) {
	if lo < hi {
		releasePages(f.data, f.starts.at(lo), f.starts.at(hi))
	}
}

// releasePages drops the pages of data lying wholly inside [lo, hi).
func releasePages(data []byte, lo, hi int64) {
	const page = 4096
	base := int64(uintptr(unsafe.Pointer(unsafe.SliceData(data))) & (page - 1))
	lo = (base+lo+page-1)&^(page-1) - base
	hi = (base+min(hi, int64(len(data))))&^(page-1) - base
	if lo < hi {
		DropPages(data[lo:hi])
	}
}

// FieldText is Field as a string that aliases the mapping: it must not be
// used after Close (nor kept in anything that outlives the file).
func (f *TextFile) FieldText(r, j int) string { return unsafeString(f.Field(r, j)) }

// RowText is Row as a string that aliases the mapping (see FieldText).
func (f *TextFile) RowText(r int) string { return unsafeString(f.Row(r)) }

// index checks the file and indexes its rows.
func (f *TextFile) index() error {
	data := f.data
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		return fmt.Errorf("no data row: %w", ErrNotSimple)
	}
	head := data[:nl]
	if err := checkTextBytes(data[:nl+1]); err != nil {
		return err
	}
	if n := len(head); n > 0 && head[n-1] == '\r' {
		head = head[:n-1]
	}
	if blankLine(head) {
		return fmt.Errorf("blank header line: %w", ErrNotSimple)
	}
	seen := map[string]bool{}
	for _, fld := range bytes.Split(head, []byte{','}) {
		name := string(fld)
		if name == "" || seen[name] {
			return fmt.Errorf("header names the general path renames: %w", ErrNotSimple)
		}
		seen[name] = true
		f.names = append(f.names, name)
	}
	width := len(f.names)
	if nl+1 >= len(data) {
		return fmt.Errorf("no data row: %w", ErrNotSimple)
	}

	// The data rows in parts cut at line ends, one part per worker; each
	// part checks its bytes and indexes its rows chunk by chunk.
	body := data[nl+1:]
	workers := runtime.GOMAXPROCS(0)
	workers = max(1, min(workers, len(body)/(4*textChunk)))
	cuts := make([]int, workers+1)
	cuts[workers] = len(body)
	for w := 1; w < workers; w++ {
		c := max(cuts[w-1], len(body)*w/workers)
		if k := bytes.IndexByte(body[c:], '\n'); k >= 0 {
			c += k + 1
		} else {
			c = len(body)
		}
		cuts[w] = c
	}
	parts := make([][]uint32, workers)
	errs := make([]error, workers)
	parallel(workers, workers, func(w int) {
		if err := GuardFaults(func() {
			parts[w], errs[w] = indexTextRows(body[cuts[w]:cuts[w+1]], width)
		}); err != nil {
			errs[w] = err
		}
	})
	rows := 0
	for w := range parts {
		if errs[w] != nil {
			return errs[w]
		}
		rows += len(parts[w])
	}
	f.starts = rowStarts{lo: make([]uint32, 0, rows+1)}
	for w, p := range parts {
		base := int64(nl + 1 + cuts[w])
		for _, off := range p {
			f.starts.add(base + int64(off))
		}
		parts[w] = nil
	}
	end := int64(len(data))
	if data[len(data)-1] != '\n' {
		end++
	}
	f.starts.add(end)

	// Every block of every column needs a cell only a str can hold.
	bsize := dtypeBlockRows(width)
	for lo := 0; lo < rows; lo += bsize {
		hi := min(lo+bsize, rows)
		for j := range width {
			r := lo
			for r < hi && !IsPlainText(f.Field(r, j)) {
				r++
			}
			if r == hi {
				return fmt.Errorf("column %q, rows %d to %d: no cell that only text can hold: %w", f.names[j], lo+1, hi, ErrNotSimple)
			}
		}
	}
	return nil
}

// checkTextBytes declines bytes the text path does not model: invalid
// UTF-8, '"', NUL and a '\r' not directly before a '\n'.
func checkTextBytes(b []byte) error {
	if bytes.IndexByte(b, '"') >= 0 || bytes.IndexByte(b, 0) >= 0 {
		return fmt.Errorf("quotes or NUL bytes: %w", ErrNotSimple)
	}
	for i := 0; ; {
		k := bytes.IndexByte(b[i:], '\r')
		if k < 0 {
			break
		}
		i += k + 1
		if i >= len(b) || b[i] != '\n' {
			return fmt.Errorf("a carriage return not ending a line: %w", ErrNotSimple)
		}
	}
	if !utf8.Valid(b) {
		return fmt.Errorf("invalid UTF-8: %w", ErrNotSimple)
	}
	return nil
}

// indexTextRows checks the rows in body (whole lines) and returns their
// start offsets in body: a chunk of lines at a time, every line non-blank
// with width-1 separators. body is shorter than 4 GiB.
func indexTextRows(body []byte, width int) ([]uint32, error) {
	if int64(len(body)) > math.MaxUint32 {
		return nil, fmt.Errorf("a part of %d bytes: %w", len(body), ErrNotSimple)
	}
	var starts []uint32
	sized := false
	for lo := 0; lo < len(body); {
		if lo > 0 && !sized {
			// Room for the rest at the first chunk's rows per byte.
			starts = slices.Grow(starts, int(int64(len(starts))*int64(len(body)-lo)/int64(lo))*9/8+16)
			sized = true
		}
		hi := len(body)
		if hi-lo > textChunk {
			hi = lo + textChunk
			k := bytes.LastIndexByte(body[lo:hi], '\n')
			if k < 0 {
				k = bytes.IndexByte(body[hi:], '\n')
				if k < 0 {
					k = len(body) - hi - 1
				}
				k += hi - lo
			}
			hi = lo + k + 1
		}
		chunk := body[lo:hi]
		if err := checkTextBytes(chunk); err != nil {
			return nil, err
		}
		for p := 0; p < len(chunk); {
			k := bytes.IndexByte(chunk[p:], '\n')
			if k < 0 {
				k = len(chunk) - p
			}
			line := chunk[p : p+k]
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
			if len(line) == 0 || ((line[0] == ' ' || line[0] == '\t') && blankLine(line)) {
				return nil, fmt.Errorf("blank line: %w", ErrNotSimple)
			}
			if bytes.Count(line, []byte{','}) != width-1 {
				return nil, fmt.Errorf("a row of another width than the header: %w", ErrNotSimple)
			}
			starts = append(starts, uint32(lo+p))
			p += k + 1
		}
		lo = hi
	}
	return starts, nil
}
