package cdiscount_image_classification_challenge

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the accuracy of category_id, aligned by _id.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := prepareForAccuracy(sub, ans, "category_id", "_id")
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// prepareForAccuracy is the original's prepare_for_accuracy_metric: answers
// columns asserted (plain error); row count, target column, id column
// (invalid); both sorted by id (a column mixing text and numbers cannot be
// sorted: plain error), ids unequal at some position (invalid). It returns
// the target columns in sorted-id order as numpy arrays.
//
// TODO(layout): replace by the shared idalign/submission package once it is
// extracted from package competitions.
func prepareForAccuracy(sub, ans *table.Table, target, id string) (yTrue, yPred metric.Labels, err error) {
	ansTarget, ok1 := ans.Col(target)
	ansID, ok2 := ans.Col(id)
	if !ok1 || !ok2 {
		return yTrue, yPred, fmt.Errorf("answers must have columns %q and %q", target, id)
	}
	if sub.Len() != ans.Len() {
		return yTrue, yPred, competition.Invalid("Submission must have the same length as the answers.")
	}
	subTarget, ok := sub.Col(target)
	if !ok {
		return yTrue, yPred, competition.Invalid("Submission must have a `%s` column", target)
	}
	subID, ok := sub.Col(id)
	if !ok {
		return yTrue, yPred, competition.Invalid("Submission must have a `%s` column", id)
	}
	subOrder, err := sortIndex(subID)
	if err != nil {
		return yTrue, yPred, err
	}
	ansOrder, err := sortIndex(ansID)
	if err != nil {
		return yTrue, yPred, err
	}
	for k := range subOrder {
		if !equal(cellOf(subID, subOrder[k]), cellOf(ansID, ansOrder[k])) {
			return yTrue, yPred, competition.Invalid("Submission and answers must have the same ids")
		}
	}
	return labels(ansTarget.Take(ansOrder)), labels(subTarget.Take(subOrder)), nil
}

// cell is one value as the Python object pandas holds: a number (int or
// float), a str, or missing (NaN/None).
type cell struct {
	kind byte // 'i' int, 'f' float, 's' str, 'x' missing
	i    int64
	f    float64
	s    string
}

func cellOf(c *table.Column, i int) cell {
	if c.IsNull(i) {
		return cell{kind: 'x'}
	}
	kind := c.Kind
	if c.Mixed != nil {
		kind = c.Mixed[i]
	}
	switch kind {
	case table.Int64:
		return cell{kind: 'i', i: c.Ints[i]}
	case table.Float64:
		return cell{kind: 'f', f: c.Floats[i]}
	case table.Bool, table.BoolObject:
		if c.Bools[i] {
			return cell{kind: 'i', i: 1}
		}
		return cell{kind: 'i'}
	}
	return cell{kind: 's', s: c.Text[i]}
}

func (a cell) float() float64 {
	if a.kind == 'i' {
		return float64(a.i)
	}
	return a.f
}

// equal is Python ==: numbers by exact value, str by content, never across.
func equal(a, b cell) bool {
	switch {
	case a.kind == 'x' || b.kind == 'x':
		return false
	case a.kind == 's' || b.kind == 's':
		return a.kind == b.kind && a.s == b.s
	case a.kind == 'i' && b.kind == 'i':
		return a.i == b.i
	case a.kind == 'f' && b.kind == 'f':
		return a.f == b.f
	}
	n, f := a, b
	if a.kind == 'f' {
		n, f = b, a
	}
	return f.f == float64(n.i) && f.f >= -(1<<63) && f.f < 1<<63 && int64(f.f) == n.i
}

// sortIndex is the row order of sort_values (missing last); text mixed with
// numbers is the TypeError pandas raises.
func sortIndex(c *table.Column) ([]int, error) {
	n := c.Len()
	cells := make([]cell, n)
	var hasStr, hasNum bool
	for i := range cells {
		cells[i] = cellOf(c, i)
		hasStr = hasStr || cells[i].kind == 's'
		hasNum = hasNum || cells[i].kind == 'i' || cells[i].kind == 'f'
	}
	if hasStr && hasNum {
		return nil, fmt.Errorf("'<' not supported between instances of 'str' and 'int' (sorting column %s)", c.Name)
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		a, b := cells[x], cells[y]
		switch {
		case a.kind == 'x' || b.kind == 'x':
			return cmp.Compare(boolInt(a.kind == 'x'), boolInt(b.kind == 'x'))
		case a.kind == 's':
			return strings.Compare(a.s, b.s)
		case a.kind == 'i' && b.kind == 'i':
			return cmp.Compare(a.i, b.i)
		}
		return cmp.Compare(a.float(), b.float())
	})
	return idx, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// labels is the column as the numpy array accuracy_score receives.
func labels(c *table.Column) metric.Labels {
	switch {
	case c.Mixed != nil || (c.Kind == table.String && c.HasNull()) || c.Kind == table.BoolObject:
	case c.Kind == table.Int64:
		return metric.IntLabels(c.Ints)
	case c.Kind == table.Float64:
		return metric.FloatLabels(c.Floats)
	case c.Kind == table.Bool:
		return metric.BoolLabels(c.Bools)
	default:
		return metric.StrLabels(c.Text)
	}
	v := make([]metric.Value, c.Len())
	for i := range v {
		kind := c.Kind
		if c.Mixed != nil {
			kind = c.Mixed[i]
		}
		switch {
		case c.IsNull(i):
			v[i] = metric.FloatValue(math.NaN())
		case kind == table.Int64:
			v[i] = metric.IntValue(c.Ints[i])
		case kind == table.Float64:
			v[i] = metric.FloatValue(c.Floats[i])
		case kind == table.Bool || kind == table.BoolObject:
			v[i] = metric.BoolValue(c.Bools[i])
		default:
			v[i] = metric.StrValue(c.Text[i])
		}
	}
	return metric.ObjectLabels(v)
}
