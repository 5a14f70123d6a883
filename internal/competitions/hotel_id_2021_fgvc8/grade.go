package hotel_id_2021_fgvc8

import (
	"fmt"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"image", "hotel_id"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers are missing the column %s", c)
		}
	}
	subImg, _ := sub.Col("image")
	ansImg, _ := ans.Col("image")
	if !pandas.SameSet(subImg, ansImg) {
		return competition.Score{}, competition.Invalid("Submission images do not match the answers' images")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subImg, ansImg); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subImg), pandas.SortIndex(ansImg)
	subID, _ := sub.Col("hotel_id")
	ansID, _ := ans.Col("hotel_id")
	actual := make([][]string, len(ansIdx))
	predicted := make([][]string, len(subIdx))
	for k := range ansIdx {
		actual[k] = strings.Split(ansID.Str(ansIdx[k]), " ")
		predicted[k] = strings.Split(subID.Str(subIdx[k]), " ")
	}
	v, err := metric.MeanAveragePrecisionAtK(actual, predicted, 5)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}
