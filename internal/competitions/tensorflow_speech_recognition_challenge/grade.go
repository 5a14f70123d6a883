package tensorflow_speech_recognition_challenge

import (
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the original's prepare_for_accuracy_metric (id "fname", target
// "label") followed by scikit-learn's accuracy_score, a Python float.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	nan := competition.Float(math.NaN())
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, answers, "label", "fname")
	if err != nil {
		return nan, err
	}
	v, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return nan, err
	}
	return competition.Float(v), nil
}
