package tabular_playground_series_dec_2021

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, ok := alignedLabels(sub, ans)
	if !ok {
		var err error
		yTrue, yPred, err = submission.PrepareForAccuracy(sub, ans, target, idColumn)
		if err != nil {
			return competition.Score{}, err
		}
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}
