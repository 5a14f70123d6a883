package facebook_recruiting_iii_keyword_extraction

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// tagSets is Series.fillna("").str.split() of a Tags column: Python
// str.split() tokens per row. A column pandas holds as numbers (not all
// missing) or bools has no .str accessor: an error.
func tagSets(c *table.Column) ([][]string, error) {
	out := make([][]string, c.Len())
	switch c.Kind {
	case table.String:
	case table.Float64:
		for i := 0; i < c.Len(); i++ {
			if !c.IsNull(i) {
				return nil, fmt.Errorf("Can only use .str accessor with string values!")
			}
		}
		return out, nil // fillna("") makes an all-NaN column text
	default:
		return nil, fmt.Errorf("Can only use .str accessor with string values!")
	}
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			// A number inside an object column: .str.split gives NaN, which
			// the binarizer cannot iterate.
			return nil, fmt.Errorf("'float' object is not iterable")
		}
		out[i] = metric.PySplit(c.Text[i])
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansTags, ok2 := ans.Col("Tags")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Tags")
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Id` column")
	}
	subTags, ok := sub.Col("Tags")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Tags` column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `Id` values do not match")
	}
	truth, err := tagSets(ansTags.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Tags: %w", err)
	}
	pred, err := tagSets(subTags.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	f1, err := microF1(truth, pred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// microF1 binarises both sides over the sorted vocabulary of the true
// tags (MultiLabelBinarizer) and returns f1_score(average="micro").
func microF1(truth, pred [][]string) (float64, error) {
	vocab := map[string]bool{}
	for _, row := range truth {
		for _, t := range row {
			vocab[t] = true
		}
	}
	if len(vocab) < 2 {
		// Zero columns or one column: not a multilabel indicator for
		// scikit-learn's target-type check.
		return 0, fmt.Errorf("a vocabulary of %d tag(s) is not multilabel-indicator input", len(vocab))
	}
	var tp, fp, fn int64
	for i := range truth {
		want := map[string]bool{}
		for _, t := range truth[i] {
			want[t] = true
		}
		got := map[string]bool{}
		for _, t := range pred[i] {
			if vocab[t] {
				got[t] = true
			}
		}
		for t := range got {
			if want[t] {
				tp++
			} else {
				fp++
			}
		}
		for t := range want {
			if !got[t] {
				fn++
			}
		}
	}
	den := 2*tp + fp + fn
	if den == 0 {
		return 0, nil
	}
	return float64(2*tp) / float64(den), nil
}
