package alaska2_image_steganalysis

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade scores a submission (Id, Label) against private/test.csv with the
// weighted AUC, after the spec's checks in order: row count, Id column,
// Label column, sorted Ids equal, Label castable to float, no NaN.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansLabel, ok2 := ans.Col("Label")
	if !ok1 || !ok2 {
		return competition.Score{}, errors.New("answers must have columns Id and Label")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length %d does not match answers length %d", sub.Len(), ans.Len())
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'Id' column")
	}
	subLabel, ok := sub.Col("Label")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'Label' column")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers Ids do not match")
	}
	yScore, err := pandas.Floats(subLabel.Take(subIdx))
	if err != nil {
		return competition.Score{}, competition.Invalid("Submission 'Label' column must be castable to float: %v", err)
	}
	for _, v := range yScore {
		if math.IsNaN(v) {
			return competition.Score{}, competition.Invalid("Submission 'Label' column must not contain NaN values")
		}
	}
	yTrue, err := pandas.Floats(ansLabel.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Label: %w", err)
	}
	s, err := WeightedAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(s), nil
}

// WeightedAUC is the competition's metric: scikit-learn's roc_curve
// (pos_label=1, drop_intermediate=True), the TPR thresholds 0, 0.4 and 1
// inserted where missing, and for the bands [0, 0.4] (weight 2) and
// [0.4, 1] (weight 1) the points inside the band plus (1, y_max), shifted
// down by y_min, integrated with sklearn.metrics.auc (NumPy trapezoids,
// pairwise sum); the weighted sum is divided by 0.4·2 + 0.6·1.
//
// Errors as scikit-learn raises them: NaN or infinite scores, y_true with
// more than two classes, fewer than two samples with both classes (the
// TPR or FPR would be NaN).
func WeightedAUC(yTrue, yScore []float64) (float64, error) {
	fpr, tpr, err := rocCurve(yTrue, yScore)
	if err != nil {
		return math.NaN(), err
	}
	thresholds := []float64{0.0, 0.4, 1.0}
	weights := []float64{2, 1}
	for _, th := range thresholds {
		if slices.Contains(tpr, th) {
			continue
		}
		i := slices.IndexFunc(tpr, func(v float64) bool { return v > th })
		if i <= 0 {
			return math.NaN(), fmt.Errorf("tpr threshold %v cannot be inserted", th)
		}
		x := fpr[i-1] + (fpr[i]-fpr[i-1])*(th-tpr[i-1])/(tpr[i]-tpr[i-1])
		fpr = slices.Insert(fpr, i, x)
		tpr = slices.Insert(tpr, i, th)
	}
	acc := 0.0
	for b, w := range weights {
		lo, hi := thresholds[b], thresholds[b+1]
		var xs, ys []float64
		for k := range tpr {
			if tpr[k] >= lo && tpr[k] <= hi {
				xs = append(xs, fpr[k])
				ys = append(ys, tpr[k])
			}
		}
		if len(xs) == 0 {
			continue
		}
		xs = append(xs, 1)
		ys = append(ys, hi)
		terms := make([]float64, len(xs)-1)
		for k := range terms {
			terms[k] = float64((xs[k+1]-xs[k])*((ys[k+1]-lo)+(ys[k]-lo))) / 2.0
		}
		acc += float64(metric.Sum(terms) * w)
	}
	w0, w1 := weights[0], weights[1]
	lo, mid, hi := thresholds[0], thresholds[1], thresholds[2]
	norm := float64((mid-lo)*w0) + float64((hi-mid)*w1) // np.dot, no fused multiply-add
	return acc / norm, nil
}

// rocCurve is sklearn.metrics.roc_curve(y_true, y_score, pos_label=1)
// without thresholds: one point per distinct score (descending), interior
// collinear points dropped, (0, 0) prepended, normalised by the last
// counts.
func rocCurve(yTrue, yScore []float64) (fpr, tpr []float64, err error) {
	if len(yTrue) != len(yScore) {
		return nil, nil, fmt.Errorf("Found input variables with inconsistent numbers of samples: [%d, %d]", len(yTrue), len(yScore))
	}
	if len(yTrue) == 0 {
		return nil, nil, errors.New("Found array with 0 sample(s) (shape=(0,)) while a minimum of 1 is required.")
	}
	classes := map[float64]bool{}
	for _, v := range yTrue {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, nil, errors.New("Input y_true contains NaN or infinity.")
		}
		classes[v] = true
	}
	if len(classes) > 2 {
		return nil, nil, errors.New("multiclass format is not supported")
	}
	for _, v := range yScore {
		if math.IsNaN(v) {
			return nil, nil, errors.New("Input contains NaN.")
		}
		if math.IsInf(v, 0) {
			return nil, nil, errors.New("Input contains infinity or a value too large for dtype('float64').")
		}
	}
	order := make([]int, len(yScore))
	for i := range order {
		order[i] = i
	}
	// Descending scores; -0.0 ties with 0.0 as np.diff sees them.
	slices.SortStableFunc(order, func(a, b int) int {
		switch x, y := yScore[a], yScore[b]; {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return 0
	})
	var fps, tps []float64
	tp, fp := 0.0, 0.0
	for k, i := range order {
		if yTrue[i] == 1 {
			tp++
		} else {
			fp++
		}
		if k == len(order)-1 || yScore[order[k+1]] != yScore[i] {
			fps = append(fps, fp)
			tps = append(tps, tp)
		}
	}
	if len(fps) > 2 {
		keptF, keptT := []float64{fps[0]}, []float64{tps[0]}
		for k := 1; k < len(fps)-1; k++ {
			if fps[k+1]-2*fps[k]+fps[k-1] != 0 || tps[k+1]-2*tps[k]+tps[k-1] != 0 {
				keptF = append(keptF, fps[k])
				keptT = append(keptT, tps[k])
			}
		}
		fps = append(keptF, fps[len(fps)-1])
		tps = append(keptT, tps[len(tps)-1])
	}
	fps = append([]float64{0}, fps...)
	tps = append([]float64{0}, tps...)
	fLast, tLast := fps[len(fps)-1], tps[len(tps)-1]
	if fLast <= 0 || tLast <= 0 {
		return nil, nil, errors.New("y_true holds a single class: the ROC curve is undefined (NaN)")
	}
	fpr = make([]float64, len(fps))
	tpr = make([]float64, len(tps))
	for k := range fps {
		fpr[k] = fps[k] / fLast
		tpr[k] = tps[k] / tLast
	}
	return fpr, tpr, nil
}
