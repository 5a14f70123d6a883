// Package labelgrade holds the grading steps of the FGVC classification
// competitions whose answers have integer ids and integer labels
// (herbarium-2021-fgvc8, herbarium-2022-fgvc9, inaturalist-2019-fgvc6):
//
//   - [AlignIntIDs]: both tables sorted by id (DataFrame.sort_values) and
//     compared position by position with numpy's ==, against answer ids
//     pandas read as int64;
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
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mlebench/mlebench/internal/competition"
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

// compareNum orders two numeric cells by value (int vs float exactly).
func compareNum(a, b cell) int {
	switch {
	case a.isInt && b.isInt:
		return cmp.Compare(a.i, b.i)
	case !a.isInt && !b.isInt:
		return cmp.Compare(a.f, b.f)
	case a.isInt:
		return -compareFloatInt(b.f, a.i)
	}
	return compareFloatInt(a.f, b.i)
}

// compareFloatInt compares the non-NaN float f with the int i exactly.
func compareFloatInt(f float64, i int64) int {
	switch {
	case f >= 0x1p63:
		return 1
	case f < -0x1p63:
		return -1
	}
	t := math.Trunc(f)
	if r := cmp.Compare(int64(t), i); r != 0 {
		return r
	}
	return cmp.Compare(f, t)
}

// order returns the rows of c in DataFrame.sort_values order (stable,
// missing last); an object column holding both text and numbers cannot be
// sorted (Python's TypeError).
func order(c *table.Column) ([]int, error) {
	n := c.Len()
	cells := make([]cell, n)
	text, num := false, false
	for r := range n {
		cells[r] = cellOf(c, r)
		switch {
		case cells[r].isNull:
		case cells[r].text:
			text = true
		default:
			num = true
		}
	}
	if text && num {
		return nil, fmt.Errorf("sorting column %s: '<' not supported between instances of 'str' and 'int'", c.Name)
	}
	idx := make([]int, n)
	for r := range idx {
		idx[r] = r
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		x, y := cells[a], cells[b]
		switch {
		case x.isNull || y.isNull:
			return cmp.Compare(b2i(x.isNull), b2i(y.isNull))
		case x.text:
			return strings.Compare(x.s, y.s)
		}
		return compareNum(x, y)
	})
	return idx, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// AlignIntIDs sorts the submission's and the answers' id columns and
// reports whether they agree at every position (numpy's element-wise ==:
// text never equals a number, NaN equals nothing, an int64 compared with a
// float64 column is converted to float first). The answers' ids must be
// int64. mismatch is the invalid-submission error to return when they
// differ.
func AlignIntIDs(sub, ans *table.Column, mismatch error) (subIdx, ansIdx []int, err error) {
	if ans.Kind != table.Int64 {
		return nil, nil, fmt.Errorf("answers %s column must hold integers, not %s", ans.Name, ans.Kind)
	}
	if subIdx, err = order(sub); err != nil {
		return nil, nil, err
	}
	if ansIdx, err = order(ans); err != nil {
		return nil, nil, err
	}
	if len(subIdx) != len(ansIdx) {
		return nil, nil, mismatch
	}
	for k := range subIdx {
		x := cellOf(sub, subIdx[k])
		want := ans.Ints[ansIdx[k]]
		switch {
		case x.isNull, x.text:
			return nil, nil, mismatch
		case x.isInt && x.i != want:
			return nil, nil, mismatch
		case !x.isInt && sub.Kind == table.Float64 && float64(want) != x.f:
			return nil, nil, mismatch
		case !x.isInt && sub.Kind != table.Float64 && compareFloatInt(x.f, want) != 0:
			return nil, nil, mismatch
		}
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

// PyInts is [int(v) for v in c] in the row order rows.
func PyInts(c *table.Column, rows []int) ([]int64, error) {
	out := make([]int64, len(rows))
	for k, r := range rows {
		v, err := PyInt(c, r)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", r, err)
		}
		out[k] = v
	}
	return out, nil
}

// ParseInt is int(s) for a str: surrounding whitespace, an optional sign,
// decimal digits with single underscores between them. Values outside
// int64 are refused (no answer label is that large).
func ParseInt(s string) (int64, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	if s == "" {
		return 0, false
	}
	sign := ""
	if s[0] == '+' || s[0] == '-' {
		sign, s = s[:1], s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	s = strings.ReplaceAll(s, "_", "")
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(sign+s, 10, 64)
	return n, err == nil
}

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
