package dogs_vs_cats_redux_kernels_edition

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("id")
	ansLabel, ok2 := ans.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have id and label columns")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subLabel, ok := sub.Col("label")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'label' column")
	}
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if pandas.HasText(subLabel) {
		return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int'")
	}
	p, err := pandas.Floats(subLabel)
	if err != nil {
		return competition.Score{}, err
	}
	for i, v := range p {
		if !(v >= 0 && v <= 1) {
			return competition.Score{}, competition.Invalid("Submission labels must be probabilities in [0, 1] (row %d: %v)", i, v)
		}
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	yPred, err := pandas.Floats(subLabel.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := pandas.Floats(ansLabel.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers label: %w", err)
	}
	loss, err := metric.LogLossBinary(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}
