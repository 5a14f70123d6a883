package ventilator_pressure_prediction

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// intRange is the range of each column's forced integer dtype.
var intRange = map[string][2]int64{
	"id":        {math.MinInt32, math.MaxInt32},
	"breath_id": {math.MinInt32, math.MaxInt32},
	"R":         {math.MinInt8, math.MaxInt8},
	"C":         {math.MinInt8, math.MaxInt8},
	"u_out":     {math.MinInt8, math.MaxInt8},
}

const floatFormat = "%.10g"

// breathGroups lists the row labels of each breath, breaths in ascending
// breath_id order, rows in file order. The groups share one backing array
// of exactly one int per row (a counting sort by breath), not a growing
// slice per breath.
func breathGroups(breath []int64) [][]int {
	count := map[int64]int{}
	for _, b := range breath {
		count[b]++
	}
	keys := make([]int64, 0, len(count))
	for b := range count {
		keys = append(keys, b)
	}
	slices.Sort(keys)
	group := make(map[int64]int, len(keys)) // breath → its group number
	groups := make([][]int, len(keys))
	flat := make([]int, len(breath))
	off := 0
	for k, b := range keys {
		groups[k] = flat[off : off : off+count[b]]
		group[b] = k
		off += count[b]
	}
	for i, b := range breath {
		k := group[b]
		groups[k] = append(groups[k], i)
	}
	return groups
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	dtype := map[string]table.Kind{"time_step": table.Float64, "u_in": table.Float64, "pressure": table.Float64}
	for name := range intRange {
		dtype[name] = table.Int64
	}
	// Every column has a numeric dtype: no cell text is needed, so a raw
	// file of plain numbers is streamed into typed columns (8 bytes a
	// cell: ≈ 0.4 GB for the real 6M rows, instead of the whole file plus
	// a string per cell).
	t, err := table.ReadFile(src, table.ReadOptions{Dtype: dtype, DropNumericText: true})
	if err != nil {
		return fmt.Errorf("reading raw train: %w", err)
	}
	for name, r := range intRange {
		c, ok := t.Col(name)
		if !ok {
			continue
		}
		for i, v := range c.Ints {
			if v < r[0] || v > r[1] {
				return fmt.Errorf("%s: column %s row %d: value %d out of range for its dtype", src, name, i, v)
			}
		}
	}
	breath, ok := t.Col("breath_id")
	if !ok {
		return fmt.Errorf("%s: no %q column", src, "breath_id")
	}
	if !t.Has("pressure") {
		return fmt.Errorf("%s: no %q column", src, "pressure")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	groups := breathGroups(breath.Ints)
	trainG, testG, err := pyrand.TrainTestSplit(len(groups), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting breaths: %w", err)
	}
	flatten := func(sel []int) []int {
		n := 0
		for _, g := range sel {
			n += len(groups[g])
		}
		rows := make([]int, 0, n)
		for _, g := range sel {
			rows = append(rows, groups[g]...)
		}
		return rows
	}
	// The outputs are written from the source columns in slices of rows
	// (csvout.WriteSlices), never copied whole: at the real 6M rows the
	// peak is the source columns (≈ 0.4 GB) and the two row lists, not
	// three copies of the table.
	trainRows, testRows := flatten(trainG), flatten(testG)
	breath, groups = nil, nil
	noLabels := t.Drop("pressure")
	// newIDs is the renumbered id column of output rows lo … hi−1.
	newIDs := func(lo, hi int) *table.Column {
		ids := make([]int64, hi-lo)
		for i := range ids {
			ids[i] = int64(lo + i + 1)
		}
		return table.Ints("id", ids)
	}
	// part is rows[lo:hi] of src with id renumbered from lo+1 (new_train
	// and new_test get ids 1 … len in their row order).
	part := func(src *table.Table, rows []int) func(lo, hi int) (*table.Table, error) {
		return func(lo, hi int) (*table.Table, error) {
			return src.Take(rows[lo:hi]).With(newIDs(lo, hi))
		}
	}
	sample := func(lo, hi int) (*table.Table, error) {
		return table.New(newIDs(lo, hi), table.Ints("pressure", make([]int64, hi-lo)))
	}
	opt := table.WriteOptions{FloatFormat: floatFormat}
	for _, w := range []struct {
		path string
		n    int
		part func(lo, hi int) (*table.Table, error)
	}{
		{filepath.Join(d.Public, "train.csv"), len(trainRows), part(t, trainRows)},
		{filepath.Join(d.Public, "test.csv"), len(testRows), part(noLabels, testRows)},
		{filepath.Join(d.Public, "sample_submission.csv"), len(testRows), sample},
		{filepath.Join(d.Private, "test.csv"), len(testRows), part(t, testRows)},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := csvout.WriteSlices(w.path, w.n, opt, w.part); err != nil {
			return err
		}
	}
	// The original's width asserts, after writing, in its order; a raw
	// file without an id column gets one at the end, as
	// new_train["id"] = … adds it.
	added := 0
	if !t.Has("id") {
		added = 1
	}
	if n := len(noLabels.Names()) + added; n != 7 {
		return fmt.Errorf("expected 7 columns in the test set without labels, got %d", n)
	}
	if n := len(t.Names()) + added; n != 8 {
		return fmt.Errorf("expected 8 columns in the train set, got %d", n)
	}
	return nil
}
