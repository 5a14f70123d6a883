package dog_breed_identification

import (
	"fmt"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	var missing []string
	for _, b := range Breeds {
		if !sub.Has(b) {
			missing = append(missing, b)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	probs, err := rowSumCheck(sub, Breeds, 1e-6)
	if err != nil {
		return competition.Score{}, err
	}
	for k, col := range probs {
		for i, p := range col {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission values must be between 0 and 1 (row %d, column %s: %v)", i, Breeds[k], p)
			}
		}
	}
	restricted, err := sub.Select(ans.Names()...)
	if err != nil {
		return competition.Score{}, fmt.Errorf("selecting the answers' columns: %w", err)
	}
	yTrue, yPred, ok := alignedLogLossInputs(restricted, ans)
	if !ok {
		if _, yTrue, yPred, err = submission.OneHotLogLossInputs(restricted, ans, "id"); err != nil {
			return competition.Score{}, err
		}
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}
