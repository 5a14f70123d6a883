package osic_pulmonary_fibrosis_progression

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func numericDtype(c *table.Column) bool {
	return c.Mixed == nil && (c.Kind == table.Int64 || c.Kind == table.Float64 || c.Kind == table.Bool)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, name := range []string{"Patient_Week", "FVC", "Confidence"} {
		if !sub.Has(name) {
			return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", name)
		}
	}
	if !ans.Has("Patient", "Patient_Week", "FVC") {
		return competition.Score{}, fmt.Errorf("answers must have Patient, Patient_Week and FVC columns")
	}
	subPW, _ := sub.Col("Patient_Week")
	subFVC, _ := sub.Col("FVC")
	subConf, _ := sub.Col("Confidence")
	ansPW, _ := ans.Col("Patient_Week")
	ansPatient, _ := ans.Col("Patient")
	ansFVC, _ := ans.Col("FVC")
	known := map[pandas.SetKey]bool{}
	for i := 0; i < ansPW.Len(); i++ {
		if k, ok := pandas.SetKeyOf(ansPW, i); ok {
			known[k] = true
		}
	}
	for i := 0; i < subPW.Len(); i++ {
		if k, ok := pandas.SetKeyOf(subPW, i); !ok || !known[k] {
			return competition.Score{}, competition.Invalid("Submission contains Patient_Week values not in the answers (%s)", subPW.Str(i))
		}
	}
	if !numericDtype(subFVC) {
		return competition.Score{}, competition.Invalid("FVC column must be numeric")
	}
	if !numericDtype(subConf) {
		return competition.Score{}, competition.Invalid("Confidence column must be numeric")
	}

	// Scored answer rows: the 3 latest measured weeks per patient.
	type row struct {
		i    int
		week int64
	}
	byPatient := map[string][]row{}
	var order []string
	for i := 0; i < ans.Len(); i++ {
		if ansFVC.IsNull(i) {
			continue
		}
		s := ansPW.Str(i)
		w, ok := pandas.PyInt(s[strings.LastIndex(s, "_")+1:])
		if !ok {
			return competition.Score{}, fmt.Errorf("answers Patient_Week %q: invalid literal for int()", s)
		}
		p := ansPatient.Str(i)
		if ansPatient.IsNull(i) {
			continue
		}
		if _, ok := byPatient[p]; !ok {
			order = append(order, p)
		}
		byPatient[p] = append(byPatient[p], row{i, w})
	}
	selected := map[string]int{} // Patient_Week → answers row
	for _, p := range order {
		rows := byPatient[p]
		sort.SliceStable(rows, func(a, b int) bool { return rows[a].week < rows[b].week })
		for _, r := range rows[max(0, len(rows)-3):] {
			selected[ansPW.Str(r.i)] = r.i
		}
	}
	var subRows []int
	present := map[string]bool{}
	for i := 0; i < subPW.Len(); i++ {
		if _, ok := selected[subPW.Str(i)]; ok && subPW.Kind == table.String {
			subRows = append(subRows, i)
			present[subPW.Str(i)] = true
		}
	}
	sort.SliceStable(subRows, func(a, b int) bool { return subPW.Str(subRows[a]) < subPW.Str(subRows[b]) })
	var trueKeys []string
	for k := range present {
		trueKeys = append(trueKeys, k)
	}
	slices.Sort(trueKeys)
	yTrue := make([]float64, len(trueKeys))
	for k, pw := range trueKeys {
		yTrue[k], _ = ansFVC.Float(selected[pw])
	}
	pred, err := pandas.Floats(subFVC.Take(subRows))
	if err != nil {
		return competition.Score{}, err
	}
	conf, err := pandas.Floats(subConf.Take(subRows))
	if err != nil {
		return competition.Score{}, err
	}
	n := len(pred)
	if len(yTrue) != n && len(yTrue) != 1 {
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", len(yTrue), n)
	}
	vals := make([]float64, n)
	for k := range vals {
		t := yTrue[0]
		if len(yTrue) == n {
			t = yTrue[k]
		}
		c := conf[k]
		if math.IsNaN(c) {
			c = 0
		}
		sigma := math.Max(c, 70)
		delta := math.Min(math.Abs(t-pred[k]), 1000)
		if math.IsNaN(pred[k]) {
			delta = math.NaN()
		}
		vals[k] = -(math.Sqrt2*delta)/sigma - math.Log(math.Sqrt2*sigma)
	}
	return competition.Numpy(metric.Mean(vals)), nil
}
