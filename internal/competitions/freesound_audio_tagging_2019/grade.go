package freesound_audio_tagging_2019

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade checks the submission as the original does (row count, fname
// column, the 80 class columns, the same fnames, numeric scores) and returns
// lwlrap as a numpy float64.
func Grade(submission, answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	if submission.Len() != answers.Len() {
		return nan, competition.Invalid("Submission should have %d rows, but has %d rows.", answers.Len(), submission.Len())
	}
	names := submission.Names()
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
	subIDs, _ := submission.Col("fname")
	ansIDs, ok := answers.Col("fname")
	if !ok {
		return nan, errors.New("answers have no fname column")
	}
	subOrder, err := sortOrder(subIDs)
	if err != nil {
		return nan, err
	}
	ansOrder, err := sortOrder(ansIDs)
	if err != nil {
		return nan, err
	}
	for r := range subOrder {
		if !sameCell(subIDs, subOrder[r], ansIDs, ansOrder[r]) {
			return nan, competition.Invalid("The submission's fnames do not match the answers' fnames.")
		}
	}

	// pd.to_numeric on each class column, then the values as numpy sees
	// them (one float64 matrix, or a bool one when every column is bool).
	scores := make([][]float64, len(classes))
	allBool := true
	for k, name := range classes {
		c, _ := submission.Col(name)
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

// sortOrder is the row order of sort_values("fname"): text in code-point
// order with missing cells last, numbers by value. A column mixing text and
// numbers cannot be sorted (TypeError).
func sortOrder(c *table.Column) ([]int, error) {
	n := c.Len()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if c.Mixed != nil {
		text, num := false, false
		for i := 0; i < n; i++ {
			if c.IsNull(i) {
				continue
			}
			if c.Mixed[i] == table.String {
				text = true
			} else {
				num = true
			}
		}
		if text && num {
			return nil, errors.New("'<' not supported between instances of 'str' and 'int'")
		}
	}
	key := func(i int) (float64, bool) {
		if c.Mixed != nil && c.Mixed[i] != table.String {
			switch c.Mixed[i] {
			case table.Int64:
				return float64(c.Ints[i]), true
			case table.Float64:
				return c.Floats[i], true
			case table.Bool:
				if c.Bools[i] {
					return 1, true
				}
				return 0, true
			}
		}
		return c.Float(i)
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		na, nb := c.IsNull(a), c.IsNull(b)
		switch {
		case na || nb:
			return boolCmp(na, nb)
		}
		if fa, ok := key(a); ok {
			fb, _ := key(b)
			switch {
			case fa < fb:
				return -1
			case fa > fb:
				return 1
			}
			return 0
		}
		return strings.Compare(c.Text[a], c.Text[b])
	})
	return idx, nil
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// sameCell is pandas' == between cell i of a and cell j of b: missing cells
// equal nothing, text equals only identical text, numbers compare by value.
func sameCell(a *table.Column, i int, b *table.Column, j int) bool {
	if a.IsNull(i) || b.IsNull(j) {
		return false
	}
	at := a.Kind == table.String && (a.Mixed == nil || a.Mixed[i] == table.String)
	bt := b.Kind == table.String && (b.Mixed == nil || b.Mixed[j] == table.String)
	if at || bt {
		return at && bt && a.Text[i] == b.Text[j]
	}
	x, _ := a.Float(i)
	y, _ := b.Float(j)
	return x == y
}

// toNumeric is pd.to_numeric on a column followed by numpy's conversion to
// float64: numbers and booleans as they are (missing cells NaN), text cells
// parsed by pandas' number grammar; any other text is an error.
func toNumeric(c *table.Column) ([]float64, error) {
	n := c.Len()
	out := make([]float64, n)
	for i := 0; i < n; i++ {
		if c.IsNull(i) {
			out[i] = math.NaN()
			continue
		}
		if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
			if c.Mixed != nil {
				switch c.Mixed[i] {
				case table.Int64:
					out[i] = float64(c.Ints[i])
				case table.Float64:
					out[i] = c.Floats[i]
				case table.Bool:
					out[i] = b2f(c.Bools[i])
				}
				continue
			}
			out[i], _ = c.Float(i)
			continue
		}
		v, ok := parseNumeric(c.Text[i])
		if !ok {
			return nil, fmt.Errorf("Unable to parse string %q at position %d", c.Text[i], i)
		}
		out[i] = v
	}
	return out, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// parseNumeric is the text pandas.to_numeric accepts: optional ASCII
// whitespace around an optionally signed decimal number (digits with an
// optional point and an optional exponent), or inf/infinity with an optional
// sign in any letter case. Unlike Python's float(): no nan, no underscores.
// A number beyond the float64 range is refused.
func parseNumeric(s string) (float64, bool) {
	t := strings.Trim(s, " \t\n\v\f\r")
	switch strings.ToLower(t) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	}
	i, digits := 0, 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	for ; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
		digits++
	}
	if i < len(t) && t[i] == '.' {
		for i++; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return 0, false
		}
	}
	if i != len(t) {
		return 0, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
