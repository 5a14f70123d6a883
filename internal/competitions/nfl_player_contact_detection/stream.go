package nfl_player_contact_detection

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mlebench/mlebench/internal/competitions/internal/blockcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// The tracking, helmet and label CSVs are hundreds of megabytes on Kaggle.
// The original reads each whole with plain pandas.read_csv and writes row
// subsets with to_csv(index=False); the preparer streams them block by
// block with package blockcsv (two passes, memory bounded by a few parsing
// blocks), with the floats re-converted by plain read_csv's "high"
// converter.

// openFrame runs pass 1 over path: the dtypes of every block, with collect
// (if non-nil) called on each block.
func openFrame(ctx context.Context, path string, collect func(b blockcsv.Block) error) (*blockcsv.Frame, error) {
	open := func() (io.ReadCloser, error) { return os.Open(path) }
	return blockcsv.Scan(ctx, open, blockcsv.Options{Path: path, HighPrecision: true}, collect)
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
