package spooky_author_identification

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// tolerance is numpy.isclose(x, 1, rtol=1e-5, atol=1e-6)'s bound:
// atol + rtol*|1|, in float64 as numpy computes it.
var tolerance = 1e-6 + 1e-5*math.Abs(1.0)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	cols := sub.Columns()
	if sub.Len() != ans.Len() || len(cols) != 4 {
		return competition.Score{}, competition.Invalid("Submission shape (%d, %d) does not match expected shape (%d, 4).", sub.Len(), len(cols), ans.Len())
	}
	probs := cols[1:]
	for _, c := range probs {
		if !c.Numeric() && c.Kind != table.BoolObject {
			// pandas ≥ 2: a row-wise sum over a text column raises TypeError.
			return competition.Score{}, fmt.Errorf("unsupported operand type(s) for +: row sum over text column %q", c.Name)
		}
	}
	for i := 0; i < sub.Len(); i++ {
		s := 0.0
		for _, c := range probs {
			v, _ := c.Float(i)
			if !math.IsNaN(v) {
				s += v
			}
		}
		if !(math.Abs(s-1) <= tolerance) {
			return competition.Score{}, competition.Invalid("Submission probabilities do not sum to 1 for each row (row %d sums to %s).", i, fmt.Sprint(s))
		}
	}
	for _, c := range probs {
		for i := 0; i < c.Len(); i++ {
			v, _ := c.Float(i)
			if !(v >= 0 && v <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (column %q, row %d).", c.Name, i)
			}
		}
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}
