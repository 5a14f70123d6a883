package freesound_audio_tagging_2019

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

// Grade checks the submission as the original does (row count, fname
// column, the 80 class columns, the same fnames, numeric scores) and returns
// lwlrap as a numpy float64.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	if sub.Len() != answers.Len() {
		return nan, competition.Invalid("Submission should have %d rows, but has %d rows.", answers.Len(), sub.Len())
	}
	names := sub.Names()
	if len(names) == 0 || names[0] != "fname" {
		return nan, competition.Invalid("The first column of the submission should be 'fname'.")
	}
	if len(names)-1 != len(classes) {
		// pandas' element-wise == of Index objects of different lengths.
		return nan, fmt.Errorf("comparing the submission's %d class columns with the %d class names: lengths must match", len(names)-1, len(classes))
	}
	if !slices.Equal(names[1:], classes) {
		return nan, competition.Invalid("The submission's columns after 'fname' should be the %d class names, in order.", len(classes))
	}
	subIDs, _ := sub.Col("fname")
	ansIDs, ok := answers.Col("fname")
	if !ok {
		return nan, errors.New("answers have no fname column")
	}
	if err := pandas.SortErrors(subIDs, ansIDs); err != nil {
		return nan, err
	}
	subOrder, ansOrder, match := submission.AlignByID(subIDs, ansIDs)
	if !match {
		return nan, competition.Invalid("The submission's fnames do not match the answers' fnames.")
	}

	// pd.to_numeric on each class column, then the values as numpy sees
	// them (one float64 matrix, or a bool one when every column is bool).
	scores := make([][]float64, len(classes))
	allBool := true
	for k, name := range classes {
		c, _ := sub.Col(name)
		v, err := toNumeric(c)
		if err != nil {
			return nan, competition.Invalid("The submission's %s column is not numeric: %v", name, err)
		}
		if c.Kind != table.Bool {
			allBool = false
		}
		scores[k] = v
	}
	truth := make([][]float64, len(classes))
	for k, name := range classes {
		c, ok := answers.Col(name)
		if !ok {
			return nan, fmt.Errorf("answers have no %s column", name)
		}
		v, err := toNumeric(c)
		if err != nil {
			return nan, fmt.Errorf("answers' %s column: %w", name, err)
		}
		truth[k] = v
	}

	// Clips without labels have weight 0 and are dropped first.
	n := answers.Len()
	var rows []int
	var weights []float64
	for r := 0; r < n; r++ {
		w := 0
		for k := range classes {
			if truth[k][ansOrder[r]] > 0 {
				w++
			}
		}
		if w > 0 {
			rows = append(rows, r)
			weights = append(weights, float64(w))
		}
	}
	if len(rows) == 0 {
		return nan, fmt.Errorf("Found array with 0 sample(s) (shape=(0, %d)) while a minimum of 1 is required.", len(classes))
	}
	yTrue := make([][]bool, len(classes))
	yScore := make([][]float64, len(classes))
	for k := range classes {
		yTrue[k] = make([]bool, len(rows))
		yScore[k] = make([]float64, len(rows))
		for i, r := range rows {
			yTrue[k][i] = truth[k][ansOrder[r]] > 0
			yScore[k][i] = scores[k][subOrder[r]]
		}
	}
	if allBool {
		// A bool matrix passes scikit-learn's checks, then y_score = -y_score fails.
		return nan, errors.New("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.")
	}
	v, err := metric.LabelRankingAveragePrecision(yTrue, yScore, weights)
	if err != nil {
		return nan, err
	}
	return competition.Numpy(v), nil
}

// toNumeric is pd.to_numeric on a column followed by numpy's conversion to
// float64: numbers and booleans as they are (missing cells NaN), text cells
// as pandas' number grammar reads them; any other text is an error.
func toNumeric(c *table.Column) ([]float64, error) {
	if pandas.HasText(c) {
		for i := 0; i < c.Len(); i++ {
			if !c.IsNull(i) && (c.Mixed == nil || c.Mixed[i] == table.String) && !pandas.ToNumericOK(c.Text[i]) {
				return nil, fmt.Errorf("Unable to parse string %q at position %d", c.Text[i], i)
			}
		}
	}
	return pandas.Floats(c)
}
