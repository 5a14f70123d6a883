package paddy_disease_classification

import (
	"fmt"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("image_id")
	ansLabel, ok2 := ans.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns image_id and label")
	}
	for _, c := range ans.Columns() {
		if c.HasNull() {
			return competition.Score{}, fmt.Errorf("answers have missing values in column %s", c.Name)
		}
	}
	subID, ok1 := sub.Col("image_id")
	subLabel, ok2 := sub.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission must contain columns 'image_id' and 'label'.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers have different image_id values.")
	}
	acc, err := metric.Accuracy(pandas.Labels(ansLabel.Take(ansIdx)), predLabels(subLabel.Take(subIdx)))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// predLabels is np.asarray(column.fillna("").tolist()): a column with a
// missing cell, or an object column holding some str, becomes a numpy str
// array (each number by str(): ints in decimal, floats by repr, bools
// True/False; NaN as ""); a NaN-free numeric column stays numeric.
func predLabels(c *table.Column) metric.Labels {
	n := c.Len()
	hasStr := false
	if c.Kind == table.String || c.Kind == table.BoolObject {
		for i := range n {
			if v, ok := pandas.PyValueOf(c, i); ok && v.Kind() == table.String {
				hasStr = true
				break
			}
		}
	}
	if !c.HasNull() && !hasStr {
		return pandas.Labels(c)
	}
	out := make([]string, n)
	for i := range out {
		v, ok := pandas.PyValueOf(c, i)
		switch {
		case !ok:
			out[i] = ""
		case v.Kind() == table.String:
			out[i] = v.Text()
		case v.Kind() == table.Int64:
			out[i] = strconv.FormatInt(v.Int(), 10)
		case v.Kind() == table.Bool:
			out[i] = "False"
			if v.Int() != 0 {
				out[i] = "True"
			}
		default:
			out[i] = pyfloat.Repr(v.Float64())
		}
	}
	return metric.StrLabels(out)
}
