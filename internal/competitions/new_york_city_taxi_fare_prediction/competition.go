package new_york_city_taxi_fare_prediction

// new-york-city-taxi-fare-prediction — spec: ../shared/spec/competitions/new-york-city-taxi-fare-prediction.md
//
// Quirks reproduced:
//   - train_test_split(test_size=9914, random_state=0) with an integer test
//     size (9,915 rows at least); rows in permutation order;
//   - the train part is written as public/labels.csv (not train.csv);
//   - cells are re-printed as pandas prints what it parsed (floats in Python
//     repr, so "4.50" becomes "4.5"; missing dropoff values as empty fields);
//   - raw/GCP-Coupons-Instructions.rtf is copied after the CSVs are written:
//     when it is missing, prepare fails with the four CSVs already written;
//   - the asserts run last: train/test keys disjoint (Python sets of the
//     parsed values), and the hard-coded column counts 8 / 7 / 2, so a raw
//     file without exactly 8 columns fails after writing everything;
//   - grading sorts each table by key on its own and compares fare_amount by
//     position: no key-equality or length check (a length mismatch is
//     scikit-learn's inconsistent-length error, a plain error), so an
//     equal-length submission with wrong keys is still scored; duplicate
//     keys are ordered as numpy's unstable quicksort orders them;
//   - score: root_mean_squared_error, a numpy float64.
//
// The real raw file has 55 million rows (5.5 GB). It is mapped, not read,
// and goes through the parallel fast path of shared_c2.go; files the fast
// path declines go through package table.

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "new-york-city-taxi-fare-prediction",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	testSize  = 9914
	keyColumn = "key"
	target    = "fare_amount"
	coupons   = "GCP-Coupons-Instructions.rtf"
)

var rawHeader = []string{"key", "fare_amount", "pickup_datetime", "pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude", "passenger_count"}

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Count(testSize), RandomState: 0})
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
	var all, noLabel []bigcsv.Out
	for j, name := range f.Names {
		all = append(all, bigcsv.Out{Name: name, Src: j})
		if j != targetCol {
			noLabel = append(noLabel, bigcsv.Out{Name: name, Src: j})
		}
	}
	sample := []bigcsv.Out{{Name: keyColumn, Src: keyCol}, {Name: target, Gen: func(dst []byte, _ int) []byte { return append(dst, "11.35"...) }}}
	if err := f.WriteCSV(ctx, filepath.Join(d.Public, "labels.csv"), train, all); err != nil {
		return err
	}
	if err := f.WriteCSVs(ctx, test, []bigcsv.File{
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
func keysDisjointFrame(ctx context.Context, f *bigcsv.Frame, col int, train, test []int) error {
	const (
		keyText = iota
		keyNum
		keyNA    // the object column's NaN: equal to itself
		keyNever // a float NaN
	)
	w := len(f.Names)
	key := func(r int, cell []byte) (num pandas.NumKey, kind int) {
		switch f.ChunkKinds[(r/f.ChunkRows)*w+col] {
		case bigcsv.KindInt:
			v, _ := strconv.ParseInt(bigcsv.Str(cell), 10, 64)
			return pandas.NewNumKey(0, v, true), keyNum
		case bigcsv.KindFloat:
			x, err := strconv.ParseFloat(bigcsv.Str(cell), 64)
			if err != nil || x != x {
				return pandas.NumKey{}, keyNever
			}
			return pandas.NewNumKey(x, 0, false), keyNum
		}
		if bigcsv.IsNA(cell) {
			return pandas.NumKey{}, keyNA
		}
		return pandas.NumKey{}, keyText
	}
	texts := map[string]bool{}
	nums := map[pandas.NumKey]bool{}
	na := false
	var fields [][]byte
	for _, r := range test {
		fields = bigcsv.Split(f.Row(r), fields[:0])
		switch num, kind := key(r, fields[col]); kind {
		case keyText:
			texts[string(fields[col])] = true
		case keyNum:
			nums[num] = true
		case keyNA:
			na = true
		}
	}
	for k, r := range train {
		if k&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		fields = bigcsv.Split(f.Row(r), fields[:0])
		num, kind := key(r, fields[col])
		if (kind == keyText && texts[bigcsv.Str(fields[col])]) || (kind == keyNum && nums[num]) || (kind == keyNA && na) {
			return fmt.Errorf("train and test keys overlap (%q)", fields[col])
		}
	}
	return nil
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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has(target, keyColumn) {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", target, keyColumn)
	}
	subFare, ok := sub.Col(target)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", target)
	}
	subKey, ok := sub.Col(keyColumn)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", keyColumn)
	}
	ansFare, _ := ans.Col(target)
	ansKey, _ := ans.Col(keyColumn)
	yTrue, err := pandas.Floats(ansFare.Take(pandas.NArgsort(ansKey)))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers %s: %w", target, err)
	}
	yPred, err := pandas.Floats(subFare.Take(pandas.NArgsort(subKey)))
	if err != nil {
		return competition.Score{}, err
	}
	rmse, err := metric.RMSE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}

// FakeRaw writes raw/train.csv (the real 8-column header, 10,500 rows by
// default: the test size is the fixed 9,914) and
// raw/GCP-Coupons-Instructions.rtf. Keys are unique "YYYY-MM-DD
// hh:mm:ss.fffffff" strings; some dropoff coordinates are missing and some
// fares use non-canonical text ("4.50", "7").
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 10_500)
	r := synth.Rand(opt.Seed, "train")
	c := &synth.CSV{Header: rawHeader}
	for i := 0; i < n; i++ {
		day := r.IntN(365 * 6)
		year, yday := 2009+day/365, day%365
		month, mday := 1+yday/31, 1+yday%28
		hh, mm, ss := r.IntN(24), r.IntN(60), r.IntN(60)
		stamp := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", year, min(month, 12), mday, hh, mm, ss)
		key := fmt.Sprintf("%s.%07d", stamp, i+1)
		fare := strconv.FormatFloat(float64(250+r.IntN(5000))/100, 'f', -1, 64)
		switch r.IntN(200) {
		case 0:
			fare = fmt.Sprintf("%d.50", 3+r.IntN(20))
		case 1:
			fare = strconv.Itoa(5 + r.IntN(40))
		}
		coord := func(base float64) string {
			return strconv.FormatFloat(base+r.NormFloat64()*0.05, 'f', 6, 64)
		}
		dLon, dLat := coord(-73.97), coord(40.75)
		if r.IntN(300) == 0 {
			dLon, dLat = "", ""
		}
		c.Add(key, fare, stamp+" UTC", coord(-73.98), coord(40.76), dLon, dLat, strconv.Itoa(1+r.IntN(6)))
	}
	if err := c.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	rtf := "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 Synthetic coupon instructions.\\par}\n"
	return synth.WriteFile(filepath.Join(dir, coupons), []byte(rtf))
}
