package aptos2019_blindness_detection

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subDiag, ok := sub.Col("diagnosis")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must contain a 'diagnosis' column")
	}
	ansDiag, ok := ans.Col("diagnosis")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers must contain a 'diagnosis' column")
	}
	if sub.Len() == 0 {
		return competition.Score{}, competition.Invalid("Submission is empty")
	}
	if ans.Len() == 0 {
		return competition.Score{}, fmt.Errorf("answers are empty")
	}
	subID, ok := sub.Col("id_code")
	if !ok {
		return competition.Score{}, fmt.Errorf("KeyError: 'id_code'")
	}
	ansID, ok := ans.Col("id_code")
	if !ok {
		return competition.Score{}, fmt.Errorf("KeyError: 'id_code'")
	}
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission id_code values do not match the answers' id_code values")
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	kappa, err := metric.CohenKappa(pandas.Labels(subDiag.Take(subIdx)), pandas.Labels(ansDiag.Take(ansIdx)), "quadratic")
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(kappa), nil
}
