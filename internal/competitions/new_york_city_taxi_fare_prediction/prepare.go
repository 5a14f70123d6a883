package new_york_city_taxi_fare_prediction

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"unsafe"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
	keyCol, targetCol := f.Col(keyColumn), f.Col(target)
	if targetCol < 0 {
		return fmt.Errorf("%s: no %q column", src, target)
	}
	if keyCol < 0 {
		return fmt.Errorf("%s: no %q column", src, keyColumn)
	}
	train, test, err := split(f.Rows())
	if err != nil {
		return err
	}
	var all, noLabel []table.MappedColumn
	for j, name := range f.Names {
		all = append(all, table.MappedColumn{Name: name, Src: j})
		if j != targetCol {
			noLabel = append(noLabel, table.MappedColumn{Name: name, Src: j})
		}
	}
	sample := []table.MappedColumn{{Name: keyColumn, Src: keyCol}, {Name: target, Gen: func(dst []byte, _ int) []byte { return append(dst, "11.35"...) }}}
	if err := f.WriteCSV(ctx, filepath.Join(d.Public, "labels.csv"), train, all); err != nil {
		return err
	}
	if err := f.WriteCSVs(ctx, test, []table.MappedFile{
		{Path: filepath.Join(d.Public, "test.csv"), Cols: noLabel},
		{Path: filepath.Join(d.Public, "sample_submission.csv"), Cols: sample},
		{Path: filepath.Join(d.Private, "test.csv"), Cols: all},
	}); err != nil {
		return err
	}
	if err := copyCoupons(d); err != nil {
		return err
	}
	if err := keysDisjointFrame(ctx, f, keyCol, train, test); err != nil {
		return err
	}
	return checkWidth(len(f.Names))
}

// prepareTable is the general path through package table.
func prepareTable(ctx context.Context, d competition.Dirs, src string) error {
	t, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return err
	}
	if !t.Has(target) {
		return fmt.Errorf("%s: no %q column", src, target)
	}
	if !t.Has(keyColumn) {
		return fmt.Errorf("%s: no %q column", src, keyColumn)
	}
	train, test, err := split(t.Len())
	if err != nil {
		return err
	}
	newTrain, newTest := t.Take(train), t.Take(test)
	key, _ := newTest.Col(keyColumn)
	fare := make([]float64, newTest.Len())
	for i := range fare {
		fare[i] = 11.35
	}
	sample := table.MustNew(key, table.Floats(target, fare))
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "labels.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), newTest.Drop(target)},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), newTest},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	if err := copyCoupons(d); err != nil {
		return err
	}
	trainKeys, _ := newTrain.Col(keyColumn)
	testSet := map[any]bool{}
	for i := 0; i < key.Len(); i++ {
		if k, ok := pandas.CellKey(key, i); ok {
			testSet[k] = true
		}
	}
	for i := 0; i < trainKeys.Len(); i++ {
		if k, ok := pandas.CellKey(trainKeys, i); ok && testSet[k] {
			return fmt.Errorf("train and test keys overlap (%s)", trainKeys.Str(i))
		}
	}
	return checkWidth(len(t.Names()))
}

// keysDisjointFrame is the original's
// set(new_train.key).isdisjoint(set(new_test.key)) on the fast path. A
// cell's Python value depends on its chunk's dtype: int and float chunks
// hold numbers (a float NaN never equals anything), object chunks hold text
// and the shared NaN object.
func keysDisjointFrame(ctx context.Context, f *table.Mapped, col int, train, test []int) error {
	const (
		keyText = iota
		keyNum
		keyNA    // the object column's NaN: equal to itself
		keyNever // a float NaN
	)
	key := func(r int, cell []byte) (num pandas.NumKey, kind int) {
		switch f.CellKind(r, col) {
		case table.Int64:
			v, _ := strconv.ParseInt(bytesString(cell), 10, 64)
			return pandas.NewNumKey(0, v, true), keyNum
		case table.Float64:
			x, err := strconv.ParseFloat(bytesString(cell), 64)
			if err != nil || x != x {
				return pandas.NumKey{}, keyNever
			}
			return pandas.NewNumKey(x, 0, false), keyNum
		}
		if table.IsNA(string(cell)) {
			return pandas.NumKey{}, keyNA
		}
		return pandas.NumKey{}, keyText
	}
	// Rows are visited in file order (two sequential passes over the
	// mapping, the test rows' keys first) rather than in split order, so a
	// multi-GB file is never read at random: the answer does not depend on
	// the order.
	n := f.Rows()
	inTest := make([]uint64, (n+63)/64)
	inTrain := make([]uint64, (n+63)/64)
	for _, r := range test {
		inTest[r/64] |= 1 << (r % 64)
	}
	for _, r := range train {
		inTrain[r/64] |= 1 << (r % 64)
	}
	texts := map[string]bool{}
	nums := map[pandas.NumKey]bool{}
	na := false
	if err := f.EachRow(ctx, func(r int, fields [][]byte) error {
		if inTest[r/64]&(1<<(r%64)) == 0 {
			return nil
		}
		switch num, kind := key(r, fields[col]); kind {
		case keyText:
			texts[string(fields[col])] = true
		case keyNum:
			nums[num] = true
		case keyNA:
			na = true
		}
		return nil
	}); err != nil {
		return err
	}
	return f.EachRow(ctx, func(r int, fields [][]byte) error {
		if inTrain[r/64]&(1<<(r%64)) == 0 {
			return nil
		}
		num, kind := key(r, fields[col])
		if (kind == keyText && texts[bytesString(fields[col])]) || (kind == keyNum && nums[num]) || (kind == keyNA && na) {
			return fmt.Errorf("train and test keys overlap (%q)", fields[col])
		}
		return nil
	})
}

// checkWidth is the original's hard-coded column-count asserts.
func checkWidth(width int) error {
	if width != 8 {
		return fmt.Errorf("expected 8 columns in new_test (7 without labels), got %d", width)
	}
	return nil
}

func copyCoupons(d competition.Dirs) error {
	return imagecopy.CopyFile(filepath.Join(d.Raw, coupons), filepath.Join(d.Public, coupons))
}

// bytesString views b (read-only mapped file data) as a string without
// copying; the result must not outlive the mapping.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
