package petfinder_pawpularity_score

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansY, ok2 := ans.Col("Pawpularity")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Pawpularity")
	}
	yAll, err := pandas.Floats(ansY)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Pawpularity: %w", err)
	}
	for _, v := range yAll {
		if !(v >= 1 && v <= 100) {
			return competition.Score{}, fmt.Errorf("answers Pawpularity must be between 1 and 100")
		}
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'Id' column")
	}
	subY, ok := sub.Col("Pawpularity")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'Pawpularity' column")
	}
	if pandas.HasText(subY) {
		return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int' (column Pawpularity)")
	}
	pred, err := pandas.Floats(subY)
	if err != nil {
		return competition.Score{}, err
	}
	for i, v := range pred {
		if !(v >= 1 && v <= 100) {
			return competition.Score{}, competition.Invalid("Submission Pawpularity values must be between 1 and 100 (row %d)", i)
		}
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	m, n := len(subIdx), len(ansIdx)
	differs := func(i, j int) bool { return !pandas.CellsEqual(subID, subIdx[i], ansID, ansIdx[j]) }
	mismatch := false
	switch {
	case m == n:
		for k := 0; k < m && !mismatch; k++ {
			mismatch = differs(k, k)
		}
	case m == 1:
		for k := 0; k < n && !mismatch; k++ {
			mismatch = differs(0, k)
		}
	case n == 1:
		for k := 0; k < m && !mismatch; k++ {
			mismatch = differs(k, 0)
		}
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	if mismatch {
		return competition.Score{}, competition.Invalid("Submission and answers Id values do not match")
	}
	yTrue, yPred := make([]float64, n), make([]float64, m)
	for k, i := range ansIdx {
		yTrue[k] = yAll[i]
	}
	for k, i := range subIdx {
		yPred[k] = pred[i]
	}
	rmse, err := metric.RMSE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}
