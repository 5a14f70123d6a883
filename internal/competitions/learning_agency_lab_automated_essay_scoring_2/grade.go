package learning_agency_lab_automated_essay_scoring_2

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansScore, ok1 := ans.Col("score")
	ansID, ok2 := ans.Col("essay_id")
	if !ok1 || !ok2 || ans.Len() == 0 {
		return competition.Score{}, fmt.Errorf("answers must have score and essay_id columns and rows")
	}
	subScore, ok := sub.Col("score")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'score' column")
	}
	subID, ok := sub.Col("essay_id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'essay_id' column")
	}
	m, n := sub.Len(), ans.Len()
	if m == 0 {
		return competition.Score{}, competition.Invalid("Submission is empty")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	// numpy's `sub_ids != ans_ids` with broadcasting.
	differs := func(i, j int) bool { return !pandas.CellsEqual(subID, subIdx[i], ansID, ansIdx[j]) }
	switch {
	case m == n:
		for k := 0; k < m; k++ {
			if differs(k, k) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	case m == 1:
		for k := 0; k < n; k++ {
			if differs(0, k) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	case n == 1:
		for k := 0; k < m; k++ {
			if differs(k, 0) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	kappa, err := metric.CohenKappa(pandas.Labels(subScore.Take(subIdx)), pandas.Labels(ansScore.Take(ansIdx)), metric.KappaQuadratic)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(kappa), nil
}
