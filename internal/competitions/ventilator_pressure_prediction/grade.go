package ventilator_pressure_prediction

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has("id", "pressure") {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", "id", "pressure")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subP, ok := sub.Col("pressure")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'pressure' column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have the same length as the answers (%d rows, got %d)", ans.Len(), sub.Len())
	}
	ansID, _ := ans.Col("id")
	for _, c := range []*table.Column{subID, ansID} {
		if err := pandas.SortError(c); err != nil {
			return competition.Score{}, err
		}
	}
	var subIdx, ansIdx []int // nil: the rows in file order
	if !alignedInOrder(subID, ansID) {
		subIdx, ansIdx, ok = submission.AlignByID(subID, ansID)
		if !ok {
			return competition.Score{}, competition.Invalid("Submission and answers must have the same ids")
		}
	}
	uOut, ok := ans.Col("u_out")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers have no %q column", "u_out")
	}
	ansP, _ := ans.Col("pressure")
	if ansIdx == nil {
		if mae, ok := alignedMAE(uOut, ansP, subP); ok {
			return competition.Numpy(mae), nil
		}
	}
	var keepSub, keepAns []int
	n := ansID.Len()
	for k := 0; k < n; k++ {
		i, j := k, k
		if ansIdx != nil {
			i, j = ansIdx[k], subIdx[k]
		}
		if v, ok := uOut.Float(i); ok && v == 0 {
			keepAns = append(keepAns, i)
			keepSub = append(keepSub, j)
		}
	}
	yTrue, err := floatsAt(ansP, keepAns)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers pressure: %w", err)
	}
	yPred, err := floatsAt(subP, keepSub)
	if err != nil {
		return competition.Score{}, err
	}
	mae, err := metric.MAE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(mae), nil
}
