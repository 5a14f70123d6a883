package google_quest_challenge

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !sub.Has("qa_id") {
		return competition.Score{}, competition.Invalid("Submission must have a 'qa_id' column")
	}
	for _, c := range classes {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	if k := len(sub.Names()); k != 31 {
		return competition.Score{}, competition.Invalid("Submission must have 31 columns, got %d", k)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have %d rows, got %d", ans.Len(), sub.Len())
	}
	if !ans.Has(append([]string{"qa_id"}, classes...)...) || len(ans.Names()) != 31 {
		return competition.Score{}, fmt.Errorf("answers must have qa_id and the 30 target columns only")
	}
	subID, _ := sub.Col("qa_id")
	ansID, _ := ans.Col("qa_id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	rhos := make([]float64, len(classes))
	for k, name := range classes {
		s, _ := sub.Col(name)
		a, _ := ans.Col(name)
		if pandas.HasText(s) {
			return competition.Score{}, fmt.Errorf("column %s holds text, which cannot be ranked as numbers", name)
		}
		x, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		y, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", name, err)
		}
		if rhos[k], err = metric.Spearman(x, y); err != nil {
			return competition.Score{}, err
		}
	}
	return competition.Numpy(metric.Mean(rhos)), nil
}
