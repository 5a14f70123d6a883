package ventilator_pressure_prediction

import (
	"math"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
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
	if !plainNumeric(c) {
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

// alignedMAE is the score of rows already paired in file order (the
// submission's ids equal the answers' row for row): metric.MAE of the
// pressures of the rows whose u_out is 0, computed in one pass with
// numpy's summation (metric.MeanStream) instead of through index, value
// and difference slices. ok is false, and the caller takes the general
// path (which reports the error), when a column is not plainly numeric, a
// kept pressure is NaN or infinite, or no row is kept.
func alignedMAE(uOut, ansP, subP *table.Column) (mae float64, ok bool) {
	if !plainNumeric(ansP) || !plainNumeric(subP) {
		return 0, false
	}
	var m metric.MeanStream
	for i := range ansP.Len() {
		if v, ok := uOut.Float(i); !ok || v != 0 {
			continue
		}
		t, p := numberAt(ansP, i), numberAt(subP, i)
		if math.IsNaN(t) || math.IsInf(t, 0) || math.IsNaN(p) || math.IsInf(p, 0) {
			return 0, false
		}
		m.Add(math.Abs(p - t))
	}
	if m.Len() == 0 {
		return 0, false
	}
	return m.Mean(), true
}

// plainNumeric reports a float64 or int64 column without mixed cells: the
// columns floatsAt reads directly.
func plainNumeric(c *table.Column) bool {
	return c.Mixed == nil && (c.Kind == table.Float64 || c.Kind == table.Int64)
}

// numberAt is row i of a plainNumeric column as floatsAt reads it.
func numberAt(c *table.Column, i int) float64 {
	if c.Kind == table.Float64 {
		return c.Floats[i]
	}
	return float64(c.Ints[i])
}
