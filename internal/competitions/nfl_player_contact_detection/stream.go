package nfl_player_contact_detection

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// The tracking, helmet and label CSVs are hundreds of megabytes on Kaggle.
// The original reads each whole with plain pandas.read_csv and writes row
// subsets with to_csv(index=False); a frame streams them in two passes with
// memory bounded by one parsing block:
//
//  1. every low_memory block (table.BlockRows rows, the C parser's
//     buffer_lines) is parsed alone, as pandas converts it, and its column
//     dtypes are recorded (plus whatever the caller collects);
//  2. every block is parsed again, its columns converted to the dtypes
//     pandas' concatenation of the blocks gives (int64 + float64 → float64,
//     bool + numbers → object of numbers, any object block → object of
//     each block's Python values), its floats re-converted with the "high"
//     converter of plain read_csv, and the caller writes the rows it keeps.

// frame is one raw CSV read block by block.
type frame struct {
	path   string
	names  []string
	kinds  [][]table.Kind // kinds[j]: the distinct dtypes of column j's blocks
	blocks int
}

// block is one parsed block: its first row's number in the file and the
// columns (converted to the file's dtypes in pass 2).
type block struct {
	first int
	t     *table.Table
}

// scanBlocks calls fn with each block of path, parsed alone. It returns the
// header (pandas-renamed).
func scanBlocks(ctx context.Context, path string, fn func(b block) error) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd := table.NewReader(bufio.NewReaderSize(f, 1<<20))
	rd.Path = path
	names, err := rd.Header()
	if err != nil {
		return nil, err
	}
	names = append([]string(nil), names...)
	var head []byte
	for j, n := range names {
		if j > 0 {
			head = append(head, ',')
		}
		head = table.AppendField(head, n)
	}
	head = append(head, '\n')
	per := 0
	var buf []byte
	last := 1 << 20 // the previous block's size: the next one's capacity
	rows, first := 0, 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		t, err := table.ReadBytes(buf, table.ReadOptions{Path: path})
		if err != nil {
			return err
		}
		if t.Len() != rows {
			return fmt.Errorf("%s: block at row %d: parsed %d rows, want %d", path, first, t.Len(), rows)
		}
		if err := fn(block{first: first, t: t}); err != nil {
			return err
		}
		first += rows
		last = len(buf)
		rows, buf = 0, nil
		return nil
	}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if per == 0 {
			per = table.BlockRows(len(names) + len(rd.Index()))
		}
		if buf == nil {
			buf = append(make([]byte, 0, last+last/8), head...) // ReadBytes keeps each block's buffer
		}
		if len(rec) == 1 && rec[0] == "" {
			buf = append(buf, `""`...) // a lone empty field, not a blank line
		} else {
			for j, s := range rec {
				if j > 0 {
					buf = append(buf, ',')
				}
				buf = table.AppendField(buf, s)
			}
		}
		buf = append(buf, '\n')
		rows++
		if rows == per {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	return names, flush()
}

// openFrame runs pass 1 over path: the dtypes of every block, with collect
// (if non-nil) called on each block.
func openFrame(ctx context.Context, path string, collect func(b block) error) (*frame, error) {
	fr := &frame{path: path}
	names, err := scanBlocks(ctx, path, func(b block) error {
		cols := b.t.Columns()
		if fr.kinds == nil {
			fr.kinds = make([][]table.Kind, len(cols))
		}
		if len(cols) != len(fr.kinds) {
			return fmt.Errorf("%s: block at row %d has %d columns, want %d", path, b.first, len(cols), len(fr.kinds))
		}
		for j, c := range cols {
			k := c.Kind
			if c.Mixed != nil {
				return fmt.Errorf("%s: block at row %d: column %q parsed as mixed types", path, b.first, c.Name)
			}
			seen := false
			for _, s := range fr.kinds[j] {
				seen = seen || s == k
			}
			if !seen {
				fr.kinds[j] = append(fr.kinds[j], k)
			}
		}
		fr.blocks++
		if collect != nil {
			return collect(b)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	fr.names = names
	return fr, nil
}

// Col returns the index of the named column or -1.
func (fr *frame) Col(name string) int {
	for j, n := range fr.names {
		if n == name {
			return j
		}
	}
	return -1
}

// each runs pass 2: fn gets every block with its columns converted to the
// concatenated frame's dtypes.
func (fr *frame) each(ctx context.Context, fn func(b block) error) error {
	_, err := scanBlocks(ctx, fr.path, func(b block) error {
		cols := b.t.Columns()
		if len(cols) != len(fr.kinds) {
			return errors.New("the file changed between passes")
		}
		out := make([]*table.Column, len(cols))
		for j, c := range cols {
			pandas.HighPrecisionFloats(c)
			out[j] = concatDtype(c, fr.kinds[j])
		}
		t, err := table.New(out...)
		if err != nil {
			return err
		}
		return fn(block{first: b.first, t: t})
	})
	if err != nil {
		return fmt.Errorf("reading %s: %w", fr.path, err)
	}
	return nil
}

// header is the CSV header line to_csv writes for cols.
func header(cols []string) []byte {
	var b []byte
	for j, n := range cols {
		if j > 0 {
			b = append(b, ',')
		}
		if len(cols) == 1 && n == "" {
			b = append(b, `""`...)
			continue
		}
		b = table.AppendField(b, n)
	}
	return append(b, '\n')
}

// concatDtype converts one block's column to what it becomes in the
// concatenation of blocks whose dtypes are kinds (pandas 2.2
// _concatenate_chunks / concat_compat), the rules package table applies to
// a whole file.
func concatDtype(c *table.Column, kinds []table.Kind) *table.Column {
	var hasI, hasF, hasB, hasBO, hasS bool
	for _, k := range kinds {
		switch k {
		case table.Int64:
			hasI = true
		case table.Float64:
			hasF = true
		case table.Bool:
			hasB = true
		case table.BoolObject:
			hasBO = true
		default:
			hasS = true
		}
	}
	n := c.Len()
	switch {
	case len(kinds) <= 1:
		return c
	case !hasB && !hasBO && !hasS: // int64 and float64 blocks: float64
		if c.Kind == table.Int64 {
			f := make([]float64, n)
			for i, v := range c.Ints {
				f[i] = float64(v)
			}
			return &table.Column{Name: c.Name, Kind: table.Float64, Floats: f, Text: c.Text}
		}
		return c
	case !hasI && !hasF && !hasS: // bool blocks, some with missing cells
		return &table.Column{Name: c.Name, Kind: table.BoolObject, Bools: c.Bools, Null: c.Null, Text: c.Text}
	case !hasBO && !hasS: // numbers and bools: numpy's common type, as objects
		out := &table.Column{Name: c.Name, Kind: table.String, Mixed: make([]table.Kind, n), Text: c.Text}
		if hasF {
			out.Floats = make([]float64, n)
			for i := range out.Mixed {
				out.Mixed[i] = table.Float64
				v, _ := c.Float(i)
				out.Floats[i] = v
				if math.IsNaN(v) {
					if out.Null == nil {
						out.Null = make([]bool, n)
					}
					out.Null[i] = true
				}
			}
			return out
		}
		out.Ints = make([]int64, n)
		for i := range out.Mixed {
			out.Mixed[i] = table.Int64
			v, _ := c.Float(i)
			if c.Kind == table.Int64 {
				out.Ints[i] = c.Ints[i]
			} else {
				out.Ints[i] = int64(v)
			}
		}
		return out
	}
	// An object block is present: each cell keeps its block's Python value.
	out := &table.Column{Name: c.Name, Kind: table.String, Mixed: make([]table.Kind, n), Text: c.Text,
		Ints: make([]int64, n), Floats: make([]float64, n), Bools: make([]bool, n)}
	null := func(i int) {
		if out.Null == nil {
			out.Null = make([]bool, n)
		}
		out.Null[i] = true
	}
	for i := 0; i < n; i++ {
		switch c.Kind {
		case table.Int64:
			out.Mixed[i], out.Ints[i] = table.Int64, c.Ints[i]
		case table.Float64:
			out.Mixed[i], out.Floats[i] = table.Float64, c.Floats[i]
			if math.IsNaN(c.Floats[i]) {
				null(i)
			}
		case table.Bool, table.BoolObject:
			out.Mixed[i], out.Bools[i] = table.Bool, c.Bools[i]
			if c.IsNull(i) {
				null(i)
			}
		default:
			out.Mixed[i] = table.String
			if c.IsNull(i) {
				null(i)
			}
		}
	}
	return out
}

// key is a cell as a member of Series.isin / unique(): Python value
// equality (1 == 1.0 == True), every missing cell one NaN. A text key
// shares the block's memory until cloned.
type key struct {
	text   string
	isText bool
	num    pandas.SetKey
	nan    bool
}

func keyOf(c *table.Column, i int) key {
	if c.IsNull(i) {
		return key{nan: true}
	}
	if c.Kind == table.String && (c.Mixed == nil || c.Mixed[i] == table.String) {
		return key{text: c.Text[i], isText: true}
	}
	k, ok := pandas.SetKeyOf(c, i)
	if !ok {
		return key{nan: true}
	}
	return key{num: k}
}

// clone returns k holding its own copy of its text, so that a stored key
// does not keep its block in memory.
func (k key) clone() key {
	k.text = strings.Clone(k.text)
	return k
}

// output is one CSV file written block by block.
type output struct {
	f *os.File
	w *bufio.Writer
}

func createOutput(path string, cols []string) (*output, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	o := &output{f: f, w: bufio.NewWriterSize(f, 1<<20)}
	if _, err := o.w.Write(header(cols)); err != nil {
		f.Close()
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return o, nil
}

// write appends rows of t (no header).
func (o *output) write(t *table.Table, rows []int) error {
	if len(rows) == 0 {
		return nil
	}
	if err := t.Take(rows).WriteCSV(o.w, table.WriteOptions{NoHeader: true, Workers: 1}); err != nil {
		return fmt.Errorf("writing %s: %w", o.f.Name(), err)
	}
	return nil
}

func (o *output) close() error {
	err := o.w.Flush()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", o.f.Name(), err)
	}
	return nil
}
