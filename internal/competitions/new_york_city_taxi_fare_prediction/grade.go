package new_york_city_taxi_fare_prediction

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has(target, keyColumn) {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", target, keyColumn)
	}
	subFare, ok := sub.Col(target)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", target)
	}
	subKey, ok := sub.Col(keyColumn)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", keyColumn)
	}
	ansFare, _ := ans.Col(target)
	ansKey, _ := ans.Col(keyColumn)
	yTrue, err := pandas.Floats(ansFare.Take(pandas.NArgsort(ansKey)))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers %s: %w", target, err)
	}
	yPred, err := pandas.Floats(subFare.Take(pandas.NArgsort(subKey)))
	if err != nil {
		return competition.Score{}, err
	}
	rmse, err := metric.RMSE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}
