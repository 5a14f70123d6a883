package lmsys_chatbot_arena

import (
	"fmt"
	"math"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	required := append([]string{"id"}, classes...)
	for _, c := range required {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	for _, c := range required {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers must have column %s", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission should have %d rows, got %d", ans.Len(), sub.Len())
	}
	// The range check compares the three columns as one frame, so text in
	// any of them raises TypeError before a number out of range in another
	// column could make the submission invalid.
	for _, name := range classes {
		if c, _ := sub.Col(name); pandas.HasText(c) {
			return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int' (column %s)", name)
		}
	}
	probs := make([][]float64, len(classes))
	for k, name := range classes {
		c, _ := sub.Col(name)
		v, err := pandas.Floats(c)
		if err != nil {
			return competition.Score{}, err
		}
		for i, p := range v {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (column %s, row %d)", name, i)
			}
		}
		probs[k] = v
	}
	for i := 0; i < sub.Len(); i++ {
		s := 0.0
		for k := range probs {
			s += probs[k][i]
		}
		if math.RoundToEven(s*1e6)/1e6 != 1.0 {
			return competition.Score{}, competition.Invalid("Submission probabilities must sum to 1 in each row (row %d sums to %s)", i, strconv.FormatFloat(s, 'g', -1, 64))
		}
	}
	sub4, err := sub.Select(required...)
	if err != nil {
		return competition.Score{}, err
	}
	ans4, err := ans.Select(required...)
	if err != nil {
		return competition.Score{}, err
	}
	subID, _ := sub4.Col("id")
	ansID, _ := ans4.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	if _, _, match := submission.AlignByID(subID, ansID); !match {
		return competition.Score{}, competition.Invalid("Submission and answers ids do not match")
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub4, ans4, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}
