package jigsaw_unintended_bias_in_toxicity_classification

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// binariseAt is `value >= 0.5` as 0/1 over a numeric or bool column (NaN
// → 0; text raises TypeError in pandas), taken at rows: nil (every row, in
// order) or a permutation of c's rows, so that the taken cells are c's and
// the text check is made on c itself (no intermediate c.Take(rows)).
func binariseAt(c *table.Column, rows []int) ([]float64, error) {
	if pandas.HasText(c) {
		return nil, fmt.Errorf("'>=' not supported between instances of 'str' and 'float' (column %s)", c.Name)
	}
	n := c.Len()
	if rows != nil {
		n = len(rows)
	}
	out := make([]float64, n)
	for k := range out {
		i := k
		if rows != nil {
			i = rows[k]
		}
		v, ok := c.Float(i)
		if ok && v >= 0.5 {
			out[k] = 1
		}
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `id` column")
	}
	pred, hasPred := sub.Col("prediction")
	subTox, hasTox := sub.Col("toxicity")
	if !hasPred && !hasTox {
		return competition.Score{}, competition.Invalid("Submission must have a `prediction` or `toxicity` column")
	}
	ansID, ok1 := ans.Col("id")
	ansTox, ok2 := ans.Col("toxicity")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and toxicity")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	m, n := len(subIdx), len(ansIdx)
	switch {
	case m == n:
		for k := range subIdx {
			if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
	case m == 0 || n == 0:
		// Only a length-1 side broadcasts against length 0 (an empty, passing
		// comparison); the AUCs then see inconsistent lengths.
		return competition.Score{}, fmt.Errorf("operands of shapes (%d,) and (%d,): no comparable rows", m, n)
	case m == 1 || n == 1:
		// The single id broadcasts against every id of the other side.
		for k := 0; k < max(m, n); k++ {
			i, j := subIdx[min(k, m-1)], ansIdx[min(k, n-1)]
			if !pandas.CellsEqual(subID, i, ansID, j) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
		return competition.Score{}, fmt.Errorf("found input variables with inconsistent numbers of samples: [%d, %d]", n, m)
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	for _, g := range identities {
		if !ans.Has(g) {
			return competition.Score{}, fmt.Errorf("answers must have the identity column %s", g)
		}
	}
	if hasPred && hasTox {
		return competition.Score{}, fmt.Errorf("The truth value of a DataFrame is ambiguous (two toxicity columns)")
	}
	if hasPred {
		subTox = pred
	}
	yPred, err := binariseAt(subTox, subIdx)
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := binariseAt(ansTox, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	overall, err := metric.ROCAUC(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("overall AUC: %w", err)
	}
	var sums [3]float64 // subgroup, BPSN, BNSP: Σ AUC^-5 in identity order
	// One pair of buffers for every selection (ROCAUC keeps neither).
	tBuf, pBuf := make([]float64, 0, len(yTrue)), make([]float64, 0, len(yTrue))
	for _, g := range identities {
		gc, _ := ans.Col(g)
		grp, err := binariseAt(gc, ansIdx)
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		selects := [3]func(i int) bool{
			func(i int) bool { return grp[i] == 1 },
			func(i int) bool { return (yTrue[i] == 0 && grp[i] == 1) || (yTrue[i] == 1 && grp[i] != 1) },
			func(i int) bool { return (yTrue[i] == 1 && grp[i] == 1) || (yTrue[i] == 0 && grp[i] != 1) },
		}
		for b, sel := range selects {
			t, p := tBuf[:0], pBuf[:0]
			for i := range yTrue {
				if sel(i) {
					t, p = append(t, yTrue[i]), append(p, yPred[i])
				}
			}
			auc, err := metric.ROCAUC(t, p)
			if err != nil {
				return competition.Score{}, fmt.Errorf("%s AUC for %s: %w", [3]string{"subgroup", "BPSN", "BNSP"}[b], g, err)
			}
			sums[b] += math.Pow(auc, -5)
		}
	}
	score := 0.25 * overall
	for _, s := range sums {
		score += 0.25 * math.Pow(s/float64(len(identities)), 1.0/-5)
	}
	return competition.Numpy(score), nil
}
