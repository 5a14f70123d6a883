package metric_test

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/metric"
)

func ExampleROCAUC() {
	yTrue := []float64{0, 0, 1, 1}
	yScore := []float64{0.1, 0.4, 0.35, 0.8}
	auc, err := metric.ROCAUC(yTrue, yScore)
	fmt.Println(auc, err)

	// A single class is sklearn's ValueError.
	_, err = metric.ROCAUC([]float64{1, 1}, []float64{0.2, 0.3})
	fmt.Println(err)
	// Output:
	// 0.75 <nil>
	// Only one class present in y_true. ROC AUC score is not defined in that case.
}

func ExampleAccuracy() {
	// spaceship-titanic: bool answers, a submission read as 0/1 integers.
	acc, err := metric.Accuracy(
		metric.BoolLabels([]bool{true, false, true, true}),
		metric.IntLabels([]int64{1, 0, 0, 1}),
	)
	fmt.Println(acc, err)

	// A missing value makes the column an object array of bools and NaN,
	// which sklearn's type_of_target calls "unknown".
	_, err = metric.Accuracy(
		metric.BoolLabels([]bool{true, false}),
		metric.ObjectLabels([]metric.Value{metric.BoolValue(true), metric.FloatValue(nan())}),
	)
	fmt.Println(err)
	// Output:
	// 0.75 <nil>
	// Classification metrics can't handle a mix of binary and unknown targets
}

func ExampleCohenKappa() {
	// aptos2019: weights are computed on label indices, so the label 7 is
	// at distance 1 from 4 here.
	k, err := metric.CohenKappa(
		metric.IntLabels([]int64{0, 1, 2, 7, 4}),
		metric.IntLabels([]int64{0, 1, 2, 3, 4}),
		metric.KappaQuadratic,
	)
	fmt.Println(k, err)
	// Output:
	// 0.8571428571428572 <nil>
}

func ExampleLogLossIndicator() {
	// Columns are classes: yTrue[k][i] is 1 when row i belongs to class k.
	// The 1.0 is clipped to 1-eps; the value was checked against numpy/scipy.
	yTrue := [][]float64{{1, 0}, {0, 1}}
	yPred := [][]float64{{0.9, 0.0}, {0.1, 1.0}}
	ll, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	fmt.Println(ll, err)
	// Output:
	// 0.05268025782891325 <nil>
}

func nan() float64 {
	var zero float64
	return zero / zero
}
