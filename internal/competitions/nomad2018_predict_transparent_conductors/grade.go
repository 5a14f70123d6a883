package nomad2018_predict_transparent_conductors

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{formation, bandgap} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers have different lengths (%d, expected %d)", sub.Len(), ans.Len())
	}
	var yTrue, yPred [][]float64
	for _, c := range []string{formation, bandgap} {
		a, ok := ans.Col(c)
		if !ok {
			return competition.Score{}, fmt.Errorf("answers have no %s column", c)
		}
		s, _ := sub.Col(c)
		at, err := pandas.Floats(a)
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", c, err)
		}
		sp, err := pandas.Floats(s)
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yPred = append(yTrue, at), append(yPred, sp)
	}
	v, err := metric.MeanColumnwiseRMSLE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}
