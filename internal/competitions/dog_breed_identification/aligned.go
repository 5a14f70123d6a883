package dog_breed_identification

import (
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// numericColumns returns the named columns of t when every one is an
// int64 or float64 column without mixed cells.
func numericColumns(t *table.Table, names []string) ([]*table.Column, bool) {
	cols := make([]*table.Column, len(names))
	for k, name := range names {
		c, ok := t.Col(name)
		if !ok || c.Mixed != nil || (c.Kind != table.Int64 && c.Kind != table.Float64) {
			return nil, false
		}
		cols[k] = c
	}
	return cols, true
}

// rowSumCheck is submission.RowSumCheck(sub, classes, atol) with the
// float64 columns used in place (read only) instead of copied when every
// class column is numeric: no text, no object column, the same NaN rule
// and row sums, the same error.
func rowSumCheck(sub *table.Table, classes []string, atol float64) ([][]float64, error) {
	cs, ok := numericColumns(sub, classes)
	if !ok {
		return submission.RowSumCheck(sub, classes, atol)
	}
	cols := make([][]float64, len(cs))
	anyNaN := false
	for k, c := range cs {
		if c.Kind == table.Float64 {
			cols[k] = c.Floats
			for _, x := range c.Floats {
				if math.IsNaN(x) {
					anyNaN = true
				}
			}
			continue
		}
		v := make([]float64, len(c.Ints))
		for i, x := range c.Ints {
			v[i] = float64(x)
		}
		cols[k] = v
	}
	row := make([]float64, len(cols))
	for i := 0; i < sub.Len(); i++ {
		var s float64
		if anyNaN {
			for k := range cols {
				row[k] = cols[k][i]
				if math.IsNaN(row[k]) {
					row[k] = 0
				}
			}
			s = metric.Sum(row)
		} else {
			for k := range cols {
				s += cols[k][i]
			}
		}
		if !pandas.IsClose(s, 1, 1e-5, atol) {
			return nil, competition.Invalid("Submission rows must sum to 1 (row %d sums to %v)", i, s)
		}
	}
	return cols, nil
}

// alignedLogLossInputs is submission.OneHotLogLossInputs(sub, ans, "id")
// for the common case of a submission whose id column equals the answers'
// cell for cell (text without missing cells, or int64) and whose and the
// answers' class columns are all numeric: both tables then have the same
// sorted order, so the answers' is computed once and the columns are
// gathered in it directly. ok is false when the case does not apply.
func alignedLogLossInputs(sub, ans *table.Table) (yTrue, yPred [][]float64, ok bool) {
	subID, ok1 := sub.Col("id")
	ansID, ok2 := ans.Col("id")
	if !ok1 || !ok2 || !sameCells(subID, ansID) {
		return nil, nil, false
	}
	var classes []string
	for _, name := range ans.Names() {
		if name != "id" {
			classes = append(classes, name)
		}
	}
	ansCols, ok1 := numericColumns(ans, classes)
	subCols, ok2 := numericColumns(sub, classes)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	order := pandas.SortIndex(ansID)
	yTrue, yPred = make([][]float64, len(classes)), make([][]float64, len(classes))
	for k := range classes {
		yTrue[k] = gather(ansCols[k], order)
		yPred[k] = gather(subCols[k], order)
	}
	return yTrue, yPred, true
}

// gather is pandas.Floats(c.Take(rows)) of a numeric column.
func gather(c *table.Column, rows []int) []float64 {
	out := make([]float64, len(rows))
	if c.Kind == table.Float64 {
		for k, i := range rows {
			out[k] = c.Floats[i]
		}
		return out
	}
	for k, i := range rows {
		out[k] = float64(c.Ints[i])
	}
	return out
}

// sameCells reports whether a and b are text columns without missing or
// mixed cells, or int64 columns, holding the same values row for row (so
// any function of the cells, such as the sorted order, is the same).
func sameCells(a, b *table.Column) bool {
	if a.Kind != b.Kind || a.Mixed != nil || b.Mixed != nil || a.Len() != b.Len() {
		return false
	}
	switch a.Kind {
	case table.String:
		if len(a.Text) != a.Len() || len(b.Text) != b.Len() {
			return false
		}
		for _, c := range []*table.Column{a, b} {
			for _, n := range c.Null {
				if n {
					return false
				}
			}
		}
		for i, s := range a.Text {
			if s != b.Text[i] {
				return false
			}
		}
		return true
	case table.Int64:
		for i, v := range a.Ints {
			if v != b.Ints[i] {
				return false
			}
		}
		return true
	}
	return false
}
