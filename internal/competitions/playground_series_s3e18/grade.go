package playground_series_s3e18

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok1 := sub.Col("id")
	ansID, ok2 := ans.Col("id")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission and answers must have an `id` column.")
	}
	if !sub.Has("EC1", "EC2") {
		return competition.Score{}, competition.Invalid("Submission must have columns `EC1` and `EC2`.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match.")
	}
	if !ans.Has("EC1", "EC2") {
		return competition.Score{}, fmt.Errorf("answers must have columns EC1 and EC2")
	}
	var yTrue, yScore [][]float64
	for _, name := range []string{"EC1", "EC2"} {
		a, _ := ans.Col(name)
		s, _ := sub.Col(name)
		tv, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", name, err)
		}
		sv, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, tv), append(yScore, sv)
	}
	auc, err := metric.ROCAUCMacro(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}
