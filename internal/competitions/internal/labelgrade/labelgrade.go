// Package labelgrade holds the grading steps of the FGVC classification
// competitions whose answers have integer ids and integer labels
// (herbarium-2021-fgvc8, herbarium-2022-fgvc9, inaturalist-2019-fgvc6):
//
//   - [AlignIntIDs]: both tables sorted by id (DataFrame.sort_values) and
//     compared position by position with numpy's == (the shared
//     pandas/submission packages), against answer ids pandas read as int64;
//   - [PyInt], [PyInts]: Python's int() of the value pandas holds in a
//     cell (ints as they are, floats truncated toward zero, bools 0/1,
//     text parsed as an integer literal; NaN and other text raise);
//   - [MacroF1]: the herbarium graders' whole rule (row count, columns,
//     ids, int() of both label columns, scikit-learn f1_score
//     average="macro").
//
// An invalid submission gives competition.Invalid; anything the original
// raises as another exception gives a plain error (both are a null score).
package labelgrade

import (
	"errors"
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// cell is a non-missing cell's Python value: text, or a number (ints
// exact in i with isInt, floats in f).
type cell struct {
	text   bool
	s      string
	isInt  bool
	i      int64
	f      float64
	isNull bool
}

func cellOf(c *table.Column, r int) cell {
	if c.IsNull(r) {
		return cell{isNull: true}
	}
	k := c.Kind
	if k == table.String && c.Mixed != nil {
		k = c.Mixed[r]
	}
	switch k {
	case table.Int64:
		return cell{isInt: true, i: c.Ints[r]}
	case table.Float64:
		if math.IsNaN(c.Floats[r]) {
			return cell{isNull: true}
		}
		return cell{f: c.Floats[r]}
	case table.Bool, table.BoolObject:
		if c.Bools[r] {
			return cell{isInt: true, i: 1}
		}
		return cell{isInt: true}
	}
	return cell{text: true, s: c.Text[r]}
}

// AlignIntIDs sorts the submission's and the answers' id columns as
// DataFrame.sort_values does and compares them position by position with
// numpy's == (pandas.SortErrors, submission.Align): an object column
// mixing text and numbers cannot be sorted (a plain error); ids that
// differ give mismatch, the invalid-submission error to return. The
// answers' ids must be int64. A nil order is the identity (ids already
// sorted): read row k of it through [Row].
func AlignIntIDs(sub, ans *table.Column, mismatch error) (subIdx, ansIdx []int, err error) {
	if ans.Kind != table.Int64 {
		return nil, nil, fmt.Errorf("answers %s column must hold integers, not %s", ans.Name, ans.Kind)
	}
	if err := pandas.SortErrors(sub, ans); err != nil {
		return nil, nil, err
	}
	subIdx, ansIdx, ok := submission.Align(sub, ans)
	if !ok {
		return nil, nil, mismatch
	}
	return subIdx, ansIdx, nil
}

// PyInt is Python's int(v) of cell r of c.
func PyInt(c *table.Column, r int) (int64, error) {
	x := cellOf(c, r)
	switch {
	case x.isNull:
		return 0, errors.New("cannot convert float NaN to integer")
	case x.isInt:
		return x.i, nil
	case x.text:
		n, ok := ParseInt(x.s)
		if !ok {
			return 0, fmt.Errorf("invalid literal for int() with base 10: %q", x.s)
		}
		return n, nil
	case math.IsInf(x.f, 0):
		return 0, errors.New("cannot convert float infinity to integer")
	}
	t := math.Trunc(x.f)
	if t >= 0x1p63 || t < -0x1p63 {
		return 0, fmt.Errorf("integer %v is out of the int64 range", x.f)
	}
	return int64(t), nil
}

// Row is the row at position k of the order idx (nil: the identity, as
// [AlignIntIDs] returns for ids already sorted).
func Row(idx []int, k int) int {
	if idx == nil {
		return k
	}
	return idx[k]
}

// PyInts is [int(v) for v in c] in the row order rows (nil: every row in
// order). For rows nil and an int64 column (no missing or mixed cells) the
// result is c.Ints itself, not a copy: callers only read it.
func PyInts(c *table.Column, rows []int) ([]int64, error) {
	n := len(rows)
	if rows == nil {
		if c.Kind == table.Int64 && c.Mixed == nil && c.Null == nil {
			return c.Ints, nil
		}
		n = c.Len()
	}
	out := make([]int64, n)
	for k := range out {
		r := Row(rows, k)
		v, err := PyInt(c, r)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", r, err)
		}
		out[k] = v
	}
	return out, nil
}

// ParseInt is int(s) for a str (pandas.PyInt): surrounding whitespace,
// an optional sign, decimal digits with single underscores between them.
// Values outside int64 are refused (no answer label is that large).
func ParseInt(s string) (int64, bool) { return pandas.PyInt(s) }

// MacroF1 grades the herbarium way: row count, the id and label columns,
// ids after sorting, int() of the answers' then the submission's labels,
// scikit-learn f1_score(average="macro") (a NumPy float64).
func MacroF1(sub, ans *table.Table, id, label string) (competition.Score, error) {
	ansID, ok1 := ans.Col(id)
	ansLabel, ok2 := ans.Col(label)
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns %s and %s", id, label)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) does not match answers length (%d).", sub.Len(), ans.Len())
	}
	subID, ok1 := sub.Col(id)
	subLabel, ok2 := sub.Col(label)
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission must have '%s' and '%s' columns.", id, label)
	}
	subIdx, ansIdx, err := AlignIntIDs(subID, ansID, competition.Invalid("Submission and answers have different %ss.", id))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := PyInts(ansLabel, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	yPred, err := PyInts(subLabel, subIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission: %w", err)
	}
	f1, err := metric.F1(metric.IntLabels(yTrue), metric.IntLabels(yPred), metric.AverageMacro, metric.IntValue(1))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}
