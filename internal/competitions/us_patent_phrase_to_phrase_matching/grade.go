package us_patent_phrase_to_phrase_matching

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
	ansScore, ok2 := ans.Col("score")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and score")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same length (%d rows, expected %d)", sub.Len(), ans.Len())
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subScore, ok := sub.Col("score")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'score' column")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same ids")
	}
	yTrue, err := pandas.Floats(ansScore.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers score: %w", err)
	}
	yPred, err := pandas.Floats(subScore.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	r, err := metric.Pearson(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("pearsonr: %w", err)
	}
	return competition.Score{Value: r, Kind: competition.NumpyFloat64}, nil
}
