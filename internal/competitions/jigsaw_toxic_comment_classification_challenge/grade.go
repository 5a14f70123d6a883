package jigsaw_toxic_comment_classification_challenge

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/bigslice"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	var missing []string
	for _, c := range classes {
		if !sub.Has(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	ansID, ok := ans.Col("id")
	if !ok || !ans.Has(classes...) {
		return competition.Score{}, fmt.Errorf("answers must have the id column and the six class columns")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, fmt.Errorf("submission has %d rows, answers %d (AssertionError)", sub.Len(), ans.Len())
	}
	// keep-mask over the answers: the six labels' row sum (NaN skipped) >= 0.
	sums := make([]float64, ans.Len())
	for _, c := range classes {
		col, _ := ans.Col(c)
		if col.Kind == table.Int64 && col.Mixed == nil {
			for i, x := range col.Ints {
				sums[i] += float64(x)
			}
			continue
		}
		v, err := col.Floats, error(nil) // read only
		if col.Kind != table.Float64 || col.Mixed != nil {
			v, err = floatsAt(col, nil)
		}
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers column %s: %w", c, err)
		}
		for i, x := range v {
			if x == x { // pandas sum skips NaN
				sums[i] += x
			}
		}
	}
	keep := make([]bool, ans.Len())
	for i := range keep {
		keep[i] = sums[i] >= 0
	}
	var ansRows, subRows []int
	if rows, ok := alignedKeptRows(sub, ans, subID, ansID, keep); ok {
		ansRows, subRows = rows, rows
	} else {
		ansOrder := pandas.SortIndexOrder(ansID)
		for _, i := range ansOrder {
			if keep[i] {
				ansRows = append(ansRows, i)
			}
		}
		var err error
		subRows, err = keptSubmissionRows(subID, ansID, ansOrder, keep, ansRows)
		if err != nil {
			return competition.Score{}, err
		}
	}
	columns := func(t *table.Table, rows []int, what string) ([][]float64, error) {
		var out [][]float64
		n := t.Len()
		if rows != nil {
			n = len(rows)
		}
		// One allocation for the numeric columns that need a copy (huge
		// pages when large, see bigslice).
		var arena []float64
		if k := copiedColumns(t, rows); k > 0 {
			arena = bigslice.Float64s(k*n, 0)
		}
		for _, c := range t.Columns() {
			if c.Name == "id" {
				continue
			}
			if rows == nil && c.Kind == table.Float64 && c.Mixed == nil {
				out = append(out, c.Floats) // read only, like a copy
				continue
			}
			var dst []float64
			if numeric(c) {
				dst, arena = arena[:n:n], arena[n:]
			}
			v, err := floatsAtInto(dst, c, rows)
			if err != nil {
				return nil, fmt.Errorf("%s column %s: %w", what, c.Name, err)
			}
			out = append(out, v)
		}
		return out, nil
	}
	yTrue, err := columns(ans, ansRows, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	yScore, err := columns(sub, subRows, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUCMacro(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}
