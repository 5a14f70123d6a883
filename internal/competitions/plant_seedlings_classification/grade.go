package plant_seedlings_classification

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
	ansFile, ok1 := ans.Col("file")
	ansSpecies, ok2 := ans.Col("species")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns file and species")
	}
	subFile, ok := sub.Col("file")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `file` column.")
	}
	subSpecies, ok := sub.Col("species")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `species` column.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subFile, ansFile); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subFile, ansFile)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers have different `file` values.")
	}
	f1, err := metric.F1(listLabels(ansSpecies.Take(ansIdx)), listLabels(subSpecies.Take(subIdx)), metric.AverageMicro, metric.IntValue(1))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// listLabels is np.asarray(column.tolist()) as scikit-learn sees
// it: an object column holding at least one str becomes a numpy str array
// (NaN → "nan", ints in decimal, floats by repr, bools True/False); any
// other column keeps its numeric dtype (NaN stays NaN).
func listLabels(c *table.Column) metric.Labels {
	hasStr := false
	if c.Kind == table.String {
		for i := range c.Len() {
			if v, ok := pandas.PyValueOf(c, i); ok && v.Kind() == table.String {
				hasStr = true
				break
			}
		}
	}
	if !hasStr {
		return pandas.Labels(c)
	}
	out := make([]string, c.Len())
	for i := range out {
		v, ok := pandas.PyValueOf(c, i)
		switch {
		case !ok:
			out[i] = "nan"
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
