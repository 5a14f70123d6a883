package hubmap_kidney_segmentation

import (
	"fmt"
	"math"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the mean Dice coefficient over the test images (spec "Grade"),
// a NumPy float64.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the 'id' column")
	}
	if !sub.Has("predicted") {
		return competition.Score{}, competition.Invalid("Submission is missing the 'predicted' column")
	}
	for _, c := range []string{"id", "encoding", "width_pixels", "height_pixels"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("assertion failed: Answers is missing the '%s' column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows while answers has %d rows", sub.Len(), ans.Len())
	}
	subIDs, _ := sub.Col("id")
	ansIDs, _ := ans.Col("id")
	if !pandas.SameSet(subIDs, ansIDs) {
		return competition.Score{}, competition.Invalid("Submission and answers have different id values")
	}
	if err := pandas.SortErrors(subIDs, ansIDs); err != nil {
		return competition.Score{}, err
	}
	subOrder, ansOrder := pandas.SortIndex(subIDs), pandas.SortIndex(ansIDs)

	predicted, _ := sub.Col("predicted")
	encoding, _ := ans.Col("encoding")
	widths, _ := ans.Col("width_pixels")
	heights, _ := ans.Col("height_pixels")
	n := ans.Len()
	hs, ws := make([]pyValue, n), make([]pyValue, n)
	for k, i := range ansOrder {
		hs[k], ws[k] = cell(heights, i), cell(widths, i)
	}
	decode := func(v pyValue, k int) (rle.Mask, error) {
		if !v.str {
			return rle.Mask{}, fmt.Errorf("assertion failed: Expected a string, but got %s", v.describe())
		}
		h, err := pyInt(hs[k])
		if err != nil {
			return rle.Mask{}, err
		}
		w, err := pyInt(ws[k])
		if err != nil {
			return rle.Mask{}, err
		}
		return rle.Decode(v.s, h, w)
	}
	preds := make([]rle.Mask, n)
	for k, i := range subOrder {
		v := cell(predicted, i)
		if v.missing {
			v = pyValue{str: true} // fillna("")
		}
		m, err := decode(v, k)
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the predicted RLE of row %d: %w", k, err)
		}
		preds[k] = m
	}
	dice := make([]float64, n)
	for k, i := range ansOrder {
		truth, err := decode(cell(encoding, i), k)
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the true RLE of row %d: %w", k, err)
		}
		sum := preds[k].Count() + truth.Count()
		if sum == 0 {
			dice[k] = 1.0
			continue
		}
		dice[k] = float64(2*rle.Intersection(preds[k], truth)) / float64(sum)
	}
	return competition.Numpy(metric.Mean(dice)), nil
}

// pyValue is a cell as the Python object pandas holds: a str, a number
// (int or float) or a bool, or missing (NaN).
type pyValue struct {
	missing bool
	str     bool
	s       string
	kind    table.Kind // Int64, Float64 or Bool for a non-text value
	i       int64
	f       float64
}

func cell(c *table.Column, i int) pyValue {
	if c.IsNull(i) {
		return pyValue{missing: true}
	}
	k := c.Kind
	if c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return pyValue{kind: table.Int64, i: c.Ints[i]}
	case table.Float64:
		if math.IsNaN(c.Floats[i]) {
			return pyValue{missing: true}
		}
		return pyValue{kind: table.Float64, f: c.Floats[i]}
	case table.Bool, table.BoolObject:
		v := pyValue{kind: table.Bool}
		if c.Bools[i] {
			v.i = 1
		}
		return v
	}
	return pyValue{str: true, s: c.Text[i]}
}

// describe is the decoder's assertion text for a non-str value.
func (v pyValue) describe() string {
	switch {
	case v.missing:
		return "<class 'float'>: nan"
	case v.kind == table.Int64:
		return "<class 'int'>: " + strconv.FormatInt(v.i, 10)
	case v.kind == table.Bool:
		return "<class 'bool'>: " + map[bool]string{true: "True", false: "False"}[v.i == 1]
	}
	return "<class 'float'>: " + pyfloat.Repr(v.f)
}

// pyInt is a height or width that passes isinstance(x, int): a Python int
// or bool.
func pyInt(v pyValue) (int64, error) {
	if v.missing || v.str || v.kind == table.Float64 {
		desc := "<class 'str'>: " + v.s
		if !v.str {
			desc = v.describe()
		}
		return 0, fmt.Errorf("assertion failed: Expected an integer, but got %s", desc)
	}
	return v.i, nil
}
