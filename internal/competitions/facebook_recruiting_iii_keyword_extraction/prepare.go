package facebook_recruiting_iii_keyword_extraction

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

const sampleTags = "javascript c# python php java"

func Prepare(ctx context.Context, d competition.Dirs) error {
	err := prepareStream(ctx, d)
	if errors.Is(err, errFallback) {
		return prepareTable(ctx, d)
	}
	return err
}

// errFallback says the streaming path cannot prove its output equals
// pandas' (see prepareStream); the in-memory path takes over.
var errFallback = errors.New("facebook-recruiting-iii: streaming path declined")

// openTrain opens raw/Train.zip's top-level Train.csv member.
func openTrain(d competition.Dirs) (io.ReadCloser, func() error, error) {
	z, err := zipfile.Open(filepath.Join(d.Raw, "Train.zip"))
	if err != nil {
		return nil, nil, err
	}
	r, err := z.Open("Train.csv")
	if err != nil {
		z.Close()
		return nil, nil, fmt.Errorf("raw Train.zip: %w", err)
	}
	return r, z.Close, nil
}

// prepareStream prepares without holding Train.csv (several GB) in
// memory. Pass 1 streams the CSV and appends every row, formatted as
// to_csv writes it, to a temporary file in raw/; pass 2 maps that file and
// writes the outputs in split order. The output equals pandas' when every
// column other than Id and Tags (dtype str) stays a column of strings: each
// low_memory chunk (pandas' buffer_lines rows) holds a cell that can only
// be text, so pandas neither converts the chunk to numbers/bools nor touches
// the strings. It declines (errFallback) otherwise, and for invalid
// UTF-8, an implicit index column, or Tags not being the last column.
func prepareStream(ctx context.Context, d competition.Dirs) (err error) {
	rc, closeZip, err := openTrain(d)
	if err != nil {
		return err
	}
	defer closeZip()
	defer rc.Close()
	rd := table.NewReader(bufio.NewReaderSize(rc, 1<<20))
	rd.Path = "Train.csv"
	header, err := rd.Header()
	if err != nil {
		return fmt.Errorf("reading raw Train.csv: %w", err)
	}
	tagsCol, idCol := -1, -1
	for j, h := range header {
		switch h {
		case "Tags":
			tagsCol = j
		case "Id":
			idCol = j
		}
	}
	if tagsCol != len(header)-1 || len(header) < 2 {
		return errFallback
	}
	tmp, err := os.CreateTemp(d.Private, ".fbkw-rows-*.tmp") // raw is read only; removed before returning
	if err != nil {
		return err
	}
	tmpPath := tmp.Name()
	defer os.Remove(tmpPath)
	bw := bufio.NewWriterSize(tmp, 1<<20)
	var (
		starts   []int64  // row k's formatted line starts at starts[k]
		headLens []uint32 // length of the line without ",Tags\n"
		off      int64
		line     []byte
		chunk    = table.BlockRows(len(header))
		witness  = make([]bool, len(header))
	)
	checkChunk := func() error {
		for j, ok := range witness {
			if j != tagsCol && j != idCol && !ok {
				return errFallback
			}
			witness[j] = false
		}
		return nil
	}
	for row := 0; ; row++ {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tmp.Close()
			return fmt.Errorf("reading raw Train.csv: %w", err)
		}
		if row == 0 && len(rd.Index()) > 0 {
			tmp.Close()
			return errFallback
		}
		if row > 0 && row%chunk == 0 {
			if err := checkChunk(); err != nil {
				tmp.Close()
				return err
			}
			if err := ctx.Err(); err != nil {
				tmp.Close()
				return err
			}
		}
		line = line[:0]
		headLen := 0
		for j, cell := range rec {
			if !utf8.ValidString(cell) {
				tmp.Close()
				return errFallback
			}
			if j > 0 {
				if j == tagsCol {
					headLen = len(line)
				}
				line = append(line, ',')
			}
			if table.IsNA(cell) {
				continue
			}
			if !witness[j] && j != tagsCol && j != idCol && table.IsPlainText([]byte(cell)) {
				witness[j] = true
			}
			line = appendField(line, cell)
		}
		line = append(line, '\n')
		starts = append(starts, off)
		headLens = append(headLens, uint32(headLen))
		if _, err := bw.Write(line); err != nil {
			tmp.Close()
			return err
		}
		off += int64(len(line))
	}
	n := len(starts)
	if n > 0 { // the last chunk
		if err := checkChunk(); err != nil {
			tmp.Close()
			return err
		}
	}
	starts = append(starts, off)
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	data, release, err := table.MapFile(tmpPath)
	if err != nil {
		return err
	}
	defer release()

	trainIdx, testIdx, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	var headAll, headNoTags []byte
	for j, h := range header {
		if j > 0 {
			headAll = append(headAll, ',')
			if j != tagsCol {
				headNoTags = append(headNoTags, ',')
			}
		}
		f := table.AppendField(nil, h)
		headAll = append(headAll, f...)
		if j != tagsCol {
			headNoTags = append(headNoTags, f...)
		}
	}
	full := func(k int) []byte { return data[starts[k]:starts[k+1]] }
	noTags := func(k int) []byte { return data[starts[k] : starts[k]+int64(headLens[k])] }
	sampleTail := []byte("," + sampleTags + "\n")
	for _, f := range []struct {
		path  string
		head  []byte
		rows  []int
		write func(w *bufio.Writer, k int)
	}{
		{filepath.Join(d.Public, "train.csv"), headAll, trainIdx, func(w *bufio.Writer, k int) { w.Write(full(k)) }},
		{filepath.Join(d.Public, "test.csv"), headNoTags, testIdx, func(w *bufio.Writer, k int) { w.Write(noTags(k)); w.WriteByte('\n') }},
		{filepath.Join(d.Public, "sample_submission.csv"), append(append([]byte{}, headNoTags...), ",Tags"...), testIdx,
			func(w *bufio.Writer, k int) { w.Write(noTags(k)); w.Write(sampleTail) }},
		{filepath.Join(d.Private, "test.csv"), headAll, testIdx, func(w *bufio.Writer, k int) { w.Write(full(k)) }},
	} {
		if err := writeRows(ctx, f.path, f.head, f.rows, f.write, func() { dropPages(data) }); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	return nil
}

// appendField appends s as Python's csv writer (QUOTE_MINIMAL, '\r'
// quoted as in CPython ≥ 3.11.9) writes a string field; see table.AppendField.
func appendField(dst []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\n\r") {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for {
		k := strings.IndexByte(s, '"')
		if k < 0 {
			break
		}
		dst = append(dst, s[:k+1]...)
		dst = append(dst, '"')
		s = s[k+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

// dropEvery is how many rows writeRows reads between page drops. The rows
// come in split order, so each one maps a fault-around window (64 KiB by
// default) of the mapped file: 1,024 rows keep that under 64 MiB, where
// 65,536 rows could map the whole 7 GB file of the real competition.
const dropEvery = 1024

// writeRows writes head, a newline, and write(k) for each row k, calling
// every dropEvery rows drop, which releases the pages of the mapped rows
// read so far.
func writeRows(ctx context.Context, path string, head []byte, rows []int, write func(w *bufio.Writer, k int), drop func()) (err error) {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	w.Write(head)
	w.WriteByte('\n')
	for i, k := range rows {
		if i%dropEvery == 0 && i > 0 {
			drop()
			if i%65536 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
		}
		write(w, k)
	}
	return w.Flush()
}

// prepareTable is the in-memory path: package table reads Train.csv with
// pandas' full inference and writes the splits.
func prepareTable(ctx context.Context, d competition.Dirs) error {
	r, closeZip, err := openTrain(d)
	if err != nil {
		return err
	}
	defer closeZip()
	old, err := table.Read(r, table.ReadOptions{Dtype: map[string]table.Kind{"Id": table.String, "Tags": table.String}, Path: "Train.csv"})
	r.Close()
	if err != nil {
		return fmt.Errorf("reading raw Train.csv: %w", err)
	}
	if !old.Has("Tags") {
		return fmt.Errorf("raw Train.csv: no Tags column")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	testNoLabels := newTest.Drop("Tags")
	tags := make([]string, newTest.Len())
	for i := range tags {
		tags[i] = sampleTags
	}
	sample, err := testNoLabels.With(table.Strings("Tags", tags))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), testNoLabels},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), newTest},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	return nil
}
