package tabular_playground_series_dec_2021

import (
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// alignedLabels is the common case of submission.PrepareForAccuracy where
// the submission's ids are the answers' ids in the same rows (both int64
// columns, equal cell for cell) and both label columns are int64: sorting
// both tables by id applies one permutation to both (equal ids included),
// so the pairs (answer label, submitted label) are the rows' own pairs,
// and accuracy, a count of equal pairs over n, and its target-type
// checks, which look at the set of values, do not depend on their order.
// The labels are returned in file order, without a sort or a copy. ok is
// false when the case does not apply (PrepareForAccuracy then decides,
// with its checks and messages).
func alignedLabels(sub, ans *table.Table) (yTrue, yPred metric.Labels, ok bool) {
	ansTarget, ok1 := ans.Col(target)
	ansID, ok2 := ans.Col(idColumn)
	subTarget, ok3 := sub.Col(target)
	subID, ok4 := sub.Col(idColumn)
	if !ok1 || !ok2 || !ok3 || !ok4 || sub.Len() != ans.Len() {
		return yTrue, yPred, false
	}
	for _, c := range []*table.Column{ansTarget, ansID, subTarget, subID} {
		if c.Kind != table.Int64 || c.Mixed != nil {
			return yTrue, yPred, false
		}
	}
	for i, v := range subID.Ints {
		if v != ansID.Ints[i] {
			return yTrue, yPred, false
		}
	}
	return metric.IntLabels(ansTarget.Ints), metric.IntLabels(subTarget.Ints), true
}
