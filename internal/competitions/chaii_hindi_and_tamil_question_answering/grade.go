package chaii_hindi_and_tamil_question_answering

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// wordSets is fillna("") then str.lower().split() as a set, per row. A
// cell holding a number (a numeric column, or a number in an object column)
// has no .lower(): an error.
func wordSets(c *table.Column) ([]map[string]bool, error) {
	out := make([]map[string]bool, c.Len())
	for i := range out {
		out[i] = map[string]bool{}
		if c.IsNull(i) {
			continue
		}
		if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
			return nil, fmt.Errorf("%s: a non-string value has no attribute 'lower'", c.Name)
		}
		for _, w := range metric.PySplit(metric.PyLower(c.Text[i])) {
			out[i][w] = true
		}
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) differs from the answers' (%d)", sub.Len(), ans.Len())
	}
	subPred, ok := sub.Col("PredictionString")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `PredictionString` column")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `id` column")
	}
	ansID, ok1 := ans.Col("id")
	ansPred, ok2 := ans.Col("PredictionString")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and PredictionString")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
	}
	truth, err := wordSets(ansPred.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	pred, err := wordSets(subPred.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	vocab := map[string]bool{}
	for _, sets := range [][]map[string]bool{truth, pred} {
		for _, s := range sets {
			for w := range s {
				vocab[w] = true
			}
		}
	}
	switch len(vocab) {
	case 0:
		return competition.Score{}, fmt.Errorf("jaccard_score: unknown is not supported (no words on either side)")
	case 1:
		return competition.Score{}, fmt.Errorf("Samplewise metrics are not available outside of multilabel classification (one word in all)")
	}
	scores := make([]float64, len(truth))
	for i := range truth {
		inter := 0
		for w := range pred[i] {
			if truth[i][w] {
				inter++
			}
		}
		union := len(truth[i]) + len(pred[i]) - inter
		if union > 0 {
			scores[i] = float64(inter) / float64(union)
		}
	}
	return competition.Numpy(metric.Mean(scores)), nil
}
