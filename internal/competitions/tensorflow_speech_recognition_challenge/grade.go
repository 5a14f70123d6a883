package tensorflow_speech_recognition_challenge

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

// Grade is the original's prepare_for_accuracy_metric (id "fname", target
// "label") followed by scikit-learn's accuracy_score, a Python float.
func Grade(submission, answers *table.Table) (competition.Score, error) {
	nan := competition.Float(math.NaN())
	ansLabel, ok1 := answers.Col("label")
	ansID, ok2 := answers.Col("fname")
	if !ok1 || !ok2 {
		return nan, fmt.Errorf("answers must have columns %q and %q", "label", "fname")
	}
	if submission.Len() != answers.Len() {
		return nan, competition.Invalid("Submission must have the same length as the answers (%d rows, expected %d).", submission.Len(), answers.Len())
	}
	subLabel, ok := submission.Col("label")
	if !ok {
		return nan, competition.Invalid("Submission must have a `label` column")
	}
	subID, ok := submission.Col("fname")
	if !ok {
		return nan, competition.Invalid("Submission must have a `fname` column")
	}
	subIdx, err := sortOrder(subID)
	if err != nil {
		return nan, err
	}
	ansIdx, err := sortOrder(ansID)
	if err != nil {
		return nan, err
	}
	for k := range subIdx {
		if !sameCell(subID, subIdx[k], ansID, ansIdx[k]) {
			return nan, competition.Invalid("Submission and answers `fname` values do not match")
		}
	}
	v, err := metric.Accuracy(labels(ansLabel.Take(ansIdx)), labels(subLabel.Take(subIdx)))
	if err != nil {
		return nan, err
	}
	return competition.Float(v), nil
}

// pyValue is a non-missing cell as the Python object pandas holds.
type pyValue struct {
	text bool
	s    string
	f    float64 // numbers (bools as 0/1)
	i    int64   // ints, exactly
	kind table.Kind
}

// valueOf returns cell i of c as a Python value; ok is false when missing.
func valueOf(c *table.Column, i int) (pyValue, bool) {
	if c.IsNull(i) {
		return pyValue{}, false
	}
	k := c.Kind
	if k == table.String && c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return pyValue{f: float64(c.Ints[i]), i: c.Ints[i], kind: table.Int64}, true
	case table.Float64:
		return pyValue{f: c.Floats[i], kind: table.Float64}, !math.IsNaN(c.Floats[i])
	case table.Bool, table.BoolObject:
		v := 0.0
		if c.Bools[i] {
			v = 1
		}
		return pyValue{f: v, kind: table.Bool}, true
	}
	return pyValue{text: true, s: c.Text[i], kind: table.String}, true
}

// sortOrder is the row order of sort_values(column): values ascending
// (text by code point, numbers by value), missing cells last, stable. A
// column holding both text and numbers cannot be sorted (TypeError).
func sortOrder(c *table.Column) ([]int, error) {
	n := c.Len()
	vals := make([]pyValue, n)
	miss := make([]bool, n)
	text, num := false, false
	for i := range vals {
		v, ok := valueOf(c, i)
		vals[i], miss[i] = v, !ok
		if ok && v.text {
			text = true
		} else if ok {
			num = true
		}
	}
	if text && num {
		return nil, fmt.Errorf("sorting column %s: '<' not supported between instances of 'str' and 'int'", c.Name)
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if miss[a] || miss[b] {
			switch {
			case miss[a] == miss[b]:
				return 0
			case miss[a]:
				return 1
			}
			return -1
		}
		if vals[a].text {
			return strings.Compare(vals[a].s, vals[b].s)
		}
		return cmp.Compare(vals[a].f, vals[b].f)
	})
	return idx, nil
}

// sameCell is numpy's element-wise == of a[i] and b[j]: a missing cell
// equals nothing, text only equal text, numbers compare by value.
func sameCell(a *table.Column, i int, b *table.Column, j int) bool {
	x, ok1 := valueOf(a, i)
	y, ok2 := valueOf(b, j)
	if !ok1 || !ok2 || x.text != y.text {
		return false
	}
	if x.text {
		return x.s == y.s
	}
	if x.kind == table.Int64 && y.kind == table.Int64 {
		return x.i == y.i
	}
	return x.f == y.f
}

// labels returns column c as the numpy array .to_numpy() gives it to
// scikit-learn: typed arrays for int, float and bool columns, an object
// array (str, NaN for missing, Python numbers in mixed columns) otherwise.
func labels(c *table.Column) metric.Labels {
	switch c.Kind {
	case table.Int64:
		return metric.IntLabels(c.Ints)
	case table.Float64:
		return metric.FloatLabels(c.Floats)
	case table.Bool:
		return metric.BoolLabels(c.Bools)
	}
	if c.Kind == table.String && c.Mixed == nil && !c.HasNull() {
		return metric.StrLabels(c.Text)
	}
	v := make([]metric.Value, c.Len())
	for i := range v {
		p, ok := valueOf(c, i)
		switch {
		case !ok:
			v[i] = metric.FloatValue(math.NaN())
		case p.text:
			v[i] = metric.StrValue(p.s)
		case p.kind == table.Int64:
			v[i] = metric.IntValue(p.i)
		case p.kind == table.Bool:
			v[i] = metric.BoolValue(p.f != 0)
		default:
			v[i] = metric.FloatValue(p.f)
		}
	}
	return metric.ObjectLabels(v)
}
