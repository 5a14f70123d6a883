package whale_categorization_playground

import (
	"fmt"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if names := ans.Names(); len(names) != 2 || !ans.Has("Image", "Id") {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns Image, Id, got %v", names)
	}
	if names := sub.Names(); len(names) != 2 || !sub.Has("Image", "Id") {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns Image and Id, got %v", names)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subImg, _ := sub.Col("Image")
	ansImg, _ := ans.Col("Image")
	if !pandas.SameSet(subImg, ansImg) {
		return competition.Score{}, competition.Invalid("Submission and answers have different Image values")
	}
	subIdx, ansIdx := pandas.SortIndex(subImg), pandas.SortIndex(ansImg)
	subID, _ := sub.Col("Id")
	ansID, _ := ans.Col("Id")
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
