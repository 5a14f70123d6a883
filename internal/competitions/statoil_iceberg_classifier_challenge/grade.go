package statoil_iceberg_classifier_challenge

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"id", "is_iceberg"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	p, _ := sub.Col("is_iceberg")
	probs := make([]float64, p.Len())
	for i := range probs {
		if p.Kind == table.String && !p.IsNull(i) && (p.Mixed == nil || p.Mixed[i] == table.String) {
			return competition.Score{}, fmt.Errorf("is_iceberg value %q is text: comparing it with 0 raises TypeError", p.Str(i))
		}
	}
	for i := range probs {
		x, ok := p.Float(i)
		if !ok || math.IsNaN(x) || x < 0 || x > 1 {
			return competition.Score{}, competition.Invalid("is_iceberg values must be probabilities between 0 and 1")
		}
		probs[i] = x
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subOrder, ansOrder := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	yPred := make([]float64, len(subOrder))
	for i, r := range subOrder {
		yPred[i] = probs[r]
	}
	lab, _ := ans.Col("is_iceberg")
	yTrue := make([]float64, len(ansOrder))
	for i, r := range ansOrder {
		x, ok := lab.Float(r)
		if !ok {
			return competition.Score{}, fmt.Errorf("answers is_iceberg %q is not numeric", lab.Str(r))
		}
		yTrue[i] = x
	}
	v, err := metric.LogLossBinary(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, fmt.Errorf("log_loss: %w", err)
	}
	return competition.Float(v), nil
}
