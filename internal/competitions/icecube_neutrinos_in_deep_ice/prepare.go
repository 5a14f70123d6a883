package icecube_neutrinos_in_deep_ice

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
	"github.com/mlebench/mlebench/internal/pyrand"
)

var metaColumns = []string{"batch_id", "event_id", "first_pulse_index", "last_pulse_index", "azimuth", "zenith"}

// Prepare splits raw/train_meta.parquet by batch and copies the batch files.
func Prepare(ctx context.Context, d competition.Dirs) (err error) {
	metaPath := filepath.Join(d.Raw, "train_meta.parquet")
	r, err := parquetcols.Open(metaPath)
	if err != nil {
		return fmt.Errorf("reading raw train_meta.parquet: %w", err)
	}
	defer r.Close()
	fields := r.Fields()
	pos := map[string]int{}
	for i, f := range fields {
		pos[f.Name] = i
	}
	for _, c := range metaColumns {
		if _, ok := pos[c]; !ok {
			return fmt.Errorf("raw train_meta.parquet: no column %q", c)
		}
	}
	if t := fields[pos["batch_id"]].Type; !t.IsInt() {
		return fmt.Errorf("raw train_meta.parquet: batch_id is %s, want an integer column", t)
	}
	if t := fields[pos["event_id"]].Type; !t.IsInt() {
		return fmt.Errorf("raw train_meta.parquet: event_id is %s, want an integer column", t)
	}

	// Pass 1: the distinct batch ids in order of first appearance.
	var batchIDs []int64
	seen := map[int64]bool{}
	for {
		cols, err := r.Next("batch_id")
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading raw train_meta.parquet: %w", err)
		}
		for _, b := range cols[0].Ints {
			if !seen[b] {
				seen[b] = true
				batchIDs = append(batchIDs, b)
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(batchIDs), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting batches: %w", err)
	}
	isTest := make(map[int64]bool, len(batchIDs)) // every batch: true for test, false for train
	for _, i := range trainIdx {
		isTest[batchIDs[i]] = false
	}
	for _, i := range testIdx {
		isTest[batchIDs[i]] = true
	}

	// Pass 2: stream the rows into the four outputs.
	out, err := newOutputs(d, fields)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.abort()
		}
	}()
	r.Rewind()
	var testEvents []int64
	var trainRows, testRows int64
	for {
		cols, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading raw train_meta.parquet: %w", err)
		}
		var tr, te []int
		for i, b := range cols[pos["batch_id"]].Ints {
			if isTest[b] {
				te = append(te, i)
			} else {
				tr = append(tr, i)
			}
		}
		if err := out.write(cols, pos, tr, te); err != nil {
			return err
		}
		ev := cols[pos["event_id"]].Ints
		for _, i := range te {
			testEvents = append(testEvents, ev[i])
		}
		trainRows += int64(len(tr))
		testRows += int64(len(te))
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if trainRows+testRows != r.NumRows() {
		return fmt.Errorf("train_meta split: %d + %d rows, want %d", trainRows, testRows, r.NumRows())
	}
	// Train and test event ids are disjoint (a third pass over event_id).
	slices.Sort(testEvents)
	r.Rewind()
	for {
		cols, err := r.Next("batch_id", "event_id")
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading raw train_meta.parquet: %w", err)
		}
		for i, b := range cols[0].Ints {
			if isTest[b] {
				continue
			}
			if _, found := slices.BinarySearch(testEvents, cols[1].Ints[i]); found {
				return fmt.Errorf("train and test share event_id %d", cols[1].Ints[i])
			}
		}
	}
	if err := out.close(); err != nil {
		return err
	}

	if err := copyFile(filepath.Join(d.Raw, "sensor_geometry.csv"), filepath.Join(d.Public, "sensor_geometry.csv")); err != nil {
		return err
	}
	return copyBatches(ctx, d, isTest, len(trainIdx), len(testIdx))
}

// outputs are the four files written while streaming.
type outputs struct {
	train, testMeta *parquetcols.Writer
	answers, sample *csvFile
	testMetaCols    []int
}

func newOutputs(d competition.Dirs, fields []parquetcols.Field) (*outputs, error) {
	o := &outputs{}
	var err error
	if o.train, err = parquetcols.Create(filepath.Join(d.Public, "train_meta.parquet"), fields); err != nil {
		return nil, err
	}
	var testFields []parquetcols.Field
	for i, f := range fields {
		if f.Name != "azimuth" && f.Name != "zenith" {
			testFields = append(testFields, f)
			o.testMetaCols = append(o.testMetaCols, i)
		}
	}
	if o.testMeta, err = parquetcols.Create(filepath.Join(d.Public, "test_meta.parquet"), testFields); err != nil {
		o.train.Abort()
		return nil, err
	}
	if o.answers, err = createCSV(filepath.Join(d.Private, "test.csv")); err != nil {
		o.train.Abort()
		o.testMeta.Abort()
		return nil, err
	}
	if o.sample, err = createCSV(filepath.Join(d.Public, "sample_submission.csv")); err != nil {
		o.train.Abort()
		o.testMeta.Abort()
		o.answers.abort()
		return nil, err
	}
	o.answers.w.WriteString("event_id,azimuth,zenith\n")
	o.sample.w.WriteString("event_id,azimuth,zenith\n")
	return o, nil
}

func (o *outputs) write(cols []*parquetcols.Column, pos map[string]int, tr, te []int) error {
	take := func(idx []int, which []int) []*parquetcols.Column {
		out := make([]*parquetcols.Column, len(which))
		for k, i := range which {
			out[k] = cols[i].Take(idx)
		}
		return out
	}
	all := make([]int, len(cols))
	for i := range all {
		all[i] = i
	}
	if len(tr) > 0 {
		if err := o.train.Write(take(tr, all)); err != nil {
			return err
		}
	}
	if len(te) == 0 {
		return nil
	}
	if err := o.testMeta.Write(take(te, o.testMetaCols)); err != nil {
		return err
	}
	ev, az, ze := cols[pos["event_id"]], cols[pos["azimuth"]], cols[pos["zenith"]]
	var line []byte
	for _, i := range te {
		line = csvCell(line[:0], ev, i)
		line = append(line, ',')
		line = csvCell(line, az, i)
		line = append(line, ',')
		line = csvCell(line, ze, i)
		line = append(line, '\n')
		o.answers.w.Write(line)
		line = csvCell(line[:0], ev, i)
		line = append(line, ",1,1\n"...)
		o.sample.w.Write(line)
	}
	return nil
}

// csvCell appends a cell as pandas to_csv writes it (minimal quoting).
func csvCell(dst []byte, c *parquetcols.Column, i int) []byte {
	n := len(dst)
	dst = c.AppendText(dst, i, "")
	if strings.ContainsAny(string(dst[n:]), ",\"\r\n") {
		s := strings.ReplaceAll(string(dst[n:]), `"`, `""`)
		dst = append(append(append(dst[:n], '"'), s...), '"')
	}
	return dst
}

func (o *outputs) close() error {
	for _, w := range []*parquetcols.Writer{o.train, o.testMeta} {
		if err := w.Close(); err != nil {
			return err
		}
	}
	for _, c := range []*csvFile{o.answers, o.sample} {
		if err := c.close(); err != nil {
			return err
		}
	}
	return nil
}

func (o *outputs) abort() {
	o.train.Abort()
	o.testMeta.Abort()
	o.answers.abort()
	o.sample.abort()
}

type csvFile struct {
	path, tmp string
	f         *os.File
	w         *bufio.Writer
}

func createCSV(path string) (*csvFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &csvFile{path: path, tmp: f.Name(), f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (c *csvFile) close() error {
	err := c.w.Flush()
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(c.tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(c.tmp, c.path)
	}
	if err != nil {
		os.Remove(c.tmp)
		return fmt.Errorf("writing %s: %w", c.path, err)
	}
	return nil
}

func (c *csvFile) abort() {
	c.f.Close()
	os.Remove(c.tmp)
}

// copyBatches copies raw/train/*.parquet (sorted by name) to public/train or
// public/test by the batch number in the file name.
func copyBatches(ctx context.Context, d competition.Dirs, isTest map[int64]bool, nTrain, nTest int) error {
	files, err := filepath.Glob(filepath.Join(d.Raw, "train", "*.parquet"))
	if err != nil {
		return fmt.Errorf("listing raw/train: %w", err)
	}
	for _, sub := range []string{"train", "test"} {
		if err := os.MkdirAll(filepath.Join(d.Public, sub), 0o755); err != nil {
			return err
		}
	}
	var gotTrain, gotTest int
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := filepath.Base(f)
		stem := strings.TrimSuffix(name, ".parquet")
		batch, err := pyInt(stem[strings.LastIndex(stem, "_")+1:])
		if err != nil {
			return fmt.Errorf("batch file %s: %w", name, err)
		}
		test, known := isTest[batch]
		if !known {
			continue
		}
		sub := "train"
		if test {
			sub = "test"
		}
		if err := copyFile(f, filepath.Join(d.Public, sub, name)); err != nil {
			return err
		}
		if test {
			gotTest++
		} else {
			gotTrain++
		}
	}
	if gotTrain != nTrain || gotTest != nTest {
		return fmt.Errorf("batch files: %d train and %d test copied, want %d and %d (one raw/train/batch_<id>.parquet per batch)",
			gotTrain, gotTest, nTrain, nTest)
	}
	return nil
}

// pyInt parses s as Python's int() does for ASCII text: surrounding
// whitespace, an optional sign, decimal digits with single underscores
// between them.
func pyInt(s string) (int64, error) {
	t := strings.TrimSpace(s)
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 || digits == "" || digits[0] == '_' || digits[len(digits)-1] == '_' || strings.Contains(digits, "__") {
		return 0, fmt.Errorf("invalid literal for int() with base 10: %q", s)
	}
	v, err := strconv.ParseInt(t[:len(t)-len(digits)]+strings.ReplaceAll(digits, "_", ""), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid literal for int() with base 10: %q", s)
	}
	return v, nil
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying %s: %w", src, cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}
