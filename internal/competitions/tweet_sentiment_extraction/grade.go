package tweet_sentiment_extraction

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// cellText is a cell after fillna("") and astype(str).
func cellText(c *table.Column, i int) string {
	if c.IsNull(i) {
		return ""
	}
	if f, ok := c.Float(i); ok && math.IsNaN(f) {
		return ""
	}
	return c.Str(i)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("textID")
	ansSel, ok2 := ans.Col("selected_text")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns textID and selected_text")
	}
	subID, ok := sub.Col("textID")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'textID' column")
	}
	subSel, ok := sub.Col("selected_text")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'selected_text' column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same number of rows (%d, expected %d)", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers textID values do not match")
	}
	scores := make([]float64, len(subIdx))
	for k := range subIdx {
		j, err := metric.WordJaccard(cellText(subSel, subIdx[k]), cellText(ansSel, ansIdx[k]))
		if err != nil {
			return competition.Score{}, fmt.Errorf("jaccard of row with textID %s: %w", ansID.Str(ansIdx[k]), err)
		}
		scores[k] = j
	}
	if len(scores) == 0 {
		return competition.Score{}, fmt.Errorf("mean of an empty submission")
	}
	return competition.Float(metric.Mean(scores)), nil
}
