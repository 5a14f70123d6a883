package rsna_2022_cervical_spine_fracture_detection

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

var (
	posWeights = []float64{14, 2, 2, 2, 2, 2, 2, 2}
	negWeights = []float64{7, 1, 1, 1, 1, 1, 1, 1}
)

// Grade is the original's grade.py: the checks in the spec's order, the
// un-melt by study, then the per-study weighted log loss averaged over
// studies.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	subRow, ok := sub.Col("row_id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the row_id column")
	}
	frac, ok := sub.Col("fractured")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the fractured column")
	}
	ansRow, ok1 := answers.Col("row_id")
	ansFrac, ok2 := answers.Col("fractured")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers need columns row_id and fractured")
	}
	preds := make([]float64, sub.Len())
	for i := range preds {
		v, err := numeric(frac, i)
		if err != nil {
			return competition.Score{}, err
		}
		if !(v >= 0 && v <= 1) {
			return competition.Score{}, competition.Invalid("fractured values must be in [0, 1], got %v", frac.Str(i))
		}
		preds[i] = v
	}
	if err := pandas.SortErrors(subRow, ansRow); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subRow), pandas.SortIndex(ansRow)
	switch {
	case len(subIdx) == len(ansIdx):
	case len(subIdx) == 1 && len(ansIdx) > 0:
		// broadcast: one id against all; equal only if every answer id is it
	case len(ansIdx) == 1 && len(subIdx) > 0:
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", len(subIdx), len(ansIdx))
	}
	n := max(len(subIdx), len(ansIdx))
	at := func(idx []int, k int) int {
		if len(idx) == 1 {
			return idx[0]
		}
		return idx[k]
	}
	for k := range n {
		if !pandas.CellsEqual(subRow, at(subIdx, k), ansRow, at(ansIdx, k)) {
			return competition.Score{}, competition.Invalid("Submission row_ids do not match the answers'")
		}
	}
	if len(subIdx) != len(ansIdx) {
		return competition.Score{}, fmt.Errorf("cannot un-melt %d submission rows against %d answer rows", len(subIdx), len(ansIdx))
	}

	// Un-melt: uid = row_id before the first "_", variable after it.
	type cell struct{ yTrue, yPred float64 }
	studies := map[string]map[string]cell{}
	var order []string
	for k := range ansIdx {
		id := ansRow.Str(ansIdx[k])
		uid, variable, ok := strings.Cut(id, "_")
		if !ok {
			return competition.Score{}, fmt.Errorf("row_id %q has no \"_\"", id)
		}
		y, ok := ansFrac.Float(ansIdx[k])
		if !ok || ansFrac.IsNull(ansIdx[k]) || (y != 0 && y != 1) {
			return competition.Score{}, fmt.Errorf("answers: fractured %q is not 0 or 1", ansFrac.Str(ansIdx[k]))
		}
		m, seen := studies[uid]
		if !seen {
			m = map[string]cell{}
			studies[uid] = m
			order = append(order, uid)
		}
		if _, dup := m[variable]; dup {
			return competition.Score{}, fmt.Errorf("Index contains duplicate entries, cannot reshape (%s)", id)
		}
		m[variable] = cell{y, preds[subIdx[k]]}
	}
	slices.Sort(order) // pivot's index order
	losses := make([]float64, len(order))
	wl, w := make([]float64, len(valueColumns)), make([]float64, len(valueColumns))
	for s, uid := range order {
		for j, c := range valueColumns {
			v, ok := studies[uid][c]
			if !ok {
				return competition.Score{}, fmt.Errorf("study %s has no %s row", uid, c)
			}
			p := min(max(v.yPred, 1e-15), 1-1e-15)
			loss := -(v.yTrue*math.Log(p) + (1-v.yTrue)*math.Log(1-p))
			w[j] = v.yTrue*posWeights[j] + (1-v.yTrue)*negWeights[j]
			wl[j] = loss * w[j]
		}
		losses[s] = metric.Sum(wl) / metric.Sum(w)
	}
	return competition.Numpy(metric.Mean(losses)), nil
}

// numeric is a fractured cell as the comparisons see it: numbers and
// bools by value, NaN for missing cells; text raises TypeError.
func numeric(c *table.Column, i int) (float64, error) {
	if c.IsNull(i) {
		return math.NaN(), nil
	}
	kind := c.Kind
	if c.Mixed != nil {
		kind = c.Mixed[i]
	}
	if kind == table.String {
		return 0, fmt.Errorf("TypeError: '>=' not supported between instances of 'str' and 'int' (fractured %q)", c.Str(i))
	}
	v, ok := c.Float(i)
	if !ok {
		return 0, fmt.Errorf("fractured %q is not a number", c.Str(i))
	}
	return v, nil
}
