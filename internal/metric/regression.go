package metric

import (
	"errors"
	"math"
)

// checkRegTargets mirrors the input validation of sklearn's
// _check_reg_targets for 1-D float input: equal lengths first, then
// check_array on y_true and on y_pred (finite values, at least one sample).
func checkRegTargets(yTrue, yPred []float64) error {
	if err := checkConsistentLength(len(yTrue), len(yPred)); err != nil {
		return err
	}
	if err := checkFinite(yTrue, ""); err != nil {
		return err
	}
	if len(yTrue) == 0 {
		return errEmpty(0)
	}
	return checkFinite(yPred, "")
}

// MSE is sklearn.metrics.mean_squared_error(y_true, y_pred) of
// scikit-learn 1.5 for 1-D input (no sample weights): np.average((y_true −
// y_pred)²), i.e. numpy's pairwise [Sum] of the squared differences divided
// by n. Errors (sklearn's text): different lengths, NaN/±inf in either input
// ("Input contains NaN."), empty input.
//
// Result type: numpy float64.
func MSE(yTrue, yPred []float64) (float64, error) {
	if err := checkRegTargets(yTrue, yPred); err != nil {
		return math.NaN(), err
	}
	return meanSquaredDiff(yTrue, yPred), nil
}

func meanSquaredDiff(a, b []float64) float64 {
	sq := make([]float64, len(a))
	for i := range a {
		d := a[i] - b[i]
		sq[i] = float64(d * d)
	}
	return Mean(sq)
}

// RMSE is sklearn.metrics.root_mean_squared_error(y_true, y_pred) of
// scikit-learn 1.5 (also mean_squared_error(..., squared=False)): the
// square root of [MSE] (np.sqrt is correctly rounded, as is math.Sqrt), then
// np.average over the single output, which leaves it unchanged. Errors as
// for [MSE].
//
// Result type: numpy float64.
func RMSE(yTrue, yPred []float64) (float64, error) {
	m, err := MSE(yTrue, yPred)
	if err != nil {
		return math.NaN(), err
	}
	return math.Sqrt(m), nil
}

// MAE is sklearn.metrics.mean_absolute_error(y_true, y_pred) of
// scikit-learn 1.5 for 1-D input: np.average(|y_pred − y_true|) with numpy's
// pairwise summation. Errors as for [MSE].
//
// Result type: numpy float64.
func MAE(yTrue, yPred []float64) (float64, error) {
	if err := checkRegTargets(yTrue, yPred); err != nil {
		return math.NaN(), err
	}
	abs := make([]float64, len(yTrue))
	for i := range yTrue {
		abs[i] = math.Abs(yPred[i] - yTrue[i])
	}
	return Mean(abs), nil
}

// ErrNegativeRMSLE is root_mean_squared_log_error's ValueError in
// scikit-learn 1.5 for any value < 0 in y_true or y_pred.
var ErrNegativeRMSLE = errors.New("Root Mean Squared Logarithmic Error cannot be used when targets contain negative values.")

// RMSLE is sklearn.metrics.root_mean_squared_log_error(y_true, y_pred) of
// scikit-learn 1.5: [RMSE] of (np.log1p(y_true), np.log1p(y_pred)), i.e.
// sqrt(mean((ln(1+pred) − ln(1+true))²)). As in 1.5.x, any value < 0 in
// either input is [ErrNegativeRMSLE] (exactly 0 is fine; scikit-learn ≥ 1.6
// only rejects values ≤ −1). Other errors as for [MSE].
//
// log1p is Go's math.Log1p, which may differ from the C library's in the
// last bit for some inputs (agreement about 1e-15 relative).
//
// Result type: numpy float64.
func RMSLE(yTrue, yPred []float64) (float64, error) {
	if err := checkRegTargets(yTrue, yPred); err != nil {
		return math.NaN(), err
	}
	for i := range yTrue {
		if yTrue[i] < 0 || yPred[i] < 0 {
			return math.NaN(), ErrNegativeRMSLE
		}
	}
	lt := make([]float64, len(yTrue))
	lp := make([]float64, len(yPred))
	for i := range yTrue {
		lt[i] = math.Log1p(yTrue[i])
		lp[i] = math.Log1p(yPred[i])
	}
	return math.Sqrt(meanSquaredDiff(lt, lp)), nil
}

// MeanColumnwiseRMSLE is the "mean column-wise RMSLE" grader metric
// (nomad2018): [RMSLE] of each column pair (yTrue[c], yPred[c]), then the
// sum of the column scores, left to right, divided by the number of columns
// — for two columns exactly (a + b) / 2 as the Python grader writes it. The
// first failing column's error is returned unchanged.
//
// Result type: numpy float64 (arithmetic on numpy scalars).
func MeanColumnwiseRMSLE(yTrue, yPred [][]float64) (float64, error) {
	if len(yTrue) != len(yPred) || len(yTrue) == 0 {
		return math.NaN(), errors.New("need the same, non-zero number of y_true and y_pred columns")
	}
	sum := 0.0
	for c := range yTrue {
		s, err := RMSLE(yTrue[c], yPred[c])
		if err != nil {
			return math.NaN(), err
		}
		if c == 0 {
			sum = s
		} else {
			sum += s
		}
	}
	return sum / float64(len(yTrue)), nil
}

// MCRMSE is the mean column-wise root mean squared error: [RMSE] of each
// column pair, then np.mean of the column scores ([Mean], numpy pairwise
// summation). The first failing column's error is returned unchanged.
//
// Result type: numpy float64.
func MCRMSE(yTrue, yPred [][]float64) (float64, error) {
	if len(yTrue) != len(yPred) || len(yTrue) == 0 {
		return math.NaN(), errors.New("need the same, non-zero number of y_true and y_pred columns")
	}
	scores := make([]float64, len(yTrue))
	for c := range yTrue {
		s, err := RMSE(yTrue[c], yPred[c])
		if err != nil {
			return math.NaN(), err
		}
		scores[c] = s
	}
	return Mean(scores), nil
}

// R2 is sklearn.metrics.r2_score(y_true, y_pred) of scikit-learn 1.5 for
// 1-D input (no sample weights, force_finite=True):
//
//	num = Σ (y_true − y_pred)²,  den = Σ (y_true − mean(y_true))²
//
// (numpy pairwise sums, mean = np.average). The score is 1 − num/den; when
// num == 0 it is 1.0 (even if den == 0), and when only den == 0 it is 0.0.
// Fewer than two samples give NaN without error (sklearn warns
// UndefinedMetricWarning). Errors as for [MSE].
//
// Result type: Python float (scikit-learn 1.5 returns float(...)).
func R2(yTrue, yPred []float64) (float64, error) {
	if err := checkRegTargets(yTrue, yPred); err != nil {
		return math.NaN(), err
	}
	if len(yPred) < 2 {
		return math.NaN(), nil
	}
	sq := make([]float64, len(yTrue))
	for i := range yTrue {
		d := yTrue[i] - yPred[i]
		sq[i] = float64(d * d)
	}
	num := Sum(sq)
	mean := Mean(yTrue)
	for i := range yTrue {
		d := yTrue[i] - mean
		sq[i] = float64(d * d)
	}
	den := Sum(sq)
	switch {
	case num == 0:
		return 1, nil
	case den == 0:
		return 0, nil
	}
	return 1 - num/den, nil
}
