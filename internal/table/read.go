package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// Reading follows pandas.read_csv with its defaults plus
// float_precision="round_trip" (the harness's read_csv, spec harness §3.1),
// as implemented by pandas 2.2's C parser:
//
//   - Tokenizing: see scan.go (quotes, blank lines, "\n"/"\r\n"/"\r").
//     A UTF-8 byte-order mark at the start of the file is dropped. A NUL byte
//     ends a field's value (the C parser keeps fields as C strings).
//   - Header: the first non-blank record. An empty name becomes
//     "Unnamed: <position>"; duplicates are renamed "a.1", "a.2", ... skipping
//     names already present in the header (the C parser's rule, so "a,a,a.1"
//     gives a, a.2, a.1). A dtype given for "a" also applies to its renamed
//     duplicates.
//   - Ragged rows: if the first data row has k more fields than the header,
//     its first k fields (and those of every row) form the implicit row index
//     ([Table.Index]), not data columns. Rows with fewer fields are padded
//     with empty (hence missing) fields. A later row with more fields than
//     that width is an error, "Expected N fields in line L, saw M" (not
//     with Usecols, where extra fields are ignored). L counts line
//     terminators outside quoted fields, blank lines included.
//   - Missing values: the default NA strings ([IsNA]), quoted or not.
//   - Types: per column and per parsing block (pandas low_memory=True: blocks
//     of B consecutive data rows, B the smallest power of two with
//     2B >= 2^20 / width, width = fields per row), pandas tries in order
//     int64 (NA allowed, then upcast to float64), uint64 (only after an int64
//     overflow), float64, bool, object — see convertBlock. Blocks with
//     different results are concatenated like pandas 2.2's concat_compat:
//     int64+float64 give float64; anything with an object block gives an
//     object column keeping each block's Python values (a [Column.Mixed]
//     column unless all values are str or all are bool); bool with numeric
//     blocks (and no object block) gives an object column of the numbers the
//     bools cast to. (pandas 1.5 used numpy concatenation here, giving float64
//     or int64 for bool+numeric blocks; the spec follows 2.2.)
//   - uint64: a column pandas reads as uint64 (integers above the int64
//     range, none negative or missing) is returned as [Float64] holding the
//     nearest floats, since [Kind] has no unsigned type. Integers beyond the
//     uint64 range, and uint64-range integers mixed with negatives or NA,
//     make the column an object (String) column exactly as in pandas.
//   - Invalid UTF-8 is an error when it occurs in a header name or in a cell
//     that is kept as a string (pandas decodes only those).
//
// The whole input is held in memory; cells' Text strings share one backing
// array with it (no per-cell copies), except in reads that store only some
// of the fields (Keep, Usecols): those copy each stored cell into packed
// per-column storage as its row is scanned, and [ReadFile] maps the file
// instead of reading it.

// ReadOptions selects read_csv options. The zero value gives the harness's
// defaults.
type ReadOptions struct {
	// Sep is the field separator (sep=); 0 means ','. It must not be '"',
	// '\r' or '\n'.
	Sep byte
	// Dtype forces the dtype of the named columns (dtype={...}): String
	// (dtype=str: text kept as is, NA strings still missing), Int64 (an NA
	// or non-integer cell is an error) or Float64.
	Dtype map[string]Kind
	// AllString is dtype=str for every column.
	AllString bool
	// NoNA is na_filter=False (or keep_default_na=False without na_values):
	// no cell is missing; "" and "NA" are ordinary strings.
	NoNA bool
	// Usecols keeps only the named columns (usecols=[...]), in file order.
	// A name not in the header is an error.
	Usecols []string
	// Keep returns only the named columns, in file order, of a read of
	// every column: unlike Usecols, parsing, dtype inference and errors
	// are those of reading the whole file (pandas' read_csv followed by
	// df[[...]]). A name not in the header is an error. The typed path
	// (DropNumericText) then neither parses nor stores the other columns'
	// cells.
	Keep []string
	// NoLowMemory is low_memory=False: dtypes are inferred over whole
	// columns instead of per parsing block.
	NoLowMemory bool
	// Workers bounds the goroutines used; 0 means GOMAXPROCS.
	Workers int
	// Path names the input in error messages (ReadFile sets it).
	Path string
	// DropNumericText leaves [Column.Text] nil in int64 and float64
	// columns (use [Column.Str] for their pandas text), for callers that
	// only use numeric columns' values, as pandas code can. [ReadFile] then
	// reads files of plain numbers straight into typed columns in one
	// streaming pass (typed.go), with the same columns and values as the
	// general path and far less memory.
	DropNumericText bool
}

// Errors wrapped in a *ParseError. Use errors.Is.
var (
	// ErrEmpty: the input has no header (empty or blank); pandas raises
	// EmptyDataError("No columns to parse from file").
	ErrEmpty = errors.New("no columns to parse from file")
	// ErrTokenize: a row with too many fields or a quoted field left open
	// at end of file (pandas ParserError "Error tokenizing data. C error").
	ErrTokenize = errors.New("error tokenizing data")
	// ErrEncoding: invalid UTF-8 in a header name or a string cell.
	ErrEncoding = errors.New("invalid UTF-8")
	// ErrDtype: a cell cannot be converted to a forced dtype.
	ErrDtype = errors.New("cannot convert to the requested dtype")
	// ErrUsecols: a Usecols name is not in the header.
	ErrUsecols = errors.New("usecols do not match columns")
)

// ParseError is the error type of [Read], [ReadFile] and [Reader].
type ParseError struct {
	Path   string // input name, may be empty
	Line   int    // 1-based line as pandas counts it, 0 if not known
	Column int    // 1-based field position, 0 if not applicable
	Err    error
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("csv")
	if e.Path != "" {
		b.WriteString(" ")
		b.WriteString(e.Path)
	}
	if e.Line > 0 {
		b.WriteString(": line ")
		b.WriteString(strconv.Itoa(e.Line))
	}
	if e.Column > 0 {
		b.WriteString(", field ")
		b.WriteString(strconv.Itoa(e.Column))
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

// ReadFile reads the CSV file at path (see [Read]).
func ReadFile(path string, opt ReadOptions) (*Table, error) {
	if opt.DropNumericText {
		if t, ok, err := readTypedFile(path, opt); ok || err != nil {
			return t, err
		}
	}
	if opt.Path == "" {
		opt.Path = path
	}
	if opt.Keep != nil || opt.Usecols != nil {
		// Reads of some columns copy the cells they keep: a regular file is
		// mapped rather than read (see readBytes).
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
			if data, unmap, err := MapFile(path); err == nil {
				// A file truncated while it is read faults (SIGBUS) past
				// its new end: an error, not a crash (GuardFaults; the
				// tokenizer's workers hand their faults to this goroutine,
				// see parallel).
				var t *Table
				if ferr := GuardFaults(func() { t, err = readKept(data, true, opt) }); ferr != nil {
					t, err = nil, fmt.Errorf("reading csv %s: %w", path, ferr)
				}
				unmap()
				return t, err
			}
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading csv: %w", err)
	}
	return readKept(data, false, opt)
}

// readKept is readBytes followed by ReadOptions.Keep.
func readKept(data []byte, readOnly bool, opt ReadOptions) (*Table, error) {
	t, err := readBytes(data, readOnly, opt)
	if err != nil || opt.Keep == nil {
		return t, err
	}
	return keepColumns(t, opt.Keep)
}

// keepColumns is t restricted to the columns named in keep, in t's order.
func keepColumns(t *Table, keep []string) (*Table, error) {
	for _, k := range keep {
		if !t.Has(k) {
			return nil, fmt.Errorf("reading csv: column %q not in the file", k)
		}
	}
	var names []string
	for _, n := range t.Names() {
		if slices.Contains(keep, n) {
			names = append(names, n)
		}
	}
	return t.Select(names...)
}

// ReadFileAllowEmpty is the harness's read_csv wrapper: like [ReadFile], but
// an empty file (no header) gives an empty table (0 rows, 0 columns) and
// empty=true, so the caller can log "CSV file empty! <path>".
func ReadFileAllowEmpty(path string, opt ReadOptions) (t *Table, empty bool, err error) {
	t, err = ReadFile(path, opt)
	if errors.Is(err, ErrEmpty) {
		return Empty(), true, nil
	}
	return t, false, err
}

// Read reads a whole CSV from r with pandas.read_csv semantics (see the
// comment at the top of read.go). An input with no header returns a
// *ParseError wrapping [ErrEmpty].
func Read(r io.Reader, opt ReadOptions) (*Table, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading csv: %w", err)
	}
	return readKept(data, false, opt)
}

// ReadBytes is [Read] on an in-memory CSV. It takes ownership of data: the
// returned cells' Text strings may alias it and quoted fields may be
// unescaped in place, so data must not be used afterwards.
func ReadBytes(data []byte, opt ReadOptions) (*Table, error) { return readKept(data, false, opt) }

// shape maps a record's fields to output slots.
type shape struct {
	width   int   // fields per record after padding
	slot    []int // field index -> output slot, -1 if unused
	nslots  int
	usecols bool
	// pack makes the tokenizer copy the stored cells' bytes into packed
	// per-slot storage (see [cellTexts]) instead of aliasing the data.
	pack bool
}

type reader struct {
	opt    ReadOptions
	sc     *scanner
	data   []byte
	str    string
	hasNUL bool
	width  int
}

func (rd *reader) perr(line, col int, err error) *ParseError {
	return &ParseError{Path: rd.opt.Path, Line: line, Column: col, Err: err}
}

// fieldCopy returns a copy of the value of a scanned field; the data is
// not modified.
func (rd *reader) fieldCopy(sp span) string {
	var b []byte
	if sp.quoted {
		b = appendUnquoted(nil, rd.data, sp.start, sp.end)
	} else {
		b = rd.data[sp.start:sp.end]
	}
	s := string(b)
	if rd.hasNUL {
		s = truncNUL(s)
	}
	return s
}

// readBytes reads the CSV in data. With readOnly, data is not modified and
// the result does not refer to it (the caller may unmap it): cells are
// packed copies (shape.pack), or else the data is copied first.
func readBytes(data []byte, readOnly bool, opt ReadOptions) (*Table, error) {
	if opt.Sep == 0 {
		opt.Sep = ','
	}
	if opt.Sep == '"' || opt.Sep == '\n' || opt.Sep == '\r' {
		return nil, &ParseError{Path: opt.Path, Err: fmt.Errorf("invalid separator %q", opt.Sep)}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	rd := &reader{opt: opt, sc: newScanner(opt.Sep), data: data}
	if len(data) > 0 {
		rd.str = unsafe.String(unsafe.SliceData(data), len(data))
	}
	rd.hasNUL = bytes.IndexByte(data, 0) >= 0

	// Header.
	sp, pos, skipped, nl, st := rd.sc.record(data, 0, true, nil)
	switch st {
	case scanEOF:
		return nil, rd.perr(0, 0, ErrEmpty)
	case scanOpenQuote:
		return nil, rd.perr(skipped+1, 0, fmt.Errorf("%w: EOF inside string starting at row %d", ErrTokenize, skipped))
	}
	headerLines := nl
	raw := make([]string, len(sp))
	for i, f := range sp {
		raw[i] = rd.fieldCopy(f) // names do not keep the data alive
		if !validUTF8(raw[i]) {
			return nil, rd.perr(skipped+1, i+1, fmt.Errorf("%w in header name %q", ErrEncoding, raw[i]))
		}
	}
	names, dtypes := mangleHeader(raw, opt)

	// Width: fields of the first data row (scanned, not consumed).
	width := len(names)
	sp1, _, _, _, st1 := rd.sc.record(data, pos, true, nil)
	if st1 == scanRecord && len(sp1) > width {
		width = len(sp1)
	}
	leading := width - len(names)

	sh := &shape{width: width, slot: make([]int, width), usecols: opt.Usecols != nil}
	for i := range sh.slot {
		sh.slot[i] = -1
	}
	// Slots: index fields first, then the used data columns in file order.
	var cols []*colData
	for i := 0; i < leading; i++ {
		sh.slot[i] = len(cols)
		cols = append(cols, &colData{name: "", pos: i, na: !opt.NoNA})
	}
	// Cells are cut from the data at ASCII bytes (separators, quotes, line
	// ends, NUL) and unescaping only drops quotes: when the data rows are
	// valid UTF-8, so is every cell. Keep then skips the other columns
	// (keptOnly), and conversion need not check cells one by one (one
	// pass over mostly-ASCII data is a few milliseconds; the per-cell
	// checks were ≈ 9% of text-normalization's grade); otherwise each cell
	// is checked as before, for the error.
	rowsUTF8 := utf8.Valid(data[pos:])
	use := make([]bool, len(names))
	if opt.Usecols == nil {
		for i := range use {
			use[i] = true
		}
		if kept := keptOnly(names, dtypes, leading, opt, rowsUTF8); kept != nil {
			use = kept
		}
	} else {
		idx := make(map[string]int, len(names))
		for i, n := range names {
			idx[n] = i
		}
		var missing []string
		for _, u := range opt.Usecols {
			if i, ok := idx[u]; ok {
				use[i] = true
			} else {
				missing = append(missing, "'"+u+"'")
			}
		}
		if missing != nil {
			return nil, rd.perr(0, 0, fmt.Errorf("%w, columns expected but not found: [%s]", ErrUsecols, strings.Join(missing, ", ")))
		}
	}
	for j, n := range names {
		if !use[j] {
			continue
		}
		c := &colData{name: n, pos: leading + j, na: !opt.NoNA}
		if opt.AllString {
			c.forced, c.hasF = String, true
		} else if k, ok := dtypes[j]; ok {
			c.forced, c.hasF = k, true
		}
		sh.slot[leading+j] = len(cols)
		cols = append(cols, c)
	}
	sh.nslots = len(cols)
	for _, c := range cols {
		c.utf8OK = rowsUTF8
	}
	// When some fields are not stored, the stored cells are sparse in the
	// data: copying them while their row is being scanned (hot in cache)
	// lets conversion read each column's bytes in order, and the data is
	// not kept alive by the result.
	sh.pack = sh.nslots < width && !testNoPack
	if readOnly && !sh.pack {
		rd.data = bytes.Clone(rd.data)
		rd.str = unsafe.String(unsafe.SliceData(rd.data), len(rd.data))
	}
	rd.width = width

	// Tokenize the data rows.
	text, err := rd.tokenize(pos, headerLines, sh, workers)
	if err != nil {
		return nil, err
	}
	rows := 0
	if len(text) > 0 {
		rows = text[0].len()
	}
	for i, c := range cols {
		c.text = text[i]
	}

	// Convert.
	bsize := rows
	if !opt.NoLowMemory {
		bsize = dtypeBlockRows(width)
	}
	if bsize <= 0 {
		bsize = 1
	}
	nblocks := (rows + bsize - 1) / bsize
	outs := make([][]blockOut, len(cols))
	for i := range outs {
		outs[i] = make([]blockOut, nblocks)
	}
	parallel(len(cols)*nblocks, workers, func(t int) {
		ci, b := t/nblocks, t%nblocks
		lo := b * bsize
		hi := min(lo+bsize, rows)
		outs[ci][b] = convertBlock(cols[ci], lo, hi)
	})
	built := make([]*Column, len(cols))
	for i, c := range cols {
		for _, o := range outs[i] {
			if o.err != nil {
				return nil, rd.perr(0, c.pos+1, o.err)
			}
		}
		built[i] = assemble(c, outs[i], bsize)
		if opt.DropNumericText && (built[i].Kind == Int64 || built[i].Kind == Float64) {
			built[i].Text = nil
		} else {
			built[i].Text = c.text.strings()
			if built[i].Text == nil {
				built[i].Text = []string{}
			}
		}
	}
	t, err := New(built[leading:]...)
	if err != nil {
		return nil, rd.perr(0, 0, err)
	}
	t.rows = rows
	if leading > 0 {
		t.index = built[:leading]
	}
	return t, nil
}

// keptOnly returns, for a read with ReadOptions.Keep, the columns whose
// cells need to be stored and converted at all: the kept ones, when no
// other column can change the outcome of the read. A column that is
// neither kept nor given a dtype can only fail the read through invalid
// UTF-8 in a text cell (its dtype inference never fails otherwise), so
// when every data byte is valid UTF-8 (cells are substrings of the data
// cut at ASCII bytes: quotes, separators, NUL) its cells are tokenized for
// the field counts and line numbers (the shape and its errors are those
// of the whole read) but neither kept nor converted. nil means every
// column is read, as without Keep: a Keep name not in the header (the
// error comes from the whole read), index columns, forced dtypes on other
// columns or invalid UTF-8 somewhere (rowsUTF8: the data rows are valid
// UTF-8).
func keptOnly(names []string, dtypes map[int]Kind, leading int, opt ReadOptions, rowsUTF8 bool) []bool {
	if len(opt.Keep) == 0 || leading > 0 || opt.AllString {
		return nil
	}
	use := make([]bool, len(names))
	for _, k := range opt.Keep {
		found := false
		for j, n := range names {
			if n == k {
				use[j], found = true, true
			}
		}
		if !found {
			return nil
		}
	}
	for j := range names {
		if _, forced := dtypes[j]; forced && !use[j] {
			return nil
		}
	}
	if !rowsUTF8 {
		return nil
	}
	return use
}

// BlockRows is pandas' TextReader buffer_lines for a table of width fields:
// the number of rows whose dtypes read_csv (C engine, low_memory=True)
// infers together.
func BlockRows(width int) int {
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

// testBlockRows, when positive, replaces BlockRows in the readers (tests
// of the block dtype rule on small inputs).
var testBlockRows int

func dtypeBlockRows(width int) int {
	if testBlockRows > 0 {
		return testBlockRows
	}
	return BlockRows(width)
}

// mangleHeader names unnamed columns and renames duplicates as pandas' C
// parser does, and maps forced dtypes to column positions.
func mangleHeader(raw []string, opt ReadOptions) ([]string, map[int]Kind) {
	names := make([]string, len(raw))
	for i, n := range raw {
		if n == "" {
			n = "Unnamed: " + strconv.Itoa(i)
		}
		names[i] = n
	}
	dt := make(map[string]Kind, len(opt.Dtype))
	for k, v := range opt.Dtype {
		dt[k] = v
	}
	// inHeader counts the current names (pandas checks `col in this_header`
	// against the header as renamed so far).
	inHeader := make(map[string]int, len(names))
	for _, n := range names {
		inHeader[n]++
	}
	present := func(s string) bool { return inHeader[s] > 0 }
	counts := make(map[string]int, len(names))
	for i, col := range names {
		old := col
		cur := counts[col]
		if cur > 0 {
			for cur > 0 {
				counts[old] = cur + 1
				col = old + "." + strconv.Itoa(cur)
				if present(col) {
					cur++
				} else {
					cur = counts[col]
				}
			}
			if k, ok := dt[old]; ok {
				if _, has := dt[col]; !has {
					dt[col] = k
				}
			}
		}
		if col != names[i] {
			inHeader[names[i]]--
			inHeader[col]++
		}
		names[i] = col
		counts[col] = cur + 1
	}
	byPos := make(map[int]Kind)
	for i, n := range names {
		if k, ok := dt[n]; ok {
			byPos[i] = k
		}
	}
	return names, byPos
}

// part is the tokenizer output for one byte range of the data rows.
type part struct {
	cells  [][]string  // per slot: the cells' text, aliasing the data
	packed []cellTexts // per slot, instead of cells with shape.pack
	lines  int         // line terminators consumed
	err    *ParseError
}

// pack appends a copy of the cell b to slot s's packed cells.
func (p *part) pack(s int, b []byte) {
	t := &p.packed[s]
	t.buf = append(t.buf, b...)
	t.ends = append(t.ends, len(t.buf))
}

// tokenize splits the data rows starting at pos into per-slot cell texts:
// strings into the data (no copies), or packed copies with shape.pack. The
// range is cut at line ends and scanned in parallel when it has no quote
// character.
func (rd *reader) tokenize(pos, baseLines int, sh *shape, workers int) ([]cellTexts, error) {
	data := rd.data
	bounds := []int{pos, len(data)}
	minPart := testMinPart
	noQuotes := bytes.IndexByte(data[pos:], '"') < 0
	if workers > 1 && len(data)-pos >= 2*testMinPart && noQuotes {
		n := min(workers, (len(data)-pos)/minPart)
		bounds = bounds[:1]
		for k := 1; k < n; k++ {
			cut := pos + (len(data)-pos)*k/n
			if cut <= bounds[len(bounds)-1] {
				continue
			}
			nl := bytes.IndexByte(data[cut:], '\n')
			if nl < 0 {
				break
			}
			cut += nl + 1
			if cut >= len(data) {
				break
			}
			bounds = append(bounds, cut)
		}
		bounds = append(bounds, len(data))
	}
	// Size each part's region of the output from its line count; a part
	// that needs more (lone "\r" line ends) reallocates and is copied.
	nparts := len(bounds) - 1
	est := make([]int, nparts)
	parallel(nparts, workers, func(k int) {
		lo, hi := bounds[k], bounds[k+1]
		if noQuotes {
			est[k] = bytes.Count(data[lo:hi], []byte{'\n'})
		} else {
			est[k] = estimateRecordEnds(data[lo:hi])
		}
		if hi > lo && data[hi-1] != '\n' {
			est[k]++
		}
	})
	total := 0
	for _, e := range est {
		total += e
	}
	parts := make([]part, nparts)
	var out [][]string
	if sh.pack {
		for k := range parts {
			parts[k].packed = make([]cellTexts, sh.nslots)
			for s := range parts[k].packed {
				parts[k].packed[s] = cellTexts{packed: true, ends: make([]int, 0, est[k]), buf: make([]byte, 0, 4*est[k])}
			}
		}
	} else {
		out = make([][]string, sh.nslots)
		for s := range out {
			out[s] = make([]string, total)
		}
		off := 0
		for k := range parts {
			parts[k].cells = make([][]string, sh.nslots)
			for s := range out {
				parts[k].cells[s] = out[s][off : off : off+est[k]]
			}
			off += est[k]
		}
	}
	fast := noQuotes && !rd.hasNUL && !testForceGeneric
	parallel(nparts, workers, func(k int) {
		if fast {
			rd.scanFast(&parts[k], bounds[k], bounds[k+1], sh)
		} else {
			rd.scanPart(&parts[k], bounds[k], bounds[k+1], sh)
		}
	})
	// Errors: the first part's first error wins; lines are made absolute.
	base := baseLines
	for k := range parts {
		if parts[k].err != nil {
			e := parts[k].err
			e.Line += base
			if errors.Is(e.Err, ErrTokenize) {
				e.Err = fixLine(e.Err, base)
			}
			return nil, e
		}
		base += parts[k].lines
	}
	texts := make([]cellTexts, sh.nslots)
	if sh.pack {
		// Join the parts' packed cells.
		parallel(sh.nslots, workers, func(s int) {
			texts[s] = joinPacked(parts, s)
		})
		return texts, nil
	}
	// Close the gaps between parts' regions (or gather reallocated parts).
	if sh.nslots == 0 {
		return texts, nil
	}
	parallel(sh.nslots, workers, func(s int) {
		n, over := 0, false
		for k := range parts {
			c := parts[k].cells[s]
			n += len(c)
			over = over || len(c) > est[k]
		}
		if over && len(parts) == 1 {
			// The only part outgrew its region: its cells are the column.
			out[s] = parts[0].cells[s]
			return
		}
		if over {
			// A part outgrew its region: gather everything anew.
			dst := make([]string, 0, n)
			for k := range parts {
				dst = append(dst, parts[k].cells[s]...)
			}
			out[s] = dst
			return
		}
		// Every part is at the start of its region: close the gaps (moves
		// go left only, so nothing is overwritten before it is moved).
		w, off := 0, 0
		for k := range parts {
			c := parts[k].cells[s]
			if w != off {
				copy(out[s][w:], c)
			}
			w += len(c)
			off += est[k]
		}
		out[s] = out[s][:w]
		if cap(out[s])-w > w/8+1024 {
			// Far fewer records than estimated: keep an exact copy.
			out[s] = append([]string(nil), out[s]...)
		}
	})
	for s := range texts {
		texts[s].text = out[s]
	}
	return texts, nil
}

// joinPacked returns the packed cells of slot s of all parts, in order.
func joinPacked(parts []part, s int) cellTexts {
	if len(parts) == 1 {
		return parts[0].packed[s]
	}
	nb, nc := 0, 0
	for k := range parts {
		nb += len(parts[k].packed[s].buf)
		nc += len(parts[k].packed[s].ends)
	}
	t := cellTexts{packed: true, buf: make([]byte, 0, nb), ends: make([]int, 0, nc)}
	for k := range parts {
		p := &parts[k].packed[s]
		base := len(t.buf)
		t.buf = append(t.buf, p.buf...)
		for _, e := range p.ends {
			t.ends = append(t.ends, base+e)
		}
	}
	return t
}

// estimateRecordEnds is countRecordEnds of data, or, for data longer than
// recordSampleBytes*4, countRecordEnds of its first recordSampleBytes
// scaled to the whole length with a sixteenth to spare: the count is only
// the size of the tokenizer's first allocation, and a whole pass over a
// large file of quoted text cost as much as a fifth of its tokenizing. A
// file whose records grow shorter further on makes the output grow once
// (one copy); one whose records grow longer leaves part of the reservation
// unused, which tokenize trims.
func estimateRecordEnds(data []byte) int {
	if len(data) <= 4*recordSampleBytes {
		return countRecordEnds(data)
	}
	n := countRecordEnds(data[:recordSampleBytes])
	est := int64(n)*int64(len(data))/int64(recordSampleBytes) + int64(n/16) + 16
	// A file whose first MiB is short rows and the rest long ones (or one
	// huge quoted field) would reserve far too much: beyond the cap the
	// output grows as it is filled.
	return int(min(est, maxEstimatedRecords))
}

// maxEstimatedRecords caps estimateRecordEnds' extrapolation: 16M cells
// reserve 256 MiB per column of strings (a variable for tests).
var maxEstimatedRecords int64 = 1 << 24

// recordSampleBytes is the sample estimateRecordEnds counts in (a
// variable for tests).
var recordSampleBytes = 1 << 20

// countRecordEnds estimates the records of data that has quoted fields:
// the '\n' bytes outside quotes, as if every '"' opened or closed a quoted
// field (a '"' inside an unquoted field is an ordinary character in
// pandas, so this is an estimate; a short one only makes the tokenizer's
// output grow). Counting every '\n' would reserve the cells of every
// line break inside quoted text, which the garbage collector then scans.
func countRecordEnds(data []byte) int {
	// Window by window, the quote state carried over: a window with few
	// quotes is searched quote to quote (bytes.IndexByte, bytes.Count),
	// one with many is counted byte by byte, the state kept in an int:
	// files quoting every field have a quote every few bytes, where
	// searching cost three times the loop (BenchmarkCountRecordEnds).
	const window = 4096
	const fewQuotes = 256 // one quote in 16 bytes: about where the two cost the same
	n, in := 0, 0         // in: 1 inside quotes
	for len(data) > 0 {
		w := data[:min(window, len(data))]
		data = data[len(w):]
		if bytes.Count(w, []byte{'"'}) < fewQuotes {
			var k int
			k, in = countEndsBySearch(w, in)
			n += k
			continue
		}
		for _, b := range w {
			in ^= int(isQuoteByte[b])
			n += int(isNewlineByte[b]) &^ in
		}
	}
	return n
}

// countEndsBySearch counts the '\n' outside quotes in w, which starts
// inside quotes when in is 1, and returns the state at its end.
func countEndsBySearch(w []byte, in int) (n, out int) {
	for len(w) > 0 {
		q := bytes.IndexByte(w, '"')
		if in == 0 {
			if q < 0 {
				return n + bytes.Count(w, []byte{'\n'}), 0
			}
			n += bytes.Count(w[:q], []byte{'\n'})
		} else if q < 0 {
			return n, 1
		}
		w = w[q+1:]
		in ^= 1
	}
	return n, in
}

// isQuoteByte and isNewlineByte are 1 for '"' and for '\n'.
var isQuoteByte, isNewlineByte = func() (q, nl [256]uint8) {
	q['"'], nl['\n'] = 1, 1
	return q, nl
}()

// lineErr carries a tokenizer message whose line number is relative to a
// part until fixLine makes it absolute.
type lineErr struct {
	format string // with one %d for the line
	line   int
}

func (e *lineErr) Error() string { return fmt.Sprintf(e.format, e.line) }
func (e *lineErr) Unwrap() error { return ErrTokenize }

func fixLine(err error, base int) error {
	var le *lineErr
	if errors.As(err, &le) {
		le.line += base
	}
	return err
}

func (rd *reader) fieldCountError(p *part, recLine, nf int) {
	p.err = rd.perr(recLine+1, 0, &lineErr{
		format: "error tokenizing data: Expected " + strconv.Itoa(rd.width) + " fields in line %d, saw " + strconv.Itoa(nf),
		line:   recLine + 1,
	})
}

// packSampleBytes is how much of a part the scanners scan before they size
// the packed cells' buffers from what they took ([part.reservePacked]; a
// variable for tests).
var packSampleBytes = 1 << 20

// reservePacked reserves each packed slot's bytes for the whole part, of
// total bytes, from what the slot took in the first done bytes: the first
// reservation (4 bytes a row) is a guess, and growing a buffer of long
// cells by doubling copied it several times (facebook-recruiting-iii's
// tags: a seventh of its grade).
func (p *part) reservePacked(done, total int) {
	for s := range p.packed {
		t := &p.packed[s]
		want := int(int64(len(t.buf)) * int64(total) / int64(done))
		if want += want / 16; want > cap(t.buf) {
			t.buf = append(make([]byte, 0, want), t.buf...)
		}
	}
}

// scanPart tokenizes data[start:end] with the general scanner.
func (rd *reader) scanPart(p *part, start, end int, sh *shape) {
	data := rd.data[:end]
	sp := make([]span, 0, sh.width+1)
	pos := start
	lines := 0
	resized := !sh.pack || end-start < 2*packSampleBytes
	for {
		if !resized && pos-start >= packSampleBytes {
			resized = true
			p.reservePacked(pos-start, end-start)
		}
		var next, skipped, nl int
		var st scanStatus
		sp, next, skipped, nl, st = rd.sc.record(data, pos, true, sp[:0])
		if st == scanEOF {
			lines += nl // trailing blank lines
			break
		}
		recLine := lines + skipped // 0-based, relative
		if st == scanOpenQuote {
			p.err = rd.perr(recLine+1, 0, &lineErr{format: "error tokenizing data: EOF inside string starting at row %d", line: recLine})
			return
		}
		lines += nl
		nf := len(sp)
		if nf > sh.width && !sh.usecols {
			rd.fieldCountError(p, recLine, nf)
			return
		}
		for f, slot := range sh.slot {
			if slot < 0 {
				continue
			}
			if sh.pack {
				t := &p.packed[slot]
				if f < nf {
					n := len(t.buf)
					if vs, ve, ok := sp[f].value(); ok {
						t.buf = append(t.buf, data[vs:ve]...)
					} else {
						t.buf = appendUnquoted(t.buf, data, sp[f].start, sp[f].end)
					}
					if rd.hasNUL {
						if k := bytes.IndexByte(t.buf[n:], 0); k >= 0 {
							t.buf = t.buf[:n+k]
						}
					}
				}
				t.ends = append(t.ends, len(t.buf))
				continue
			}
			var fs, fe int
			if f < nf {
				var ok bool
				if fs, fe, ok = sp[f].value(); !ok {
					fs, fe = unquote(rd.data, sp[f].start, sp[f].end)
				}
				if rd.hasNUL {
					if k := bytes.IndexByte(data[fs:fe], 0); k >= 0 {
						fe = fs + k
					}
				}
			}
			p.cells[slot] = append(p.cells[slot], rd.str[fs:fe])
		}
		pos = next
	}
	p.lines = lines
}

// scanFast tokenizes data[start:end], which has no quote and no NUL byte.
// Lines starting with a blank character go through the general scanner.
func (rd *reader) scanFast(p *part, start, end int, sh *shape) {
	data := rd.data[:end]
	str := rd.str
	stop := &rd.sc.stop
	sep := rd.sc.sep
	bsep := uint64(sep)
	width := sh.width
	slots := sh.slot
	cells := p.cells
	i := start
	lines := 0
	var sp []span
	resized := !sh.pack || end-start < 2*packSampleBytes
	for i < end {
		if !resized && i-start >= packSampleBytes {
			resized = true
			p.reservePacked(i-start, end-start)
		}
		c := data[i]
		if c == '\n' || c == '\r' || rd.sc.isBlankSpace(c) {
			// Blank lines (and records after leading blanks): general path.
			var next, skipped, nl int
			var st scanStatus
			sp, next, skipped, nl, st = rd.sc.record(data, i, true, sp[:0])
			if st == scanEOF {
				lines += nl // trailing blank lines
				break
			}
			recLine := lines + skipped
			lines += nl
			nf := len(sp)
			if nf > width && !sh.usecols {
				rd.fieldCountError(p, recLine, nf)
				return
			}
			for f, slot := range slots {
				if slot < 0 {
					continue
				}
				var fs, fe int
				if f < nf {
					fs, fe = sp[f].start, sp[f].end
				}
				if sh.pack {
					p.pack(slot, data[fs:fe])
				} else {
					cells[slot] = append(cells[slot], rd.str[fs:fe])
				}
			}
			i = next
			continue
		}
		f := 0
		term := false
		for {
			fs := i
			// Eight bytes at a time: find the first separator, '\n' or '\r'.
			for i+8 <= end {
				w := binary.LittleEndian.Uint64(data[i:])
				if m := hasByte(w, bsep) | hasByte(w, '\n') | hasByte(w, '\r'); m != 0 {
					i += bits.TrailingZeros64(m) >> 3
					goto found
				}
				i += 8
			}
			for i < end && !stop[data[i]] {
				i++
			}
		found:
			if f < width {
				if s := slots[f]; s >= 0 {
					if sh.pack {
						p.pack(s, data[fs:i])
					} else {
						cells[s] = append(cells[s], str[fs:i])
					}
				}
			}
			f++
			if i >= end {
				break
			}
			c := data[i]
			i++
			if c == sep {
				continue
			}
			if c == '\r' && i < end && data[i] == '\n' {
				i++
			}
			term = true
			break
		}
		if f > width && !sh.usecols {
			rd.fieldCountError(p, lines, f)
			return
		}
		if term {
			lines++
		}
		for ; f < width; f++ {
			if s := slots[f]; s >= 0 {
				if sh.pack {
					p.pack(s, nil)
				} else {
					cells[s] = append(cells[s], "")
				}
			}
		}
	}
	p.lines = lines
}

// testMinPart is the smallest byte range scanned by its own goroutine
// (lowered by tests).
var testMinPart = 1 << 20

// testForceGeneric makes tokenize use the general scanner only (tests).
var testForceGeneric bool

// testNoPack makes readBytes store cells as strings into the data even when
// some fields are not stored (tests).
var testNoPack bool

// hasByte has, for the lowest byte of x equal to b, its high bit set (bits
// above the first match may be spurious).
func hasByte(x, b uint64) uint64 {
	const lsb = 0x0101010101010101
	y := x ^ (lsb * b)
	return (y - lsb) &^ y & (lsb << 7)
}

// parallel runs f(0..n-1) on up to workers goroutines.
func parallel(n, workers int, f func(i int)) {
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var fault atomic.Pointer[any]
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A fault reading a file mapping (a mapped file truncated
			// while it is read) is handed to the caller's goroutine,
			// where GuardFaults can turn it into an error; in a worker
			// it would be fatal. Other panics go on as before.
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(interface{ Addr() uintptr }); !ok {
						panic(r)
					}
					fault.CompareAndSwap(nil, &r)
				}
			}()
			for {
				if fault.Load() != nil {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
	if r := fault.Load(); r != nil {
		panic(*r)
	}
}

// assemble builds the final column from its converted blocks, combining
// block dtypes as pandas 2.2 does (see the comment at the top of read.go).
// It leaves the column's Text to the caller.
func assemble(c *colData, blocks []blockOut, bsize int) *Column {
	n := c.text.len()
	col := &Column{Name: c.name}
	if n == 0 {
		col.Kind = String
		if c.hasF {
			col.Kind = c.forced
			switch c.forced {
			case Int64:
				col.Ints = []int64{}
			case Float64:
				col.Floats = []float64{}
			}
		}
		return col
	}
	var hasI, hasF, hasB, hasBO, hasS bool
	for _, b := range blocks {
		switch b.kind {
		case bkInt:
			hasI = true
		case bkFloat:
			hasF = true
		case bkBool:
			hasB = true
		case bkBoolObj:
			hasBO = true
		case bkStr:
			hasS = true
		}
	}
	anyNull := false
	for _, b := range blocks {
		if b.nulls > 0 && b.kind != bkFloat {
			anyNull = true
		}
	}
	blockRange := func(b int) (int, int) { return b * bsize, min(b*bsize+bsize, n) }

	switch {
	case hasI && !hasF && !hasB && !hasBO && !hasS:
		col.Kind, col.Ints = Int64, c.ints
		return col
	case (hasI || hasF) && !hasB && !hasBO && !hasS:
		fl := c.floats
		if fl == nil {
			fl = make([]float64, n)
		}
		for b, o := range blocks {
			if o.kind == bkInt {
				lo, hi := blockRange(b)
				for i := lo; i < hi; i++ {
					fl[i] = float64(c.ints[i])
				}
			}
		}
		col.Kind, col.Floats = Float64, fl
		return col
	case hasB && !hasI && !hasF && !hasBO && !hasS:
		col.Kind, col.Bools = Bool, c.bools
		return col
	case (hasB || hasBO) && !hasI && !hasF && !hasS:
		col.Kind, col.Bools = BoolObject, c.bools
		if anyNull {
			col.Null = c.null
		}
		return col
	case hasS && !hasI && !hasF && !hasB && !hasBO:
		col.Kind = String
		if anyNull {
			col.Null = c.null
		}
		return col
	}

	// Numeric and bool blocks without object blocks: numpy's common type
	// (int64, or float64 if any float block), then cast to object.
	if !hasBO && !hasS {
		col.Kind = String
		col.Mixed = make([]Kind, n)
		if hasF {
			fl := c.floats
			var null []bool
			for b, o := range blocks {
				lo, hi := blockRange(b)
				for i := lo; i < hi; i++ {
					col.Mixed[i] = Float64
					switch o.kind {
					case bkInt:
						fl[i] = float64(c.ints[i])
					case bkBool:
						fl[i] = b2f(c.bools[i])
					}
					if math.IsNaN(fl[i]) {
						if null == nil {
							null = make([]bool, n)
						}
						null[i] = true
					}
				}
			}
			col.Floats, col.Null = fl, null
		} else {
			ints := c.ints
			for b, o := range blocks {
				lo, hi := blockRange(b)
				for i := lo; i < hi; i++ {
					col.Mixed[i] = Int64
					if o.kind == bkBool {
						ints[i] = b2i(c.bools[i])
					}
				}
			}
			col.Ints = ints
		}
		return col
	}

	// An object block is present: every block keeps its Python values.
	mixed := make([]Kind, n)
	null := c.null
	var nNum, nBool, nStr int
	for b, o := range blocks {
		lo, hi := blockRange(b)
		var k Kind
		switch o.kind {
		case bkInt:
			k = Int64
			nNum += hi - lo
		case bkFloat:
			k = Float64
			for i := lo; i < hi; i++ {
				if math.IsNaN(c.floats[i]) {
					if null == nil {
						null = make([]bool, n)
					}
					null[i] = true
				} else {
					nNum++
				}
			}
		case bkBool, bkBoolObj:
			k = Bool
			nBool += hi - lo - o.nulls
		case bkStr:
			k = String
			nStr += hi - lo - o.nulls
		}
		for i := lo; i < hi; i++ {
			mixed[i] = k
		}
	}
	col.Null = null
	switch {
	case nNum == 0 && nStr == 0:
		col.Kind, col.Bools = BoolObject, c.bools
		if col.Bools == nil {
			col.Bools = make([]bool, n)
		}
	case nNum == 0 && nBool == 0:
		col.Kind = String
	default:
		col.Kind, col.Mixed = String, mixed
		col.Ints, col.Floats, col.Bools = c.ints, c.floats, c.bools
	}
	return col
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
