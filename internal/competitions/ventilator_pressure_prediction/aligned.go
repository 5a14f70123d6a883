package ventilator_pressure_prediction

import (
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// alignedInOrder reports the case in which submission.AlignByID returns
// the identity order for both tables without sorting: int64 id columns
// without mixed cells, the answers' ids never decreasing and the
// submission's equal to them row for row. It then answers in one pass,
// without building the two identity index slices.
func alignedInOrder(sub, ans *table.Column) bool {
	if sub.Kind != table.Int64 || ans.Kind != table.Int64 || sub.Mixed != nil || ans.Mixed != nil || len(sub.Ints) != len(ans.Ints) {
		return false
	}
	for i, v := range ans.Ints {
		if sub.Ints[i] != v || (i > 0 && v < ans.Ints[i-1]) {
			return false
		}
	}
	return true
}

// floatsAt is pandas.Floats(c.Take(rows)) without the intermediate
// column for numeric columns; values and errors are the same.
func floatsAt(c *table.Column, rows []int) ([]float64, error) {
	if c.Mixed != nil || (c.Kind != table.Float64 && c.Kind != table.Int64) {
		return pandas.Floats(c.Take(rows))
	}
	out := make([]float64, len(rows))
	if c.Kind == table.Float64 {
		for k, i := range rows {
			out[k] = c.Floats[i]
		}
	} else {
		for k, i := range rows {
			out[k] = float64(c.Ints[i])
		}
	}
	return out, nil
}
