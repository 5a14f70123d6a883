package h_and_m_personalized_fashion_recommendations

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is MAP@12 over the customers of the answers (numpy float64).
func Grade(submission, answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	if !sameColumnSet(answers.Names()) {
		return nan, errors.New("answers must have exactly the columns customer_id and prediction")
	}
	if !sameColumnSet(submission.Names()) {
		return nan, competition.Invalid("Submission must have exactly the columns customer_id and prediction, got %v", submission.Names())
	}
	ansID, _ := answers.Col("customer_id")
	ansPred, _ := answers.Col("prediction")
	subID, _ := submission.Col("customer_id")
	subPred, _ := submission.Col("prediction")

	wanted := make(map[string]bool, ansID.Len())
	for i := 0; i < ansID.Len(); i++ {
		if k, ok := key(ansID, i); ok {
			wanted[k] = true
		}
	}
	have := make(map[string]bool, len(wanted))
	var rows []int // submission rows whose customer is in the answers
	for i := 0; i < subID.Len(); i++ {
		if k, ok := key(subID, i); ok && wanted[k] {
			have[k] = true
			rows = append(rows, i)
		}
	}
	if len(have) != len(wanted) {
		return nan, competition.Invalid("Submission is missing %d of the %d customers in the answers", len(wanted)-len(have), len(wanted))
	}
	subOrder, err := sortByID(subID, rows)
	if err != nil {
		return nan, err
	}
	all := make([]int, ansID.Len())
	for i := range all {
		all[i] = i
	}
	ansOrder, err := sortByID(ansID, all)
	if err != nil {
		return nan, err
	}
	n := min(len(ansOrder), len(subOrder))
	actual := make([][]string, n)
	predicted := make([][]string, n)
	for k := 0; k < n; k++ {
		actual[k] = strings.Split(ansPred.Str(ansOrder[k]), " ")
		predicted[k] = strings.Split(subPred.Str(subOrder[k]), " ")
	}
	v, err := metric.MeanAveragePrecisionAtK(actual, predicted, 12)
	if err != nil {
		return nan, err
	}
	return competition.Numpy(v), nil
}

func sameColumnSet(names []string) bool {
	s := slices.Clone(names)
	slices.Sort(s)
	s = slices.Compact(s)
	return slices.Equal(s, []string{"customer_id", "prediction"})
}

// key identifies a cell's Python value for set membership: text by its
// content, numbers by value (1 == 1.0 == True); missing cells match
// nothing.
func key(c *table.Column, i int) (string, bool) {
	if c.IsNull(i) {
		return "", false
	}
	kind := c.Kind
	if kind == table.String && c.Mixed != nil {
		kind = c.Mixed[i]
	}
	switch kind {
	case table.String:
		return "s" + c.Text[i], true
	case table.Int64:
		return "n" + strconv.FormatInt(c.Ints[i], 10), true
	case table.Float64:
		if f := c.Floats[i]; f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			return "n" + strconv.FormatInt(int64(f), 10), true
		}
		return "n" + strconv.FormatFloat(c.Floats[i], 'g', -1, 64), true
	}
	if c.Bools[i] {
		return "n1", true
	}
	return "n0", true
}

// sortByID orders rows by their customer id as sort_values does (every
// row's id is in the answers, so all are text). Equal ids keep their order.
func sortByID(c *table.Column, rows []int) ([]int, error) {
	out := slices.Clone(rows)
	for _, i := range out {
		if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) || c.IsNull(i) {
			return nil, errors.New("sorting customer_id: '<' not supported between instances of 'str' and a number")
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return strings.Compare(c.Text[a], c.Text[b]) })
	return out, nil
}
