package metric

import (
	"errors"
	"fmt"
	"iter"
	"math"
)

// ErrOneClass is the error of the binary ROC AUC when y_true holds a single
// class; its text is scikit-learn's ValueError message.
var ErrOneClass = errors.New("Only one class present in y_true. ROC AUC score is not defined in that case.")

// ROCAUC is sklearn.metrics.roc_auc_score(y_true, y_score) of scikit-learn
// 1.5 for a binary target (no sample weights, max_fpr=None), reproduced to
// the bit.
//
// The positive class is the larger of the two values of y_true (sklearn's
// label_binarize over np.unique(y_true)). sklearn then builds the ROC curve:
// scores sorted in decreasing order, one point per distinct score value
// (tied scores form one diagonal step; -0.0 ties with 0.0), cumulative
// true/false positive counts tps/fps at each point, drop_intermediate
// (interior points whose second differences of both fps and tps are 0 are
// removed), a prepended (0, 0), fpr = fps/fps[-1], tpr = tps/tps[-1]; the
// area is numpy's trapezoid rule Σ (fpr[i+1]−fpr[i])·(tpr[i+1]+tpr[i])/2.0
// summed with numpy's pairwise summation ([Sum]). This equals the
// Mann–Whitney probability P(s⁺ > s⁻) + ½·P(s⁺ = s⁻) up to rounding; here
// the rounding is sklearn's too. Constant scores give exactly 0.5.
//
// Errors, with sklearn's message text, checked in sklearn's order:
//   - y_true with NaN/±inf: "Input y_true contains NaN." (or infinity);
//   - y_true with a non-integral value: "continuous format is not supported";
//   - y_score with NaN/±inf: "Input contains NaN." (or infinity);
//   - empty input: "Found array with 0 sample(s) ...";
//   - y_true with more than two values: "multi_class must be in ('ovo', 'ovr')";
//   - y_true with one value: [ErrOneClass];
//   - different lengths: "Found input variables with inconsistent numbers of samples: [..]".
//
// Runs in O(n) after a radix sort of the scores (classKeys: one array of
// the keys, bucketed while written, no second array of that size).
//
// Result type: numpy float64.
func ROCAUC(yTrue, yScore []float64) (float64, error) {
	return rocAUC(yTrue, FloatLabels(yTrue), yScore)
}

// ROCAUCInts is [ROCAUC] for an int64 y_true (a numpy int64 array, e.g. a
// pandas int64 column of 0/1 answers), with the same result and errors as
// ROCAUC on the same values converted to float64, and without that copy.
func ROCAUCInts(yTrue []int64, yScore []float64) (float64, error) {
	multi, pos, two := intTargetClasses(yTrue)
	t := TargetBinary
	if multi {
		t = TargetMulticlass
	}
	return rocAUCTyped(yTrue, t, yScore, pos, two)
}

// intTargetClasses is, in one pass over an int64 y_true (two when its
// values span more than two integers), what
// TypeOfTarget(IntLabels(yTrue)) decides (multi: more than two distinct
// values as float64, as moreThanTwoDistinct compares them) and what
// binaryPositive returns (pos, the largest value; two: not all equal).
func intTargetClasses(yTrue []int64) (multi bool, pos int64, two bool) {
	if len(yTrue) == 0 {
		return false, 0, false
	}
	lo, hi := yTrue[0], yTrue[0]
	for _, v := range yTrue {
		lo, hi = min(lo, v), max(hi, v)
	}
	if d := hi - lo; d >= 0 && d <= 1 {
		// At most two distinct values (0/1 labels): at most two as float64.
		return false, hi, lo != hi
	}
	var seen [2]float64
	k := 0
	for _, v := range yTrue {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
		f := float64(v)
		if (k > 0 && f == seen[0]) || (k > 1 && f == seen[1]) {
			continue
		}
		if k == 2 {
			multi = true
			continue
		}
		seen[k] = f
		k++
	}
	return multi, hi, lo != hi
}

// rocAUC is ROCAUC over y_true held as float64 or int64 (labels is the
// same array as [Labels]).
func rocAUC[T int64 | float64](yTrue []T, labels Labels, yScore []float64) (float64, error) {
	t, err := TypeOfTarget(labels, "y_true")
	if err != nil {
		return math.NaN(), err
	}
	var pos T
	two := false
	if len(yTrue) > 0 && t == TargetBinary {
		pos, two = binaryPositive(yTrue)
	}
	return rocAUCTyped(yTrue, t, yScore, pos, two)
}

// rocAUCTyped is rocAUC after y_true's type t and, for a binary y_true,
// its positive label pos and whether it holds two classes.
func rocAUCTyped[T int64 | float64](yTrue []T, t string, yScore []float64, pos T, two bool) (float64, error) {
	if err := checkFinite(yScore, ""); err != nil {
		return math.NaN(), err
	}
	if len(yTrue) == 0 {
		return math.NaN(), errEmpty(0)
	}
	if len(yScore) == 0 {
		return math.NaN(), errEmpty(0)
	}
	switch t {
	case TargetBinary:
	case TargetMulticlass:
		return math.NaN(), fmt.Errorf("multi_class must be in ('ovo', 'ovr')")
	default:
		return math.NaN(), fmt.Errorf("%s format is not supported", t)
	}
	if !two {
		return math.NaN(), ErrOneClass
	}
	if err := checkConsistentLength(len(yTrue), len(yScore)); err != nil {
		return math.NaN(), err
	}
	return binaryAUC(yTrue, yScore, pos), nil
}

func errEmpty(n int) error {
	return fmt.Errorf("Found array with %d sample(s) (shape=(%d,)) while a minimum of 1 is required.", n, n)
}

// binaryPositive returns the larger value of a two-valued y_true, and false
// if y_true holds a single value.
func binaryPositive[T int64 | float64](yTrue []T) (T, bool) {
	lo, hi := yTrue[0], yTrue[0]
	for _, v := range yTrue {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	return hi, lo != hi
}

// binaryAUC computes the area for validated input: finite values, equal
// lengths, positives are the entries equal to pos.
func binaryAUC[T int64 | float64](yTrue []T, yScore []float64, pos T) float64 {
	keys, nPos := classKeys(yTrue, yScore, pos)
	return aucFromSorted(keys[:nPos], keys[nPos:])
}

// floatKey maps a float64 to a uint64 whose unsigned order is the float
// order; -0.0 maps like 0.0 so that the two tie, as np.diff sees them.
func floatKey(f float64) uint64 {
	if f == 0 {
		f = 0
	}
	b := math.Float64bits(f)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// aucFromSorted walks the distinct score values from the highest down,
// building sklearn's ROC points (cumulative fps, tps at each distinct
// threshold), applies drop_intermediate on the fly and integrates. pos and
// neg are the keys of the positive and negative samples in ascending order;
// both are non-empty.
func aucFromSorted(pos, neg []uint64) float64 {
	fLast, tLast := float64(len(neg)), float64(len(pos))
	// Trapezoid terms in curve order, starting from the prepended (0, 0),
	// summed as numpy sums the array of them ([Sum]).
	var sum blockSum
	px, py := 0.0, 0.0
	emit := func(fp, tp float64) {
		x := fp / fLast
		y := tp / tLast
		sum.add(float64((x-px)*(y+py)) / 2.0)
		px, py = x, y
	}
	// a and b are the two previous points of the full curve (b pending).
	var aF, aT, bF, bT float64
	n := 0 // points seen
	for fp, tp := range thresholdCounts(pos, neg) {
		cF, cT := float64(fp), float64(tp)
		switch n {
		case 0:
			emit(cF, cT) // the first point is always kept
		case 1:
		default:
			// b is interior: drop_intermediate keeps it unless the second
			// differences of both fps and tps are 0 there.
			if (cF-bF)-(bF-aF) != 0 || (cT-bT)-(bT-aT) != 0 {
				emit(bF, bT)
			}
		}
		aF, aT, bF, bT = bF, bT, cF, cT
		n++
	}
	if n > 1 {
		emit(bF, bT) // the last point is always kept
	}
	return sum.result()
}

// ROCAUCMacro is sklearn.metrics.roc_auc_score(y_true, y_score,
// average="macro") of scikit-learn 1.5 for a multilabel-indicator y_true,
// given column by column: yTrue[c] and yScore[c] are column c. Each column's
// score is the binary ROC AUC of [ROCAUC] with positive label 1, and the
// result is np.average of the column scores (numpy pairwise [Mean]).
//
// As in sklearn, the number of classes is taken from y_score: a y_score with
// fewer columns than y_true scores only those columns, one with more columns
// fails with numpy's IndexError text ("index 6 is out of bounds for axis 1
// with size 6"). y_true must be a 0/1 indicator matrix (values in {0, 1} or
// {-1, 1}; anything with three or more distinct values is
// "multiclass-multioutput format is not supported"); a column holding a
// single class is [ErrOneClass]. NaN/inf in y_score is "Input contains NaN."
// (or infinity); ragged columns or a row-count mismatch are sklearn's
// inconsistent-length error.
//
// A single y_true column is scored as a binary target, like sklearn does for
// a 1-D y_true.
//
// Result type: numpy float64.
func ROCAUCMacro(yTrue, yScore [][]float64) (float64, error) {
	if len(yTrue) == 0 || len(yScore) == 0 {
		return math.NaN(), fmt.Errorf("Found array with 0 feature(s) while a minimum of 1 is required.")
	}
	n, err := columnsLength(yTrue)
	if err != nil {
		return math.NaN(), err
	}
	nScore, err := columnsLength(yScore)
	if err != nil {
		return math.NaN(), err
	}
	if len(yTrue) == 1 && len(yScore) == 1 {
		return ROCAUC(yTrue[0], yScore[0])
	}
	// type_of_target(y_true) on the 2-D indicator.
	if err := checkFiniteColumns(yTrue, "y_true"); err != nil {
		return math.NaN(), err
	}
	values := map[float64]bool{}
	for _, col := range yTrue {
		for _, v := range col {
			if !isIntegral(v) {
				return math.NaN(), fmt.Errorf("continuous-multioutput format is not supported")
			}
			if v == 0 {
				v = 0
			}
			values[v] = true
		}
	}
	if len(values) >= 3 {
		return math.NaN(), fmt.Errorf("multiclass-multioutput format is not supported")
	}
	if err := checkFiniteColumns(yScore, ""); err != nil {
		return math.NaN(), err
	}
	if n == 0 {
		return math.NaN(), fmt.Errorf("Found array with 0 sample(s) (shape=(0, %d)) while a minimum of 1 is required.", len(yTrue))
	}
	if err := checkConsistentLength(n, nScore); err != nil {
		return math.NaN(), err
	}
	if len(yScore) > len(yTrue) {
		return math.NaN(), fmt.Errorf("index %d is out of bounds for axis 1 with size %d", len(yTrue), len(yTrue))
	}
	scores := make([]float64, len(yScore))
	for c := range yScore {
		s, err := binaryColumnAUC(yTrue[c], yScore[c])
		if err != nil {
			return math.NaN(), err
		}
		scores[c] = s
	}
	return Mean(scores), nil
}

// binaryColumnAUC is sklearn's _binary_roc_auc_score for one indicator
// column with pos_label=None (so the classes must be {0,1}, {-1,1} or a
// subset of them).
func binaryColumnAUC(yTrue, yScore []float64) (float64, error) {
	pos, ok := binaryPositive(yTrue)
	if !ok {
		return math.NaN(), ErrOneClass
	}
	lo := 1.0
	for _, v := range yTrue {
		lo = math.Min(lo, v)
	}
	if pos != 1 || (lo != 0 && lo != -1) {
		return math.NaN(), fmt.Errorf("y_true takes value in {%s, %s} and pos_label is not specified: "+
			"either make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly.",
			pyIntStr(lo), pyIntStr(pos))
	}
	return binaryAUC(yTrue, yScore, 1), nil
}

func pyIntStr(f float64) string { return fmt.Sprintf("%d", int64(f)) }

func columnsLength(cols [][]float64) (int, error) {
	n := len(cols[0])
	for _, c := range cols[1:] {
		if len(c) != n {
			return 0, fmt.Errorf("columns have different lengths (%d and %d)", n, len(c))
		}
	}
	return n, nil
}

// MeanColumnwiseROCAUC is the hand-written "mean column-wise ROC AUC" of
// several graders: for each column c, the binary [ROCAUC] of (yTrue[c],
// yScore[c]) — sklearn's roc_auc_score called once per column — then
// np.mean (= np.average) of the list of column scores ([Mean]: numpy's
// pairwise summation, which for 8 or more columns is not left-to-right).
// The first failing column's error is returned unchanged (sklearn's text).
//
// Result type: numpy float64.
func MeanColumnwiseROCAUC(yTrue, yScore [][]float64) (float64, error) {
	if len(yTrue) != len(yScore) {
		return math.NaN(), fmt.Errorf("got %d y_true columns and %d y_score columns", len(yTrue), len(yScore))
	}
	scores := make([]float64, len(yTrue))
	for c := range yTrue {
		s, err := ROCAUC(yTrue[c], yScore[c])
		if err != nil {
			return math.NaN(), err
		}
		scores[c] = s
	}
	return Mean(scores), nil
}

// AveragePrecision is sklearn.metrics.average_precision_score(y_true,
// y_score) of scikit-learn 1.5 for a binary target (pos_label=1, no sample
// weights): the step integral of the precision-recall curve without
// interpolation. With the distinct thresholds in decreasing score order,
// tps_k/fps_k the cumulative counts, p_k = tps_k/(tps_k+fps_k) and
// r_k = tps_k/tps_last, sklearn computes
//
//	AP = max(0.0, −Σ_k (r_{k−1} − r_k)·p_k),  r_{−1} = 0,
//
// summing with numpy ([Sum]) over k from the lowest threshold up, as its
// reversed curve arrays do. y_true without positives gives 0.0 (recall is
// set to 1, sklearn warns). Errors: NaN/inf in y_score ("Input contains
// NaN."), NaN in y_true, non-integral y_true ("continuous format is not
// supported"), two labels of which none is 1 ("pos_label=1 is not a valid
// label. It should be one of [0, 2]"), more than two labels, length
// mismatch.
//
// Result type: numpy float64 (Python float 0.0 when the sum is not positive).
func AveragePrecision(yTrue, yScore []float64) (float64, error) {
	t, err := TypeOfTarget(FloatLabels(yTrue), "y_true")
	if err != nil {
		return math.NaN(), err
	}
	if t != TargetBinary {
		return math.NaN(), fmt.Errorf("%s format is not supported", t)
	}
	if err := checkFinite(yScore, ""); err != nil {
		return math.NaN(), err
	}
	if len(yTrue) == 0 || len(yScore) == 0 {
		return math.NaN(), errEmpty(0)
	}
	if err := checkConsistentLength(len(yTrue), len(yScore)); err != nil {
		return math.NaN(), err
	}
	classes, _ := uniqueKeys(FloatLabels(yTrue))
	if len(classes) == 2 && classes[0].f != 1 && classes[1].f != 1 {
		return math.NaN(), fmt.Errorf("pos_label=1 is not a valid label. It should be one of [%s, %s]",
			labelNumStr(classes[0].f), labelNumStr(classes[1].f))
	}
	keys, nPos := classKeys(yTrue, yScore, 1.0)
	pos, neg := keys[:nPos], keys[nPos:]
	var fpsList, tpsList []float64
	for fp, tp := range thresholdCounts(pos, neg) {
		fpsList = append(fpsList, float64(fp))
		tpsList = append(tpsList, float64(tp))
	}
	m := len(tpsList)
	tLast := tpsList[m-1]
	recall := func(k int) float64 {
		if k < 0 {
			return 0
		}
		if tLast == 0 {
			return 1
		}
		return tpsList[k] / tLast
	}
	terms := make([]float64, 0, m)
	for k := m - 1; k >= 0; k-- {
		prec := 0.0
		if ps := tpsList[k] + fpsList[k]; ps != 0 {
			prec = tpsList[k] / ps
		}
		terms = append(terms, float64(recall(k-1)-recall(k))*prec)
	}
	ap := -Sum(terms)
	if !(ap > 0) {
		return 0, nil
	}
	return ap, nil
}

// LabelRankingAveragePrecision is
// sklearn.metrics.label_ranking_average_precision_score(y_true, y_score,
// sample_weight) of scikit-learn 1.5, with the label matrices given column
// by column (yTrue[k][i]: label k of sample i). For each sample with
// relevant labels R (ascending label order), aux = np.mean over j ∈ R of
// L_j/rank_j, where rank_j counts the labels k with score ≥ score_j and L_j
// the relevant ones among them (scipy's "max" ranks); aux = 1.0 when R is
// empty or holds every label. The result is Σ aux_i·w_i (accumulated left to
// right, as sklearn's Python loop does) divided by Σ w (or by the number of
// samples when weights is nil).
//
// Errors: shapes differ ("y_true and y_score have different shape"), NaN/inf
// in y_score, weights of the wrong length.
//
// Result type: numpy float64.
func LabelRankingAveragePrecision(yTrue [][]bool, yScore [][]float64, weights []float64) (float64, error) {
	if len(yTrue) != len(yScore) || len(yTrue) == 0 {
		return math.NaN(), fmt.Errorf("y_true and y_score have different shape")
	}
	n := len(yTrue[0])
	for k := range yTrue {
		if len(yTrue[k]) != n || len(yScore[k]) != n {
			return math.NaN(), fmt.Errorf("y_true and y_score have different shape")
		}
	}
	if weights != nil && len(weights) != n {
		return math.NaN(), errInconsistentLength(n, n, len(weights))
	}
	if err := checkFiniteColumns(yScore, ""); err != nil {
		return math.NaN(), err
	}
	if n == 0 {
		return math.NaN(), fmt.Errorf("Found array with 0 sample(s) (shape=(0, %d)) while a minimum of 1 is required.", len(yTrue))
	}
	nLabels := len(yTrue)
	out := 0.0
	var rel []int
	var ratios []float64
	for i := 0; i < n; i++ {
		rel = rel[:0]
		for k := 0; k < nLabels; k++ {
			if yTrue[k][i] {
				rel = append(rel, k)
			}
		}
		aux := 1.0
		if len(rel) != 0 && len(rel) != nLabels {
			ratios = ratios[:0]
			for _, j := range rel {
				s := yScore[j][i]
				rank, l := 0, 0
				for k := 0; k < nLabels; k++ {
					if yScore[k][i] >= s {
						rank++
						if yTrue[k][i] {
							l++
						}
					}
				}
				ratios = append(ratios, float64(l)/float64(rank))
			}
			aux = Mean(ratios)
		}
		if weights != nil {
			aux *= weights[i]
		}
		out += aux
	}
	if weights == nil {
		return out / float64(n), nil
	}
	return out / Sum(weights), nil
}

// thresholdCounts walks the distinct scores of pos and neg (each sorted
// ascending, as order-preserving keys) from the highest down and yields the
// cumulative false and true positive counts at each: the (fps, tps) points
// of sklearn's _binary_clf_curve before drop_intermediate.
func thresholdCounts(pos, neg []uint64) iter.Seq2[int, int] {
	return func(yield func(fp, tp int) bool) {
		i, j := len(pos)-1, len(neg)-1
		var tp, fp int
		for i >= 0 || j >= 0 {
			var v uint64
			switch {
			case i < 0:
				v = neg[j]
			case j < 0:
				v = pos[i]
			case pos[i] >= neg[j]:
				v = pos[i]
			default:
				v = neg[j]
			}
			for i >= 0 && pos[i] == v {
				tp++
				i--
			}
			for j >= 0 && neg[j] == v {
				fp++
				j--
			}
			if !yield(fp, tp) {
				return
			}
		}
	}
}
