package tabular_playground_series_may_2022

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// split is the original's train_test_split(test_size=100_000,
// random_state=0): row numbers of the train and test parts, in order.
func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Count(testSize), RandomState: 0})
}

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
	if f.Col(id) < 0 || f.Col(target) < 0 {
		return fmt.Errorf("%s: columns %q and %q are required", src, id, target)
	}
	train, test, err := split(f.Rows())
	if err != nil {
		return err
	}
	nTrain := len(train)
	newID := func(base int) func(dst []byte, i int) []byte {
		return func(dst []byte, i int) []byte { return strconv.AppendInt(dst, int64(base+i), 10) }
	}
	all := func(base int, drop string) []table.MappedColumn {
		var cols []table.MappedColumn
		for j, name := range f.Names {
			switch name {
			case drop:
			case id:
				cols = append(cols, table.MappedColumn{Name: name, Gen: newID(base)})
			default:
				cols = append(cols, table.MappedColumn{Name: name, Src: j})
			}
		}
		return cols
	}
	gold := []table.MappedColumn{{Name: id, Gen: newID(nTrain)}, f.SrcCol(target)}
	sample := []table.MappedColumn{{Name: id, Gen: newID(nTrain)}, {Name: target, Gen: func(dst []byte, _ int) []byte { return append(dst, "0.5"...) }}}
	if err := f.WriteCSV(ctx, filepath.Join(d.Public, "train.csv"), train, all(0, "")); err != nil {
		return err
	}
	return f.WriteCSVs(ctx, test, []table.MappedFile{
		{Path: filepath.Join(d.Private, "test.csv"), Cols: all(nTrain, "")},
		{Path: filepath.Join(d.Public, "test.csv"), Cols: all(nTrain, target)},
		{Path: filepath.Join(d.Private, "gold_submission.csv"), Cols: gold},
		{Path: filepath.Join(d.Public, "sample_submission.csv"), Cols: sample},
	})
}

// prepareTable is the general path through package table, for raw files
// the fast path declines (quoted fields, booleans, …).
func prepareTable(ctx context.Context, d competition.Dirs, src string) error {
	t, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return err
	}
	if !t.Has(id, target) {
		return fmt.Errorf("%s: columns %q and %q are required", src, id, target)
	}
	train, test, err := split(t.Len())
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ids := func(base, n int) *table.Column {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(base + i)
		}
		return table.Ints(id, v)
	}
	newTrain, err := t.Take(train).With(ids(0, len(train)))
	if err != nil {
		return err
	}
	newTest, err := t.Take(test).With(ids(len(train), len(test)))
	if err != nil {
		return err
	}
	gold, err := newTest.Select(id, target)
	if err != nil {
		return err
	}
	half := make([]float64, len(test))
	for i := range half {
		half[i] = 0.5
	}
	sample, err := gold.With(table.Floats(target, half))
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
		{filepath.Join(d.Private, "gold_submission.csv"), gold},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}
