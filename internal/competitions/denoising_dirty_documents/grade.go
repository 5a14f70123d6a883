package denoising_dirty_documents

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("id")
	ansVal, ok2 := ans.Col("value")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have id and value columns")
	}
	yAns, err := pandas.Floats(ansVal)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers value column: %w", err)
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the 'id' column")
	}
	subVal, ok := sub.Col("value")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the 'value' column")
	}
	ySub, err := pandas.Floats(subVal)
	if err != nil {
		return competition.Score{}, competition.Invalid("Submission 'value' column must be numeric: %v", err)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	a, b := make([]float64, len(subIdx)), make([]float64, len(ansIdx))
	for k := range subIdx {
		a[k], b[k] = ySub[subIdx[k]], yAns[ansIdx[k]]
	}
	rmse, err := metric.RMSE(a, b)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}
