package hms_harmful_brain_activity_classification

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// epsilon is the Kaggle metric's clipping bound (epsilon=10**-15).
var epsilon = 1e-15

// Grade is the original's grade(): the submission checks of the spec (in
// order), then the Kaggle KL-divergence metric with micro averaging on the
// frames sorted by eeg_id. The score is a numpy float64 (lower is better).
func Grade(sub, ans *table.Table) (competition.Score, error) {
	subIDs, ok := sub.Col(idCol)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `%s` column", idCol)
	}
	var missing []string
	for _, c := range targetCols {
		if _, ok := sub.Col(c); !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, but the answers have %d", sub.Len(), ans.Len())
	}
	if err := checkRowSums(sub); err != nil {
		return competition.Score{}, err
	}
	ansIDs, ok := ans.Col(idCol)
	if !ok {
		return competition.Score{}, fmt.Errorf("answers have no %s column", idCol)
	}
	if !pandas.SameSet(subIDs, ansIDs) {
		return competition.Score{}, competition.Invalid("Submission `%s`s do not match the answers' `%s`s", idCol, idCol)
	}
	votes := make([]*table.Column, len(targetCols))
	for k, c := range targetCols {
		v, ok := ans.Col(c)
		if !ok {
			return competition.Score{}, fmt.Errorf("answers have no %s column", c)
		}
		votes[k] = v
	}

	// sort_values(eeg_id).reset_index(drop=True) of both frames, then
	// positional pairing. Equal ids keep their order of appearance (see the
	// package doc).
	subOrder := pandas.SortIndex(subIDs)
	ansOrder := pandas.SortIndex(ansIDs)

	solution, err := solutionProbabilities(votes, ansOrder)
	if err != nil {
		return competition.Score{}, err
	}
	var subCols []*table.Column
	for _, c := range sub.Columns() {
		if c.Name != idCol {
			subCols = append(subCols, c)
		}
	}
	pred, err := submissionFrame(subCols, subOrder)
	if err != nil {
		return competition.Score{}, err
	}
	byName := make(map[string]int, len(subCols))
	for k, c := range subCols {
		if _, dup := byName[c.Name]; !dup {
			byName[c.Name] = k
		}
	}
	targets := make([][]float64, len(targetCols))
	for k, c := range targetCols {
		targets[k] = pred[byName[c]]
	}
	return competition.Numpy(klDivergence(solution, targets)), nil
}

// checkRowSums is the original's row check: round(row sum of the 6
// targets, 5) == 1, the sum skipping NaN, the rounding Python's round of
// a Python float (or int when every target column is integer).
func checkRowSums(sub *table.Table) error {
	cols := make([]*table.Column, len(targetCols))
	allInt := true
	for k, name := range targetCols {
		c, _ := sub.Col(name)
		if pandas.HasText(c) {
			return fmt.Errorf("unsupported operand type(s) for +: text in column %s", name)
		}
		if c.Kind != table.Int64 {
			allInt = false
		}
		cols[k] = c
	}
	vals := make([][]float64, len(cols))
	if !allInt {
		for k, c := range cols {
			v, err := pandas.Floats(c)
			if err != nil {
				return err
			}
			vals[k] = v
		}
	}
	for i := 0; i < sub.Len(); i++ {
		ok := false
		if allInt {
			var s int64
			for _, c := range cols {
				s += c.Ints[i]
			}
			ok = s == 1
		} else {
			var s float64
			for k := range cols {
				if x := vals[k][i]; !math.IsNaN(x) {
					s += x
				}
			}
			ok = pyfloat.Round(s, 5) == 1
		}
		if !ok {
			return competition.Invalid("Submission target columns must sum to 1 in every row (row %d does not)", i)
		}
	}
	return nil
}

// solutionProbabilities is the answers' votes divided by their row sum,
// in row order order, checked as the Kaggle metric checks the solution.
func solutionProbabilities(votes []*table.Column, order []int) ([][]float64, error) {
	raw := make([][]float64, len(votes))
	allInt := true
	for k, c := range votes {
		if c.Kind != table.Int64 {
			allInt = false
		}
		v, err := pandas.Floats(c)
		if err != nil {
			return nil, fmt.Errorf("answers %s: %w", c.Name, err)
		}
		raw[k] = v
	}
	out := make([][]float64, len(votes))
	for k := range out {
		out[k] = make([]float64, len(order))
	}
	for i, r := range order {
		var s float64
		if allInt {
			var n int64
			for _, c := range votes {
				n += c.Ints[r]
			}
			s = float64(n)
		} else {
			for k := range raw {
				if x := raw[k][r]; !math.IsNaN(x) {
					s += x
				}
			}
		}
		for k := range raw {
			out[k][i] = raw[k][r] / s
		}
	}
	if err := verifyProbabilities(out, "solution"); err != nil {
		return nil, err
	}
	return out, nil
}

// submissionFrame is every submission column but eeg_id, in row order
// order, as one numpy array of the frame's common dtype would hold it,
// checked as the Kaggle metric checks the submission.
func submissionFrame(cols []*table.Column, order []int) ([][]float64, error) {
	// is_numeric_dtype(df.values): int and float columns give a float64 (or
	// int64) array, bool columns alone a bool array; anything else, or bool
	// next to numbers, an object array.
	bools, nums := 0, 0
	for _, c := range cols {
		switch {
		case c.Kind == table.Bool:
			bools++
		case c.Kind == table.Int64 || c.Kind == table.Float64:
			nums++
		}
	}
	if bools+nums != len(cols) || (bools > 0 && nums > 0) {
		return nil, fmt.Errorf("ParticipantVisibleError: All target values in submission must be numeric")
	}
	out := make([][]float64, len(cols))
	for k, c := range cols {
		v := make([]float64, len(order))
		for i, r := range order {
			v[i], _ = c.Float(r)
		}
		out[k] = v
	}
	if err := verifyProbabilities(out, "submission"); err != nil {
		return nil, err
	}
	return out, nil
}

// verifyProbabilities is the Kaggle metric utilities'
// verify_valid_probabilities for a numeric frame (columns of values): the
// minimum (NaN skipped) at least 0, the maximum at most 1, and every row
// sum (NaN counted as 0) numpy-allclose to 1.
func verifyProbabilities(cols [][]float64, name string) error {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cols {
		for _, x := range c {
			if math.IsNaN(x) {
				continue
			}
			lo = min(lo, x)
			hi = max(hi, x)
		}
	}
	if lo < 0 {
		return fmt.Errorf("ParticipantVisibleError: All target values in %s must be at least zero", name)
	}
	if hi > 1 {
		return fmt.Errorf("ParticipantVisibleError: All target values in %s must be no greater than one", name)
	}
	if len(cols) == 0 {
		return nil
	}
	for i := range cols[0] {
		var s float64
		for _, c := range cols {
			if x := c[i]; !math.IsNaN(x) {
				s += x
			}
		}
		if !(math.Abs(s-1) <= 1e-8+1e-5) {
			return fmt.Errorf("ParticipantVisibleError: Target values in %s do not add to one within all rows", name)
		}
	}
	return nil
}

// klDivergence is the Kaggle metric's kl_divergence with micro averaging:
// per target, p = clip(prediction, ε, 1−ε) and y·ln(y/p) where y ≠ 0, else
// 0; each row's terms summed skipping NaN; the numpy mean of the row sums.
func klDivergence(solution, pred [][]float64) float64 {
	n := len(solution[0])
	rows := make([]float64, n)
	hiClip := 1 - epsilon
	for i := range rows {
		var s float64
		for k := range solution {
			y := solution[k][i]
			var term float64
			if y != 0 {
				p := pred[k][i]
				if !math.IsNaN(p) {
					p = min(max(p, epsilon), hiClip)
				}
				term = y * math.Log(y/p)
			}
			if !math.IsNaN(term) {
				s += term
			}
		}
		rows[i] = s
	}
	return metric.Mean(rows)
}
