package ranzcr_clip_catheter_line_classification

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range classes {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %q", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, fmt.Errorf("submission has %d rows, answers %d (AssertionError)", sub.Len(), ans.Len())
	}
	var yTrue, yScore [][]float64
	for _, c := range classes {
		t, s, err := submission.PrepareForAUROC(sub, ans, id, c)
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, t), append(yScore, s)
	}
	v, err := metric.MeanColumnwiseROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}
