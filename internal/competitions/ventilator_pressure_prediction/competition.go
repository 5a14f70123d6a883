package ventilator_pressure_prediction

// ventilator-pressure-prediction — spec: ../shared/spec/competitions/ventilator-pressure-prediction.md
//
// Quirks reproduced:
//   - raw/train.csv is read with forced dtypes (id, breath_id int32; R, C,
//     u_out int8; time_step, u_in, pressure float64); an integer outside its
//     dtype's range is an error;
//   - the split is over breath groups, taken in ascending breath_id order
//     (not file order), train_test_split(test_size=0.1, random_state=0);
//     rows keep file order within a group, groups follow the permutation;
//   - ids are rewritten 1..n separately for train and test;
//   - every file is written with float_format="%.10g" (float columns only),
//     so the answers are the 10-significant-digit values;
//   - the sample submission's pressure is the integer 0;
//   - the hard-coded column-count asserts (8 / 7 / 2) run after the files
//     are written;
//   - grading (the upstream "dice-hausdorff-combo" grader) is MAE over the
//     answer rows with u_out == 0 after sorting both tables by id; the
//     submission's pressure is converted only on the kept rows (an object
//     column whose kept cells are numeric text still scores, as numpy's
//     astype(float64) does); the score is a numpy float64.

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "ventilator-pressure-prediction",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var rawHeader = []string{"id", "breath_id", "R", "C", "time_step", "u_in", "u_out", "pressure"}

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
// breath_id order, rows in file order.
func breathGroups(breath []int64) [][]int {
	byID := map[int64][]int{}
	var keys []int64
	for i, b := range breath {
		if _, ok := byID[b]; !ok {
			keys = append(keys, b)
		}
		byID[b] = append(byID[b], i)
	}
	slices.Sort(keys)
	groups := make([][]int, len(keys))
	for k, b := range keys {
		groups[k] = byID[b]
	}
	return groups
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	dtype := map[string]table.Kind{"time_step": table.Float64, "u_in": table.Float64, "pressure": table.Float64}
	for name := range intRange {
		dtype[name] = table.Int64
	}
	t, err := table.ReadFile(src, table.ReadOptions{Dtype: dtype})
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
		var rows []int
		for _, g := range sel {
			rows = append(rows, groups[g]...)
		}
		return rows
	}
	renumber := func(x *table.Table) (*table.Table, error) {
		ids := make([]int64, x.Len())
		for i := range ids {
			ids[i] = int64(i + 1)
		}
		return x.With(table.Ints("id", ids))
	}
	newTrain, err := renumber(t.Take(flatten(trainG)))
	if err != nil {
		return err
	}
	newTest, err := renumber(t.Take(flatten(testG)))
	if err != nil {
		return err
	}
	testIDs, _ := newTest.Col("id")
	sample := table.MustNew(testIDs, table.Ints("pressure", make([]int64, newTest.Len())))
	noLabels := newTest.Drop("pressure")
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), noLabels},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), newTest},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{FloatFormat: floatFormat}); err != nil {
			return err
		}
	}
	if n := len(noLabels.Names()); n != 7 {
		return fmt.Errorf("expected 7 columns in the test set without labels, got %d", n)
	}
	if n := len(newTrain.Names()); n != 8 {
		return fmt.Errorf("expected 8 columns in the train set, got %d", n)
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has("id", "pressure") {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", "id", "pressure")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subP, ok := sub.Col("pressure")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'pressure' column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have the same length as the answers (%d rows, got %d)", ans.Len(), sub.Len())
	}
	ansID, _ := ans.Col("id")
	for _, c := range []*table.Column{subID, ansID} {
		if err := pandas.SortError(c); err != nil {
			return competition.Score{}, err
		}
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same ids")
	}
	uOut, ok := ans.Col("u_out")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers have no %q column", "u_out")
	}
	var keepSub, keepAns []int
	for k, i := range ansIdx {
		if v, ok := uOut.Float(i); ok && v == 0 {
			keepAns = append(keepAns, i)
			keepSub = append(keepSub, subIdx[k])
		}
	}
	ansP, _ := ans.Col("pressure")
	yTrue, err := pandas.Floats(ansP.Take(keepAns))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers pressure: %w", err)
	}
	yPred, err := pandas.Floats(subP.Take(keepSub))
	if err != nil {
		return competition.Score{}, err
	}
	mae, err := metric.MAE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(mae), nil
}

// FakeRaw writes raw/train.csv: 48 breaths of 20 rows by default
// (opt.Rows rows in total, rounded up to whole breaths), breath_ids distinct
// and shuffled, two breaths' rows interleaved, u_out 0 for the first 8
// steps of each breath. Floats carry many digits so that %.10g rounds them;
// some u_in values are tiny (exponent form) or exactly 0.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	const perBreath = 20
	nBreaths := max(2, (synth.Rows(opt.Rows, 48*perBreath)+perBreath-1)/perBreath)
	r := synth.Rand(opt.Seed, "train")
	ids := r.Perm(nBreaths * 3)[:nBreaths]
	var rows [][]string
	rs, cs := []int{5, 20, 50}, []int{10, 20, 50}
	for _, b := range ids {
		R, C := rs[r.IntN(3)], cs[r.IntN(3)]
		t := 0.0
		for s := 0; s < perBreath; s++ {
			uin := r.Float64() * 100
			switch r.IntN(10) {
			case 0:
				uin = 0
			case 1:
				uin = r.Float64() * 1e-4
			}
			uout := 0
			if s >= 8 {
				uout = 1
			}
			p := 5 + r.NormFloat64()*8
			rows = append(rows, []string{"", strconv.Itoa(b + 1), strconv.Itoa(R), strconv.Itoa(C),
				strconv.FormatFloat(t, 'g', -1, 64), strconv.FormatFloat(uin, 'g', -1, 64), strconv.Itoa(uout),
				strconv.FormatFloat(p, 'g', -1, 64)})
			t += 0.03 + r.Float64()*0.005
		}
	}
	// Interleave the first two breaths' rows.
	for s := 1; s < perBreath; s += 2 {
		rows[s], rows[perBreath+s] = rows[perBreath+s], rows[s]
	}
	c := &synth.CSV{Header: rawHeader}
	for i, cells := range rows {
		cells[0] = strconv.Itoa(i + 1)
		c.Add(cells...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
