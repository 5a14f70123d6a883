package metric

import (
	"fmt"
	"math"
)

// Accuracy is sklearn.metrics.accuracy_score(y_true, y_pred) of
// scikit-learn 1.5 for 1-D labels (no sample weights, normalize=True): the
// fraction k/n of positions where y_true == y_pred, computed as one
// correctly rounded division.
//
// The target checks of sklearn's _check_targets run first, so these inputs
// are errors, with sklearn's message text:
//   - different lengths ("Found input variables with inconsistent numbers of
//     samples: [3, 4]");
//   - a float array with a non-integral value ("continuous"): "Classification
//     metrics can't handle a mix of multiclass and continuous targets" (or
//     "continuous is not supported" when both are);
//   - NaN/±inf in a float array: "Input y_pred contains NaN.";
//   - an object array whose first element is not a str (a bool/str column
//     with missing values): "unknown" target type → mix error;
//   - when both sides are binary, text labels on one side and numeric/bool on
//     the other: "Labels in y_true and y_pred should be of the same type. ...".
//
// Text vs numbers with more than two classes in total is not an error; such
// positions are simply unequal. Numbers compare by value (True == 1 == 1.0).
// An empty input gives NaN (numpy's mean of nothing).
//
// Result type: Python float (scikit-learn 1.5 returns float(...)).
func Accuracy(yTrue, yPred Labels) (float64, error) {
	if _, err := checkTargets(yTrue, yPred); err != nil {
		return math.NaN(), err
	}
	n := yTrue.Len()
	if n == 0 {
		return math.NaN(), nil
	}
	k := 0
	if yTrue.dtype == DtypeInt && yPred.dtype == DtypeInt {
		// labelsEqual's int case, without its dispatch per element.
		p := yPred.i[:n]
		for i, t := range yTrue.i[:n] {
			if t == p[i] {
				k++
			}
		}
		return float64(k) / float64(n), nil
	}
	for i := 0; i < n; i++ {
		if labelsEqual(yTrue, yPred, i) {
			k++
		}
	}
	return float64(k) / float64(n), nil
}

// AccuracyOf is the plain fraction of equal positions of two slices of a
// comparable type, k/n as one correctly rounded division: what
// sklearn.metrics.accuracy_score returns once its target-type checks have
// passed. It performs none of those checks (use [Accuracy] for them); it
// only rejects a length mismatch. An empty input gives NaN.
//
// Result type: Python float (as accuracy_score in scikit-learn 1.5).
func AccuracyOf[T comparable](yTrue, yPred []T) (float64, error) {
	if err := checkConsistentLength(len(yTrue), len(yPred)); err != nil {
		return math.NaN(), err
	}
	if len(yTrue) == 0 {
		return math.NaN(), nil
	}
	k := 0
	for i := range yTrue {
		if yTrue[i] == yPred[i] {
			k++
		}
	}
	return float64(k) / float64(len(yTrue)), nil
}

// ConfusionMatrix is sklearn.metrics.confusion_matrix(y_true, y_pred) of
// scikit-learn 1.5 with labels=None and no sample weights: rows index the
// true label, columns the predicted label, both in the order of the sorted
// union of labels (unique_labels), which is returned as the second value.
// Labels are compared by value (1, 1.0 and True are one label). The target
// checks of [Accuracy] apply, plus sklearn's "Mix of label input types
// (string and number)" error.
//
// Result type: numpy int64 matrix.
func ConfusionMatrix(yTrue, yPred Labels) ([][]int64, []Value, error) {
	if _, err := checkTargets(yTrue, yPred); err != nil {
		return nil, nil, err
	}
	keys, err := uniqueLabels(yTrue, yPred)
	if err != nil {
		return nil, nil, err
	}
	idx := make(map[labelKey]int, len(keys))
	labels := make([]Value, len(keys))
	for k, key := range keys {
		idx[key] = k
		if key.str {
			labels[k] = StrValue(key.s)
		} else {
			labels[k] = FloatValue(key.f)
		}
	}
	cm := make([][]int64, len(keys))
	for k := range cm {
		cm[k] = make([]int64, len(keys))
	}
	if countSmallInts(cm, keys, yTrue, yPred) {
		return cm, labels, nil
	}
	for k, n := 0, yTrue.Len(); k < n; k++ {
		t, okT := idx[keyOf(yTrue.At(k))]
		p, okP := idx[keyOf(yPred.At(k))]
		if okT && okP {
			cm[t][p]++
		}
	}
	return cm, labels, nil
}

// Kappa weighting schemes for [CohenKappa].
const (
	KappaUnweighted = ""
	KappaLinear     = "linear"
	KappaQuadratic  = "quadratic"
)

// CohenKappa is sklearn.metrics.cohen_kappa_score(y1, y2, weights=weights)
// of scikit-learn 1.5 (labels=None, no sample weights).
//
// With O the confusion matrix of (y1, y2) over the K sorted union labels
// (see [ConfusionMatrix]), s0 its column sums, s1 its row sums and
// N = Σ s0, the expected matrix is E[i][j] = s0[i]·s1[j] / N (numpy's
// np.outer(sum0, sum1) / np.sum(sum0), as sklearn writes it). Weights are
// computed on label indices, not label values: w = 1−δ (unweighted),
// |i−j| (linear) or (i−j)² (quadratic). Then
//
//	κ = 1 − Σ w·O / Σ w·E
//
// where Σ w·O is an exact integer and Σ w·E is numpy's pairwise sum over the
// row-major K×K products. With a single label in both inputs (K = 1) both
// sums are 0 and the result is NaN, as in sklearn (a RuntimeWarning there).
// Non-integral float labels, NaN, mixed text/number labels and length
// mismatches are errors as in [Accuracy] / [ConfusionMatrix].
//
// Result type: numpy float64.
func CohenKappa(y1, y2 Labels, weights string) (float64, error) {
	if weights != KappaUnweighted && weights != KappaLinear && weights != KappaQuadratic {
		return math.NaN(), fmt.Errorf("The 'weights' parameter of cohen_kappa_score must be a str among {'linear', 'quadratic'} or None. Got '%s' instead.", weights)
	}
	cm, _, err := ConfusionMatrix(y1, y2)
	if err != nil {
		return math.NaN(), err
	}
	return kappaFromConfusion(cm, weights), nil
}

func kappaFromConfusion(cm [][]int64, weights string) float64 {
	k := len(cm)
	sum0 := make([]int64, k) // column sums (axis=0)
	sum1 := make([]int64, k) // row sums (axis=1)
	var n int64
	for i := range cm {
		for j, c := range cm[i] {
			sum0[j] += c
			sum1[i] += c
			n += c
		}
	}
	w := func(i, j int) int64 {
		d := int64(i - j)
		switch weights {
		case KappaLinear:
			if d < 0 {
				return -d
			}
			return d
		case KappaQuadratic:
			return d * d
		}
		if i == j {
			return 0
		}
		return 1
	}
	var num int64
	we := make([]float64, 0, k*k)
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			num += w(i, j) * cm[i][j]
			e := float64(sum0[i]*sum1[j]) / float64(n)
			we = append(we, float64(w(i, j))*e)
		}
	}
	return 1 - float64(num)/Sum(we)
}

// countSmallInts fills cm for two int label arrays whose labels (keys,
// ascending) span less than smallIntSpan, indexing a table instead of a
// map; it reports false, leaving cm alone, for any other labels.
func countSmallInts(cm [][]int64, keys []labelKey, yTrue, yPred Labels) bool {
	if yTrue.dtype != DtypeInt || yPred.dtype != DtypeInt {
		return false
	}
	at, ok := intSlots(keys, smallIntSpan)
	if !ok {
		return false
	}
	for k, t := range yTrue.i {
		ti, pi := at(t), at(yPred.i[k])
		if ti >= 0 && pi >= 0 {
			cm[ti][pi]++
		}
	}
	return true
}

// intSlots indexes keys (ascending) by a table when they are all integral
// numbers exact as float64 and span less than span: at(x) is the position
// of x among keys, -1 for a value not among them. ok is false otherwise
// (no keys, a str, a fraction, a value beyond ±2^53 where float keys merge
// ints, or a wider span).
func intSlots(keys []labelKey, span int64) (at func(int64) int32, ok bool) {
	if len(keys) == 0 {
		return nil, false
	}
	for _, k := range keys {
		if k.str || k.f != math.Trunc(k.f) {
			return nil, false
		}
	}
	first, last := keys[0].f, keys[len(keys)-1].f
	const exact = 1 << 53
	if first <= -exact || last >= exact || last-first >= float64(span) {
		return nil, false
	}
	lo := int64(first)
	slot := make([]int32, int64(last)-lo+1)
	for i := range slot {
		slot[i] = -1
	}
	for k, key := range keys {
		slot[int64(key.f)-lo] = int32(k)
	}
	return func(x int64) int32 {
		if d := x - lo; d >= 0 && d < int64(len(slot)) {
			return slot[d]
		}
		return -1
	}, true
}
