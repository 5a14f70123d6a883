package iwildcam_2019_fgvc6

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/labelgrade"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade checks the row count, the Id and Category columns and the sorted
// ids, then scores int() of the labels with macro F1.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansCat, ok2 := ans.Col("Category")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Category")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) does not match answers length (%d).", sub.Len(), ans.Len())
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'Id' column")
	}
	subCat, ok := sub.Col("Category")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'Category' column")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers have different Ids")
	}
	yTrue, err := labelgrade.PyInts(ansCat, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Category: %w", err)
	}
	yPred, err := labelgrade.PyInts(subCat, subIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission Category: %w", err)
	}
	f1, err := metric.F1(metric.IntLabels(yTrue), metric.IntLabels(yPred), metric.AverageMacro, metric.IntValue(1))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}
