// Package blockcsv reads a CSV too large to hold in memory block by block,
// with the values plain pandas.read_csv (C engine, low_memory=True) gives
// the whole file, so that a preparer can write its row subsets
// incrementally instead of holding the table.
//
// Contract: a [Frame] is read in two passes, with memory bounded by a few
// parsing blocks whatever the file's size:
//
//  1. [Scan] parses every low_memory block ([table.BlockRows] rows for the
//     file's width, the C parser's buffer_lines) alone, as pandas converts
//     it, records each column's block dtypes, and hands each block to the
//     caller (to collect keys: ids, group labels);
//  2. [Frame.Each] parses every block again and converts its columns to the
//     dtypes pandas' concatenation of the blocks gives (int64 + float64 →
//     float64; bools with missing cells → object bools; numbers and bools →
//     object numbers; any object block → object column whose cells keep
//     their block's Python value) — the rule package table applies to a
//     whole file — so that writing each block's selected rows with
//     [table.Table.WriteCSV] gives the bytes writing the whole table would.
//
// Each pass reads the input twice in parallel stages: one goroutine splits
// records and encodes the next block while the caller's goroutine parses
// and uses the current one (both cores on a large file). The scheme is the
// one nfl-player-contact-detection's preparer introduced; this package is
// its reusable form.
package blockcsv

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// Opener opens the CSV (a file, a zip member) from its start; each pass
// calls it once.
type Opener func() (io.ReadCloser, error)

// Options tune a Frame.
type Options struct {
	// Path names the input in error messages.
	Path string
	// HighPrecision re-converts float cells with plain read_csv's default
	// ("high") converter in pass 2 (pandas.HighPrecisionFloats), for
	// preparers whose whole-table reading did the same.
	HighPrecision bool
}

// Block is one parsed block: the number of its first data row in the file
// (0-based) and its columns.
type Block struct {
	First int
	T     *table.Table
}

// Frame is one CSV after pass 1.
type Frame struct {
	open Opener
	opt  Options
	// Names are the columns (pandas-renamed).
	Names []string
	// Kinds[j] are the distinct dtypes of column j's blocks, in order of
	// first appearance (an object block counts as table.String).
	Kinds [][]table.Kind
	// Rows is the number of data rows; Blocks the number of pandas blocks.
	Rows, Blocks int
}

// Scan runs pass 1 over the CSV that open returns: every block's dtypes,
// with collect (if non-nil) called on each block, in file order.
func Scan(ctx context.Context, open Opener, opt Options, collect func(b Block) error) (*Frame, error) {
	fr := &Frame{open: open, opt: opt}
	names, err := scanBlocks(ctx, open, opt.Path, func(b Block) error {
		cols := b.T.Columns()
		if fr.Kinds == nil {
			fr.Kinds = make([][]table.Kind, len(cols))
		}
		if len(cols) != len(fr.Kinds) {
			return fmt.Errorf("block at row %d has %d columns, want %d", b.First, len(cols), len(fr.Kinds))
		}
		for j, c := range cols {
			k := c.Kind
			if c.Mixed != nil {
				k = table.String
			}
			seen := false
			for _, s := range fr.Kinds[j] {
				seen = seen || s == k
			}
			if !seen {
				fr.Kinds[j] = append(fr.Kinds[j], k)
			}
		}
		fr.Blocks++
		fr.Rows = b.First + b.T.Len()
		if collect != nil {
			return collect(b)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", opt.Path, err)
	}
	fr.Names = names
	return fr, nil
}

// Col returns the index of the named column or -1.
func (fr *Frame) Col(name string) int {
	for j, n := range fr.Names {
		if n == name {
			return j
		}
	}
	return -1
}

// Kind is the dtype of column j in the whole file: Int64, Float64, Bool,
// BoolObject or String (object, possibly of mixed cells).
func (fr *Frame) Kind(j int) table.Kind {
	ks := fr.Kinds[j]
	if len(ks) == 1 {
		return ks[0]
	}
	var hasI, hasF, hasB, hasBO, hasS bool
	for _, k := range ks {
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
	switch {
	case len(ks) == 0:
		return table.String
	case !hasB && !hasBO && !hasS:
		return table.Float64
	case !hasI && !hasF && !hasS:
		return table.BoolObject
	}
	return table.String
}

// Each runs pass 2: fn gets every block with its columns converted to the
// concatenated frame's dtypes, in file order.
func (fr *Frame) Each(ctx context.Context, fn func(b Block) error) error {
	_, err := scanBlocks(ctx, fr.open, fr.opt.Path, func(b Block) error {
		cols := b.T.Columns()
		if len(cols) != len(fr.Kinds) {
			return errors.New("the file changed between passes")
		}
		out := make([]*table.Column, len(cols))
		for j, c := range cols {
			if fr.opt.HighPrecision {
				pandas.HighPrecisionFloats(c)
			}
			out[j] = ConcatDtype(c, fr.Kinds[j])
		}
		t, err := table.New(out...)
		if err != nil {
			return err
		}
		return fn(Block{First: b.First, T: t})
	})
	if err != nil {
		return fmt.Errorf("reading %s: %w", fr.opt.Path, err)
	}
	return nil
}

// encoded is one block's CSV text, ready to parse.
type encoded struct {
	buf   []byte
	rows  int
	first int
}

// scanBlocks calls fn with each block of the CSV, parsed alone, in file
// order. A producer goroutine splits records and re-encodes each block
// while fn runs on the previous one. It returns the header.
func scanBlocks(ctx context.Context, open Opener, path string, fn func(b Block) error) ([]string, error) {
	rc, err := open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	rd := table.NewReader(bufio.NewReaderSize(rc, 1<<20))
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

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	blocks := make(chan encoded, 1)
	perr := make(chan error, 1)
	go func() {
		defer close(blocks)
		perr <- produce(ctx, rd, head, len(names), blocks)
	}()
	var ferr error
	for e := range blocks {
		if ferr != nil {
			continue // drain so the producer ends
		}
		if err := ctx.Err(); err != nil {
			ferr = err
			cancel()
			continue
		}
		t, err := table.ReadBytes(e.buf, table.ReadOptions{Path: path})
		if err == nil && t.Len() != e.rows {
			err = fmt.Errorf("block at row %d: parsed %d rows, want %d", e.first, t.Len(), e.rows)
		}
		if err == nil {
			err = fn(Block{First: e.first, T: t})
		}
		if err != nil {
			ferr = err
			cancel()
		}
	}
	if err := <-perr; ferr == nil && err != nil {
		ferr = err
	}
	if ferr != nil {
		return nil, ferr
	}
	return names, nil
}

// produce splits rd's records into blocks of pandas' block size and sends
// each, re-encoded as CSV under head, on out.
func produce(ctx context.Context, rd *table.Reader, head []byte, width int, out chan<- encoded) error {
	per := 0
	var buf []byte
	last := 1 << 20 // the previous block's size: the next one's capacity
	rows, first := 0, 0
	send := func() error {
		if rows == 0 {
			return nil
		}
		select {
		case out <- encoded{buf: buf, rows: rows, first: first}:
		case <-ctx.Done():
			return ctx.Err()
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
			return err
		}
		if per == 0 {
			per = table.BlockRows(width + len(rd.Index()))
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
			if err := send(); err != nil {
				return err
			}
		}
	}
	return send()
}

// ConcatDtype converts one block's column to what it becomes in the
// concatenation of blocks whose dtypes are kinds (pandas 2.2
// _concatenate_chunks / concat_compat), the rules package table applies to
// a whole file.
func ConcatDtype(c *table.Column, kinds []table.Kind) *table.Column {
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
	if c.Kind == table.String {
		return c // an object block: its cells already are Python values
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
		}
	}
	return out
}
