package tabular_playground_series_dec_2021

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	f, err := table.OpenMapped(ctx, src)
	if errors.Is(err, table.ErrNotSimple) {
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
		fields = f.Fields(r, fields[:0])
		cell := fields[idCol]
		switch f.ColKind(idCol) {
		case table.Int64:
			v, err := strconv.ParseInt(string(cell), 10, 64)
			return strconv.FormatInt(v, 10), err == nil
		case table.Float64:
			v, err := strconv.ParseFloat(string(cell), 64)
			if err != nil || math.IsNaN(v) {
				return "", false // NaN ids are never equal
			}
			return strconv.FormatFloat(v, 'g', -1, 64), true
		}
		if table.IsNA(string(cell)) {
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
	all := func(drop string) []table.MappedColumn {
		var cols []table.MappedColumn
		for j, name := range f.Names {
			if name != drop {
				cols = append(cols, table.MappedColumn{Name: name, Src: j})
			}
		}
		return cols
	}
	two := func(dst []byte, _ int) []byte { return append(dst, '2') }
	sample := []table.MappedColumn{f.SrcCol(idColumn), {Name: target, Gen: two}}
	for _, w := range []struct {
		path string
		rows []int
		cols []table.MappedColumn
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
