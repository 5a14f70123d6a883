package metric

import (
	"fmt"
	"math"
	"strings"
)

// float64Eps is np.finfo(np.float64).eps, log_loss's clipping constant in
// scikit-learn 1.5.
const float64Eps = 2.220446049250313e-16

// LogLossOptions selects behaviour of older scikit-learn releases. The zero
// value is scikit-learn 1.5.
type LogLossOptions struct {
	// Eps is the clipping constant; 0 means np.finfo(float64).eps
	// (2.220446049250313e-16, scikit-learn 1.5). scikit-learn ≤ 1.2 used 1e-15.
	Eps float64
	// Renormalize divides each clipped row by its sum before the log, as
	// scikit-learn ≤ 1.4 did. scikit-learn 1.5 only warns when rows do not sum
	// to 1 and does not renormalise.
	Renormalize bool
}

func (o LogLossOptions) eps() float64 {
	if o.Eps == 0 {
		return float64Eps
	}
	return o.Eps
}

// xlogy is scipy.special.xlogy: 0 when x == 0 and y is not NaN, else x·log(y).
func xlogy(x, y float64) float64 {
	if x == 0 && y == y {
		return 0
	}
	return x * logCR(y)
}

// clip is np.clip(v, lo, hi) (NaN stays NaN).
func clip(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// LogLossIndicator is sklearn.metrics.log_loss(y_true, y_pred) of
// scikit-learn 1.5 where y_true is a multilabel-indicator matrix (a one-hot
// answers table) and y_pred the matching probability matrix, both given
// column by column: yTrue[k][i] and yPred[k][i] are class k of row i. The
// classes are simply the column positions, so a class no row belongs to
// still counts.
//
// Each p is clipped to [ε, 1−ε] with ε = np.finfo(float64).eps; rows are
// not renormalised (scikit-learn 1.5 only warns if they do not sum to 1).
// The row loss is −Σ_k xlogy(y_ik, p_ik), summed per row with numpy's
// pairwise summation, and the result is the numpy mean of the row losses
// ([Mean]). A 0 in y_true contributes exactly 0 (scipy's xlogy).
//
// Errors (sklearn's text): NaN/inf in y_pred ("Input contains NaN."), NaN in
// y_true ("Input y contains NaN."), a y_true with non-binary values
// ("Multioutput target data is not supported with label binarization"),
// a column-count mismatch, ragged columns or a row-count mismatch.
//
// log(p) is a correctly rounded logarithm (logCR), which equals glibc's log
// (what scipy's xlogy calls) except for about 0.05% of inputs that glibc
// misrounds by one ulp; so results are usually bit-identical to sklearn's and
// otherwise agree to about 1e-16 relative.
//
// Result type: Python float (scikit-learn 1.5 returns float(...)).
func LogLossIndicator(yTrue, yPred [][]float64, opt LogLossOptions) (float64, error) {
	if len(yPred) == 0 || len(yTrue) == 0 {
		return math.NaN(), fmt.Errorf("Found array with 0 feature(s) while a minimum of 1 is required.")
	}
	nPred, err := columnsLength(yPred)
	if err != nil {
		return math.NaN(), err
	}
	nTrue, err := columnsLength(yTrue)
	if err != nil {
		return math.NaN(), err
	}
	if err := checkFiniteColumns(yPred, ""); err != nil {
		return math.NaN(), err
	}
	if nPred == 0 {
		return math.NaN(), fmt.Errorf("Found array with 0 sample(s) (shape=(0, %d)) while a minimum of 1 is required.", len(yPred))
	}
	if err := checkConsistentLength(nPred, nTrue); err != nil {
		return math.NaN(), err
	}
	if len(yTrue) == 1 {
		// A single column is not an indicator matrix in sklearn; it is a
		// 1-D label vector.
		return LogLossBinary(yTrue[0], yPred[0], opt)
	}
	// LabelBinarizer.fit(y_true): type_of_target must be multilabel-indicator.
	if err := checkFiniteColumns(yTrue, "y"); err != nil {
		return math.NaN(), err
	}
	// The set of distinct values, at most two (no NaN here: checked above).
	var distinct [2]float64
	nDistinct := 0
	for _, col := range yTrue {
		for _, v := range col {
			if nDistinct > 0 && v == distinct[0] || nDistinct > 1 && v == distinct[1] {
				continue
			}
			if !isIntegral(v) || nDistinct == 2 {
				return math.NaN(), fmt.Errorf("Multioutput target data is not supported with label binarization")
			}
			distinct[nDistinct] = v
			nDistinct++
		}
	}
	if len(yTrue) != len(yPred) {
		return math.NaN(), fmt.Errorf("y_true and y_pred contain different number of classes %d, %d. "+
			"Please provide the true labels explicitly through the labels argument. Classes found in y_true: %s",
			len(yTrue), len(yPred), arangeRepr(len(yTrue)))
	}
	k := len(yPred)
	eps := opt.eps()
	row := make([]float64, k)
	terms := make([]float64, k)
	loss := make([]float64, nPred)
	for i := 0; i < nPred; i++ {
		for c := 0; c < k; c++ {
			row[c] = clip(yPred[c][i], eps, 1-eps)
		}
		if opt.Renormalize {
			s := Sum(row)
			for c := range row {
				row[c] /= s
			}
		}
		for c := 0; c < k; c++ {
			terms[c] = xlogy(yTrue[c][i], row[c])
		}
		loss[i] = -Sum(terms)
	}
	return Mean(loss), nil
}

func arangeRepr(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprint(i)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// LogLossBinary is sklearn.metrics.log_loss(y_true, y_pred) of
// scikit-learn 1.5 for a 1-D binary y_true and a 1-D y_pred holding the
// probability of the positive class (the larger of the two labels).
//
// sklearn forms the matrix [1−p, p] from the unclipped p, clips every entry
// to [ε, 1−ε] with ε = np.finfo(float64).eps, and takes the row loss
// −(xlogy(1−t, q₀) + xlogy(t, q₁)), i.e. −ln(clip(p)) for a positive row and
// −ln(clip(1−p)) for a negative one; the result is the numpy mean ([Mean]).
// No renormalisation (see [LogLossOptions] for the ≤ 1.4 behaviour).
//
// Errors (sklearn's text): NaN/inf in y_pred, NaN in y_true, length
// mismatch, a single class in y_true ("y_true contains only one label (1).
// Please provide the true labels explicitly through the labels argument.")
// and more than two classes ("y_true and y_pred contain different number of
// classes 3, 2. ...").
//
// Result type: Python float.
func LogLossBinary(yTrue, yPred []float64, opt LogLossOptions) (float64, error) {
	if err := checkFinite(yPred, ""); err != nil {
		return math.NaN(), err
	}
	if len(yPred) == 0 {
		return math.NaN(), errEmpty(0)
	}
	if err := checkConsistentLength(len(yPred), len(yTrue)); err != nil {
		return math.NaN(), err
	}
	t, err := TypeOfTarget(FloatLabels(yTrue), "y")
	if err != nil {
		return math.NaN(), err
	}
	if t == TargetContinuous {
		return math.NaN(), fmt.Errorf("Unknown label type: continuous")
	}
	classes, _ := uniqueKeys(FloatLabels(yTrue))
	if len(classes) == 1 {
		return math.NaN(), fmt.Errorf("y_true contains only one label (%s). Please provide the true labels explicitly through the labels argument.",
			labelNumStr(classes[0].f))
	}
	if len(classes) != 2 {
		parts := make([]string, len(classes))
		for i, c := range classes {
			parts[i] = labelNumStr(c.f)
		}
		return math.NaN(), fmt.Errorf("y_true and y_pred contain different number of classes %d, 2. "+
			"Please provide the true labels explicitly through the labels argument. Classes found in y_true: [%s]",
			len(classes), strings.Join(parts, " "))
	}
	pos := classes[1].f
	eps := opt.eps()
	loss := make([]float64, len(yPred))
	for i, p := range yPred {
		q0 := clip(1-p, eps, 1-eps)
		q1 := clip(p, eps, 1-eps)
		if opt.Renormalize {
			s := q0 + q1
			q0, q1 = q0/s, q1/s
		}
		var t0, t1 float64 = 1, 0
		if yTrue[i] == pos {
			t0, t1 = 0, 1
		}
		loss[i] = -(0.0 + xlogy(t0, q0) + xlogy(t1, q1))
	}
	return Mean(loss), nil
}

func labelNumStr(f float64) string {
	if isIntegral(f) {
		return fmt.Sprintf("%d", int64(f))
	}
	return pyFloatStr(f)
}
