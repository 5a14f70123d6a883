package plant_pathology_2020_fgvc7

import (
	"fmt"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !pandas.SameNameSet(ans.Names(), columns) {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns %v", columns)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if !pandas.SameNameSet(sub.Names(), columns) {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns %s", strings.Join(columns, ", "))
	}
	subID, _ := sub.Col("image_id")
	ansID, _ := ans.Col("image_id")
	// Check 4 sorts both tables first: an id column mixing text and numbers
	// is sort_values' TypeError (a plain error), not an id mismatch.
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission image_id values do not match the answers")
	}
	var yTrue, yScore [][]float64
	for _, c := range classes {
		a, _ := ans.Col(c)
		s, _ := sub.Col(c)
		at, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", c, err)
		}
		st, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, at), append(yScore, st)
	}
	v, err := metric.MeanColumnwiseROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}
