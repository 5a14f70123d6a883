package metric

import (
	"math"
	"testing"
)

// TestLogLossIndicatorTargetValues: y_true of a multi-column log loss must
// hold at most two distinct integral values (LabelBinarizer on a
// multilabel-indicator target), -0 and 0 being one value.
func TestLogLossIndicatorTargetValues(t *testing.T) {
	const msg = "Multioutput target data is not supported with label binarization"
	pred := [][]float64{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}
	for _, c := range []struct {
		name  string
		yTrue [][]float64
		err   bool
	}{
		{"0 and 1", [][]float64{{0, 1, 0}, {1, 0, 1}}, false},
		{"-0 and 0 and 1", [][]float64{{math.Copysign(0, -1), 1, 0}, {1, 0, 1}}, false},
		{"one value", [][]float64{{1, 1, 1}, {1, 1, 1}}, false},
		{"three values", [][]float64{{0, 1, 0}, {1, 0, 2}}, true},
		{"three values in one column", [][]float64{{0, 1, 2}, {1, 0, 1}}, true},
		{"non-integral", [][]float64{{0, 1, 0}, {1, 0.5, 1}}, true},
		{"non-integral first", [][]float64{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}, true},
		{"0 and 2", [][]float64{{0, 2, 0}, {2, 0, 2}}, false},
	} {
		_, err := LogLossIndicator(c.yTrue, pred, LogLossOptions{})
		if got := err != nil && err.Error() == msg; got != c.err {
			t.Errorf("%s: error %v, want the label binarization error: %v", c.name, err, c.err)
		}
	}
}
