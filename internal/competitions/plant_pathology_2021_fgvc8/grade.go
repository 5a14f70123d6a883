package plant_pathology_2021_fgvc8

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// labelTokens returns each cell's Python str.split() tokens. A missing cell
// gives ok=false in missing (the caller decides what NaN means); a numeric
// or boolean column, or a non-str cell of a mixed object column, is an
// error (the .str accessor / MultiLabelBinarizer fail on it).
func labelTokens(c *table.Column) (tokens [][]string, missing []bool, err error) {
	n := c.Len()
	tokens, missing = make([][]string, n), make([]bool, n)
	if c.Kind != table.String {
		for i := 0; i < n; i++ {
			if !c.IsNull(i) {
				return nil, nil, fmt.Errorf("labels column has dtype %v, not text", c.Kind)
			}
			missing[i] = true
		}
		if c.Kind != table.Float64 && n > 0 {
			return nil, nil, fmt.Errorf("labels column has dtype %v, not text", c.Kind)
		}
		return tokens, missing, nil
	}
	for i := 0; i < n; i++ {
		if c.IsNull(i) {
			missing[i] = true
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			return nil, nil, fmt.Errorf("labels cell %d is not text", i)
		}
		tokens[i] = metric.PySplit(c.Text[i])
	}
	return tokens, missing, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"image", "labels"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission must have a %q column", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("image")
	ansID, _ := ans.Col("image")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers image values do not match after sorting")
	}
	ansLab, _ := ans.Col("labels")
	subLab, _ := sub.Col("labels")
	ansTok, ansMissing, err := labelTokens(ansLab.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	vocab := map[string]bool{}
	for i, toks := range ansTok {
		if ansMissing[i] {
			// The NaN token makes sorted(set) raise TypeError.
			return competition.Score{}, fmt.Errorf("answers labels cell %d is empty: sorting the vocabulary would mix NaN and str", i)
		}
		for _, t := range toks {
			vocab[t] = true
		}
	}
	subTok, _, err := labelTokens(subLab.Take(subIdx))
	if err != nil {
		return competition.Score{}, competition.Invalid("Submission labels: %v", err)
	}
	var tp, fp, fn int64
	for i := range ansTok {
		truth := map[string]bool{}
		for _, t := range ansTok[i] {
			truth[t] = true
		}
		pred := map[string]bool{}
		for _, t := range subTok[i] {
			if vocab[t] {
				pred[t] = true
			}
		}
		for t := range pred {
			if truth[t] {
				tp++
			} else {
				fp++
			}
		}
		for t := range truth {
			if !pred[t] {
				fn++
			}
		}
	}
	denom := 2*tp + fp + fn
	if denom == 0 {
		return competition.Numpy(0), nil
	}
	return competition.Numpy(float64(2*tp) / float64(denom)), nil
}
