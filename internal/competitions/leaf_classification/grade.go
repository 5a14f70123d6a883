package leaf_classification

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	want := append([]string{"id"}, classes...)
	if !pandas.SameNameSet(ans.Names(), want) {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns id and the 99 classes")
	}
	if !pandas.SameNameSet(sub.Names(), want) {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns id and the 99 classes (got %d columns)", len(sub.Names()))
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	cols, err := submission.RowSumCheck(sub, classes, 1e-6)
	if err != nil {
		return competition.Score{}, err
	}
	for _, col := range cols {
		for _, p := range col {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (got %v)", p)
			}
		}
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	v, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(v), nil
}
