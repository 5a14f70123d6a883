package predict_volcanic_eruptions_ingv_oe

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the original's grade(): the set of submission segment ids must
// equal the answers' set (Python equality), then the MAE over the inner
// join of answers and submission on segment_id, rounded half to even to a
// Python int.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansIDs, okID := ans.Col(idCol)
	ansY, okY := ans.Col(targetCol)
	if !okID || !okY {
		return competition.Score{}, fmt.Errorf("answers need columns %s and %s", idCol, targetCol)
	}
	subY, ok := sub.Col(targetCol)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `%s` column", targetCol)
	}
	subIDs, ok := sub.Col(idCol)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `%s` column", idCol)
	}

	// set(submission[segment_id]) == set(answers[segment_id]).
	ansKeys := make(map[idKey][]int, ansIDs.Len())
	for i := 0; i < ansIDs.Len(); i++ {
		k, ok := keyOf(ansIDs, i)
		if !ok {
			// A NaN answer id is an element no submission id equals.
			return competition.Score{}, competition.Invalid("Submission segment_ids do not match the answers' segment_ids")
		}
		ansKeys[k] = append(ansKeys[k], i)
	}
	subRows := make(map[idKey][]int, len(ansKeys))
	for i := 0; i < subIDs.Len(); i++ {
		k, ok := keyOf(subIDs, i)
		if !ok || ansKeys[k] == nil {
			return competition.Score{}, competition.Invalid("Submission segment_ids do not match the answers' segment_ids")
		}
		subRows[k] = append(subRows[k], i)
	}
	if len(subRows) != len(ansKeys) {
		return competition.Score{}, competition.Invalid("Submission segment_ids do not match the answers' segment_ids")
	}
	if subIDs.Kind == table.Bool || subIDs.Kind == table.BoolObject || subIDs.Mixed != nil {
		// pandas refuses to merge a bool or object key with the answers' int64 key.
		return competition.Score{}, fmt.Errorf("cannot merge on %s: submission column is %v, answers are %v", idCol, subIDs.Kind, ansIDs.Kind)
	}

	// answers.merge(submission, on="segment_id"): left key order, each
	// answer row once per matching submission row, in submission order.
	yTrueCol, err := pandas.Floats(ansY)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers %s: %w", targetCol, err)
	}
	yPredCol, err := pandas.Floats(subY)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission %s: %w", targetCol, err)
	}
	var yTrue, yPred []float64
	for i := 0; i < ansIDs.Len(); i++ {
		k, _ := keyOf(ansIDs, i)
		for _, j := range subRows[k] {
			yTrue = append(yTrue, yTrueCol[i])
			yPred = append(yPred, yPredCol[j])
		}
	}
	mae, err := metric.MAE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("mean_absolute_error: %w", err)
	}
	if math.IsInf(mae, 0) || math.IsNaN(mae) {
		// int(round(mae)) of an overflowed mean: OverflowError.
		return competition.Score{}, fmt.Errorf("cannot convert float %v to integer", mae)
	}
	return competition.Score{Value: math.RoundToEven(mae), Kind: competition.PyInt}, nil
}

// idKey is a segment id as a Python set element: equal keys are exactly
// the values Python finds equal (1 == 1.0 == True; a str equals only the
// same str). Integral floats in int64 range become ints.
type idKey struct {
	text  bool
	s     string
	isInt bool
	i     int64
	f     float64
}

// keyOf returns cell i of c as a set key; ok is false for a missing cell
// (a NaN, which equals nothing).
func keyOf(c *table.Column, i int) (idKey, bool) {
	if c.IsNull(i) {
		return idKey{}, false
	}
	k := c.Kind
	if k == table.String && c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return idKey{isInt: true, i: c.Ints[i]}, true
	case table.Bool, table.BoolObject:
		if c.Bools[i] {
			return idKey{isInt: true, i: 1}, true
		}
		return idKey{isInt: true}, true
	case table.Float64:
		f := c.Floats[i]
		switch {
		case math.IsNaN(f):
			return idKey{}, false
		case f == math.Trunc(f) && f >= -0x1p63 && f < 0x1p63:
			return idKey{isInt: true, i: int64(f)}, true
		}
		return idKey{f: f}, true
	}
	return idKey{text: true, s: c.Text[i]}, true
}
