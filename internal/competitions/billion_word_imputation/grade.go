package billion_word_imputation

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"id", "sentence"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	for _, c := range []string{"id", "sentence"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	subS, _ := sub.Col("sentence")
	ansS, _ := ans.Col("sentence")
	for k := range subIdx {
		if _, err := text(ansS, ansIdx[k]); err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		if _, err := text(subS, subIdx[k]); err != nil {
			return competition.Score{}, fmt.Errorf("submission: %w", err)
		}
	}
	// Every cell is text: the distances are independent, summed exactly.
	var total atomic.Int64
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), 1+len(subIdx)/2048)
	step := (len(subIdx) + workers - 1) / max(1, workers)
	for lo := 0; lo < len(subIdx); lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			var s int64
			for k := lo; k < hi; k++ {
				s += int64(metric.Levenshtein(ansS.Text[ansIdx[k]], subS.Text[subIdx[k]]))
			}
			total.Add(s)
		}(lo, min(lo+step, len(subIdx)))
	}
	wg.Wait()
	sum := total.Load()
	if len(subIdx) == 0 {
		// np.mean of an empty list: nan (with a RuntimeWarning).
		return competition.Numpy(math.NaN()), nil
	}
	return competition.Numpy(float64(sum) / float64(len(subIdx))), nil
}

// text is cell i as the str Levenshtein.distance needs; a NaN or a
// number raises TypeError there.
func text(c *table.Column, i int) (string, error) {
	if c.Kind != table.String || c.IsNull(i) || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return "", fmt.Errorf("sentence in row %d is %s, not a string (Levenshtein raises TypeError)", i, c.Str(i))
	}
	return c.Text[i], nil
}
