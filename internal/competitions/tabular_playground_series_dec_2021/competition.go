// Package tabular_playground_series_dec_2021 is the tabular-playground-series-dec-2021 competition (the original's
// mlebench/competitions/tabular-playground-series-dec-2021/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/tabular-playground-series-dec-2021.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) over all 4,000,000
//     rows: n_test = ceil(0.1·n), rows in RandomState(0).permutation order;
//   - every cell is re-printed as pandas prints what it parsed (ints as
//     canonical digits, so a raw "007" becomes "7"; chunked dtype inference
//     of the C reader's low_memory mode, see shared_c2.go);
//   - the original's asserts: train and test Ids disjoint (so duplicate raw
//     Ids that land on both sides fail prepare);
//   - the sample submission is every test Id with Cover_Type 2 (int);
//   - grading is prepare_for_accuracy_metric (Cover_Type, Id) and
//     scikit-learn 1.5 accuracy_score with its target-type checks
//     (non-integral floats or NaN → error, text labels → simply wrong),
//     a Python float.
//
// The 4M-row raw file goes through C2's parallel fast path (shared_c2.go);
// files it declines (quoted fields, booleans, …) go through package table.
package tabular_playground_series_dec_2021

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "tabular-playground-series-dec-2021",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	idColumn = "Id"
	target   = "Cover_Type"
)

// split is the original's train_test_split(test_size=0.1, random_state=0).
func split(n int) (train, test []int, err error) {
	train, test, err = pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return nil, nil, fmt.Errorf("splitting train.csv: %w", err)
	}
	return train, test, nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	f, err := bigcsv.Open(ctx, src)
	if errors.Is(err, bigcsv.ErrNotSimple) {
		return prepareTable(ctx, d, src)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	idCol, targetCol := f.Col(idColumn), f.Col(target)
	if idCol < 0 || targetCol < 0 {
		return fmt.Errorf("%s: columns %q and %q are required", src, idColumn, target)
	}
	train, test, err := split(f.Rows())
	if err != nil {
		return err
	}
	// assert set(new_train.Id).isdisjoint(set(new_test.Id))
	testIDs := make(map[string]bool, len(test))
	var fields [][]byte
	idKey := func(r int) (string, bool) {
		fields = bigcsv.Split(f.Row(r), fields[:0])
		cell := fields[idCol]
		switch f.ColKind(idCol) {
		case bigcsv.KindInt:
			v, err := strconv.ParseInt(string(cell), 10, 64)
			return strconv.FormatInt(v, 10), err == nil
		case bigcsv.KindFloat:
			v, err := strconv.ParseFloat(string(cell), 64)
			if err != nil || math.IsNaN(v) {
				return "", false // NaN ids are never equal
			}
			return strconv.FormatFloat(v, 'g', -1, 64), true
		}
		if bigcsv.IsNA(cell) {
			return "", false
		}
		return string(cell), true
	}
	for _, r := range test {
		if k, ok := idKey(r); ok {
			testIDs[k] = true
		}
	}
	for i, r := range train {
		if i&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if k, ok := idKey(r); ok && testIDs[k] {
			return fmt.Errorf("%s: Id %s is in both the train and the test split (ids must be unique)", src, k)
		}
	}
	all := func(drop string) []bigcsv.Out {
		var cols []bigcsv.Out
		for j, name := range f.Names {
			if name != drop {
				cols = append(cols, bigcsv.Out{Name: name, Src: j})
			}
		}
		return cols
	}
	two := func(dst []byte, _ int) []byte { return append(dst, '2') }
	sample := []bigcsv.Out{f.SrcCol(idColumn), {Name: target, Gen: two}}
	for _, w := range []struct {
		path string
		rows []int
		cols []bigcsv.Out
	}{
		{filepath.Join(d.Public, "train.csv"), train, all("")},
		{filepath.Join(d.Private, "test.csv"), test, all("")},
		{filepath.Join(d.Public, "test.csv"), test, all(target)},
		{filepath.Join(d.Public, "sample_submission.csv"), test, sample},
	} {
		if err := f.WriteCSV(ctx, w.path, w.rows, w.cols); err != nil {
			return err
		}
	}
	return nil
}

// prepareTable is the general path through package table.
func prepareTable(ctx context.Context, d competition.Dirs, src string) error {
	t, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return err
	}
	if !t.Has(idColumn, target) {
		return fmt.Errorf("%s: columns %q and %q are required", src, idColumn, target)
	}
	train, test, err := split(t.Len())
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := t.Take(train), t.Take(test)
	trainIDs, _ := newTrain.Col(idColumn)
	testIDs, _ := newTest.Col(idColumn)
	seen := make(map[string]bool, testIDs.Len())
	for i := 0; i < testIDs.Len(); i++ {
		if !testIDs.IsNull(i) {
			seen[key(testIDs, i)] = true
		}
	}
	for i := 0; i < trainIDs.Len(); i++ {
		if !trainIDs.IsNull(i) && seen[key(trainIDs, i)] {
			return fmt.Errorf("%s: Id %s is in both the train and the test split (ids must be unique)", src, trainIDs.Str(i))
		}
	}
	twos := make([]int64, newTest.Len())
	for i := range twos {
		twos[i] = 2
	}
	sample, err := table.New(testIDs, table.Ints(target, twos))
	if err != nil {
		return err
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Private, "test.csv"), newTest},
		{filepath.Join(d.Public, "test.csv"), newTest.Drop(target)},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", w.path, err)
		}
	}
	return nil
}

// key is a set key under which Python's set considers two Id values
// equal: numbers by value (5 == 5.0), text by content.
func key(c *table.Column, i int) string {
	if v, ok := c.Float(i); ok && c.Kind != table.String {
		if c.Kind == table.Int64 {
			return strconv.FormatInt(c.Ints[i], 10)
		}
		if v == math.Trunc(v) && math.Abs(v) < 1<<63 {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return "s:" + c.Str(i)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, target, idColumn)
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// rawHeader is the real train.csv header (56 integer columns).
func rawHeader() []string {
	h := []string{idColumn, "Elevation", "Aspect", "Slope", "Horizontal_Distance_To_Hydrology",
		"Vertical_Distance_To_Hydrology", "Horizontal_Distance_To_Roadways", "Hillshade_9am",
		"Hillshade_Noon", "Hillshade_3pm", "Horizontal_Distance_To_Fire_Points"}
	for i := 1; i <= 4; i++ {
		h = append(h, "Wilderness_Area"+strconv.Itoa(i))
	}
	for i := 1; i <= 40; i++ {
		h = append(h, "Soil_Type"+strconv.Itoa(i))
	}
	return append(h, target)
}

// FakeRaw writes raw/train.csv in the real 56-column all-integer
// layout (default 500 rows) with consecutive Ids from 0, and a small
// test.csv / sample_submission.csv (Ids continuing after train's), which
// prepare never reads. Cover_Type is mostly 1 or 2 (as in the real data);
// the first three test rows of the original's split get classes 1, 2 and 3,
// so the test target is always multiclass. A few feature cells are written
// with leading zeros ("0042"), which pandas re-prints canonically.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "tabular-playground-series-dec-2021")
	n := synth.Rows(opt.Rows, 500)
	if n < 2 {
		n = 2
	}
	_, test, err := split(n)
	if err != nil {
		return err
	}
	labels := make([]int, n)
	for i := range labels {
		switch k := r.IntN(100); {
		case k < 37:
			labels[i] = 1
		case k < 93:
			labels[i] = 2
		default:
			labels[i] = 3 + r.IntN(5)
		}
	}
	for k, i := range test[:min(3, len(test))] {
		labels[i] = k + 1
	}
	header := rawHeader()
	row := func(line []byte, id int, withTarget bool) []byte {
		line = strconv.AppendInt(line[:0], int64(id), 10)
		feats := []int{2000 + r.IntN(2000), r.IntN(420) - 30, r.IntN(70) - 5, r.IntN(1700) - 100,
			r.IntN(700) - 200, r.IntN(7500) - 300, r.IntN(300), r.IntN(300), r.IntN(300), r.IntN(8000) - 300}
		for j, v := range feats {
			line = append(line, ',')
			if j == 1 && v >= 0 && r.IntN(40) == 0 {
				line = fmt.Appendf(line, "%04d", v) // leading zeros
				continue
			}
			line = strconv.AppendInt(line, int64(v), 10)
		}
		wild := r.IntN(4)
		for j := 0; j < 4; j++ {
			line = append(line, ',', bit(j == wild || r.IntN(50) == 0))
		}
		for j := 0; j < 40; j++ {
			line = append(line, ',', bit(r.IntN(12) == 0))
		}
		if withTarget {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(labels[id]), 10)
		}
		return append(line, '\n')
	}
	write := func(name string, cols []string, from, count int, withTarget bool) error {
		out, w, err := csvout.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		defer out.Close()
		var line []byte
		for j, c := range cols {
			if j > 0 {
				line = append(line, ',')
			}
			line = append(line, c...)
		}
		w.Write(append(line, '\n'))
		for i := from; i < from+count; i++ {
			line = row(line, i, withTarget)
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
		return out.Close()
	}
	if err := write("train.csv", header, 0, n, true); err != nil {
		return err
	}
	nTest := max(1, n/10)
	if err := write("test.csv", header[:len(header)-1], n, nTest, false); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{idColumn, target}}
	for i := n; i < n+nTest; i++ {
		sample.Add(strconv.Itoa(i), "2")
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

func bit(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}
