package vinbigdata_chest_xray_abnormalities_detection

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the original's grade.py: the column and image-set checks, the
// PredictionString parse, then COCOeval's stats[0] at IoU 0.4.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	need := append([]string{"image_id", "class_id"}, boxColumns...)
	for _, c := range need {
		if !answers.Has(c) {
			return competition.Score{}, fmt.Errorf("answers: no column %s", c)
		}
	}
	for _, c := range boxColumns {
		col, _ := answers.Col(c)
		if col.HasNull() || !col.Numeric() {
			return competition.Score{}, fmt.Errorf("answers: column %s must be numbers without NaN", c)
		}
	}
	subPS, ok := sub.Col("PredictionString")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the PredictionString column")
	}
	subImg, ok := sub.Col("image_id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the image_id column")
	}
	ansImg, _ := answers.Col("image_id")
	if !sameSet(subImg, ansImg) {
		return competition.Score{}, competition.Invalid("Submission image_ids do not match the answers' image_ids")
	}

	// COCO images: the answers' unique ids in file order.
	imgIndex := map[string]int{}
	for i := 0; i < ansImg.Len(); i++ {
		if _, ok := imgIndex[ansImg.Str(i)]; !ok {
			imgIndex[ansImg.Str(i)] = len(imgIndex)
		}
	}
	var dts []annotation
	for i := 0; i < sub.Len(); i++ {
		groups, err := parse(subPS, i)
		if err != nil {
			return competition.Score{}, competition.Invalid("image %s: %v", subImg.Str(i), err)
		}
		for _, g := range groups {
			if g[0] != g[0] || math.IsInf(g[0], 0) || math.Abs(g[0]) >= 1<<63 {
				return competition.Score{}, competition.Invalid("image %s: cannot convert class %v to an integer", subImg.Str(i), g[0])
			}
			dts = append(dts, annotation{
				id: len(dts), image: imgIndex[subImg.Str(i)], cat: int64(g[0]), score: g[1],
				bbox: [4]float64{g[2], g[3], g[4], g[5]}, area: (g[4] - g[2]) * (g[5] - g[3]),
			})
		}
	}
	cls, _ := answers.Col("class_id")
	box := make([]*table.Column, 4)
	for k, name := range boxColumns {
		box[k], _ = answers.Col(name)
	}
	var gts []annotation
	catSet := map[int64]bool{}
	// GT annotations: images in order, rows of an image in file order.
	rowsOf := make([][]int, len(imgIndex))
	for i := 0; i < answers.Len(); i++ {
		k := imgIndex[ansImg.Str(i)]
		rowsOf[k] = append(rowsOf[k], i)
	}
	for img, rows := range rowsOf {
		for _, i := range rows {
			c, ok := cls.Float(i)
			if !ok || c != math.Trunc(c) {
				return competition.Score{}, fmt.Errorf("answers: class_id %q is not an integer", cls.Str(i))
			}
			var b [4]float64
			for k := range b {
				b[k], _ = box[k].Float(i)
			}
			gts = append(gts, annotation{id: len(gts), image: img, cat: int64(c), bbox: b, area: (b[2] - b[0]) * (b[3] - b[1])})
			catSet[int64(c)] = true
		}
	}
	cats := make([]int64, 0, len(catSet))
	for c := range catSet {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	return competition.Numpy(cocoStats0(gts, dts, len(imgIndex), cats)), nil
}

// sameSet is set(submission.image_id) == set(answers.image_id); a NaN
// id never equals an answer id.
func sameSet(sub, ans *table.Column) bool {
	build := func(c *table.Column) (map[pandas.SetKey]bool, bool) {
		m := map[pandas.SetKey]bool{}
		for i := 0; i < c.Len(); i++ {
			k, ok := pandas.SetKeyOf(c, i)
			if !ok {
				return nil, false
			}
			m[k] = true
		}
		return m, true
	}
	a, ok1 := build(sub)
	b, ok2 := build(ans)
	if !ok1 || !ok2 || len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// parse splits a PredictionString on single spaces, float()s every token
// and groups them by 6.
func parse(c *table.Column, i int) ([][6]float64, error) {
	if c.IsNull(i) {
		return nil, fmt.Errorf("'float' object has no attribute 'split'")
	}
	if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return nil, fmt.Errorf("%q is not a string", c.Str(i))
	}
	tokens := strings.Split(c.Str(i), " ")
	if len(tokens)%6 != 0 {
		return nil, fmt.Errorf("cannot reshape %d values into groups of 6", len(tokens))
	}
	out := make([][6]float64, len(tokens)/6)
	for k, tok := range tokens {
		v, ok := pandas.ParsePyFloat(tok)
		if !ok {
			return nil, fmt.Errorf("could not convert string to float: %q", tok)
		}
		out[k/6][k%6] = v
	}
	return out, nil
}
