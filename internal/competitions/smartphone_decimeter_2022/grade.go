package smartphone_decimeter_2022

import (
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/crmath"
	"math"
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the original's grade.py with the notebook's calc_score.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{tripID, millis, lat, lon} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers must have a %q column", c)
		}
	}
	for _, c := range []string{tripID, millis, lat, lon} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission DataFrame must have a '%s' column.", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers DataFrames must have the same number of rows.")
	}
	st, _ := sub.Col(tripID)
	at, _ := ans.Col(tripID)
	subRows := groupRows(st)
	ansRows := groupRows(at)
	var scores []float64
	seen := map[tripKey]bool{}
	for i := 0; i < at.Len(); i++ {
		k := keyOf(at, i)
		if seen[k] {
			continue
		}
		seen[k] = true
		s, a := subRows[k], ansRows[k]
		if k.nan { // NaN == NaN is False: no rows on either side
			s, a = nil, nil
		}
		if len(s) != len(a) {
			return competition.Score{}, competition.Invalid(
				"Submission and answers DataFrames must have the same number of rows for each 'tripId'.Got %d rows in the submission and %d rows in the answers for tripId %s.",
				len(s), len(a), at.Str(i))
		}
		score, err := tripScore(sub, ans, s, a)
		if err != nil {
			return competition.Score{}, err
		}
		scores = append(scores, score)
	}
	return competition.Numpy(metric.Mean(scores)), nil
}

// tripKey is a tripId cell as == compares it with the answers' value.
type tripKey struct {
	k   pandas.SetKey
	nan bool
}

func keyOf(c *table.Column, i int) tripKey {
	k, ok := pandas.SetKeyOf(c, i)
	return tripKey{k: k, nan: !ok}
}

// groupRows lists each value's rows in file order.
func groupRows(c *table.Column) map[tripKey][]int {
	m := map[tripKey][]int{}
	for i := 0; i < c.Len(); i++ {
		k := keyOf(c, i)
		if !k.nan {
			m[k] = append(m[k], i)
		}
	}
	return m
}

// radians is np.deg2rad of a coordinate column's rows: numeric columns
// only (numpy cannot apply deg2rad to an object array).
func radians(t *table.Table, name string, rows []int) ([]float64, error) {
	c, _ := t.Col(name)
	switch c.Kind {
	case table.Int64, table.Float64:
	default:
		return nil, fmt.Errorf("loop of ufunc does not support argument 0 of type %s (column %s) which has no callable deg2rad method", c.Kind, name)
	}
	out := make([]float64, len(rows))
	for j, i := range rows {
		v, _ := c.Float(i)
		out[j] = v * degToRad
	}
	return out, nil
}

// degToRad is NPY_PI/180.0 as C computes it: the double π divided by 180.
var degToRad = func() float64 { pi := math.Pi; return pi / 180 }()

// tripScore is calc_score(pred_df, gt_df): the mean of the 50th and 95th
// percentiles of the haversine distances, pred first.
func tripScore(sub, ans *table.Table, subRows, ansRows []int) (float64, error) {
	if len(ansRows) == 0 {
		return 0, errors.New("index -1 is out of bounds for axis 0 with size 0")
	}
	var c [4][]float64
	var err error
	for k, src := range []struct {
		t    *table.Table
		rows []int
		col  string
	}{{sub, subRows, lat}, {sub, subRows, lon}, {ans, ansRows, lat}, {ans, ansRows, lon}} {
		if c[k], err = radians(src.t, src.col, src.rows); err != nil {
			return 0, err
		}
	}
	d := make([]float64, len(ansRows))
	for i := range d {
		d[i] = haversine(c[0][i], c[1][i], c[2][i], c[3][i])
	}
	return float64(quantile(d, 0.5)+quantile(d, 0.95)) / 2, nil
}

// haversine is the notebook's haversine_distance (radians in, metres
// out), evaluated in numpy's order without fused operations, with
// correctly rounded sin, cos and arcsin (package crmath).
func haversine(lat1, lng1, lat2, lng2 float64) float64 {
	dlat := lat2 - lat1
	dlng := lng2 - lng1
	s1 := crmath.Sin(dlat / 2)
	s2 := crmath.Sin(dlng / 2)
	a := float64(s1*s1) + float64(float64(crmath.Cos(lat1)*crmath.Cos(lat2))*float64(s2*s2))
	return 2 * 6_371_000 * crmath.Asin(math.Sqrt(a))
}

// quantile is np.quantile(d, q) with the default 'linear' method: a NaN
// anywhere gives NaN; otherwise the sorted values at floor((n-1)q) and the
// next, combined by numpy's _lerp.
func quantile(d []float64, q float64) float64 {
	s := append([]float64(nil), d...)
	for _, v := range s {
		if math.IsNaN(v) {
			return math.NaN()
		}
	}
	sort.Float64s(s)
	n := len(s)
	h := float64(n-1) * q
	if h >= float64(n-1) {
		return s[n-1]
	}
	lo := int(math.Floor(h))
	a, b := s[lo], s[lo+1]
	t := h - float64(lo)
	diff := b - a
	if t >= 0.5 {
		return b - float64(diff*(1-t))
	}
	return a + float64(diff*t)
}
