package kuzushiji_recognition

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is Kaggle's kuzushiji F1 (spec "Grade"), a Python float.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, but expected %d rows.", sub.Len(), ans.Len())
	}
	if !sub.Has("image_id", "labels") {
		return competition.Score{}, competition.Invalid("Submission must have columns 'image_id' and 'labels'.")
	}
	if !ans.Has("image_id", "labels") {
		return competition.Score{}, fmt.Errorf("answers: KeyError: need image_id and labels")
	}
	subIDs, _ := sub.Col("image_id")
	ansIDs, _ := ans.Col("image_id")
	if err := pandas.SortErrors(subIDs, ansIDs); err != nil {
		return competition.Score{}, err
	}
	subOrder, ansOrder := pandas.SortIndex(subIDs), pandas.SortIndex(ansIDs)
	for k := range subOrder {
		if !pandas.CellsEqual(subIDs, subOrder[k], ansIDs, ansOrder[k]) {
			return competition.Score{}, competition.Invalid("Submission image_id codes don't match solution.")
		}
	}
	subLabels, _ := sub.Col("labels")
	ansLabels, _ := ans.Col("labels")
	preds := make([]page, len(subOrder))
	for k, i := range subOrder {
		p, err := parsePrediction(subLabels, i)
		if err != nil {
			return competition.Score{}, err
		}
		preds[k] = p
	}
	var tp, fp, fn int64
	for k, i := range ansOrder {
		t, f, n, err := scorePage(preds[k], ansLabels, i)
		if err != nil {
			return competition.Score{}, err
		}
		tp, fp, fn = tp+t, fp+f, fn+n
	}
	if tp+fp == 0 || tp+fn == 0 {
		return competition.Float(0), nil
	}
	precision := float64(tp) / float64(tp+fp)
	recall := float64(tp) / float64(tp+fn)
	if precision > 0 && recall > 0 {
		return competition.Float(2 * precision * recall / (precision + recall)), nil
	}
	return competition.Float(0), nil
}

// page is one submission cell: missing (NaN), or its single-space tokens
// with the parsed coordinates of each (label, x, y) triple.
type page struct {
	missing bool
	tokens  []string
	labels  []string
	x, y    []float64
}

// parsePrediction is the grader's format check of one labels cell: a
// token count (split on " ") that is not a multiple of 3 is invalid; every
// X, then every Y token must pass Python's float() (else ValueError); a
// cell that is not text has no split (AttributeError).
func parsePrediction(c *table.Column, i int) (page, error) {
	if c.IsNull(i) || (c.Kind == table.Float64 && math.IsNaN(c.Floats[i])) {
		return page{missing: true}, nil
	}
	if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return page{}, fmt.Errorf("AttributeError: '%s' object has no attribute 'split' (labels %s)", pyType(c, i), c.Str(i))
	}
	s := c.Text[i]
	tok := strings.Split(s, " ")
	if len(tok)%3 != 0 {
		return page{}, competition.Invalid("Malformed prediction string: %s", s)
	}
	p := page{tokens: tok}
	n := len(tok) / 3
	p.labels, p.x, p.y = make([]string, n), make([]float64, n), make([]float64, n)
	for _, off := range []int{1, 2} {
		for j := range n {
			v, ok := pandas.ParsePyFloat(tok[3*j+off])
			if !ok {
				return page{}, fmt.Errorf("ValueError: could not convert string to float: '%s'", tok[3*j+off])
			}
			if off == 1 {
				p.x[j] = v
			} else {
				p.y[j] = v
			}
		}
	}
	for j := range n {
		p.labels[j] = tok[3*j]
	}
	return p, nil
}

func pyType(c *table.Column, i int) string {
	k := c.Kind
	if c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return "int"
	case table.Bool, table.BoolObject:
		return "bool"
	}
	return "float"
}

// scorePage is the metric's score_page: true and false positives and false
// negatives of one page.
func scorePage(p page, ans *table.Column, i int) (tp, fp, fn int64, err error) {
	truthMissing := ans.IsNull(i)
	switch {
	case truthMissing && p.missing:
		return 0, 0, 0, nil
	case truthMissing:
		return 0, int64(len(p.tokens) / 3), 0, nil
	}
	if ans.Kind != table.String || (ans.Mixed != nil && ans.Mixed[i] != table.String) {
		return 0, 0, 0, fmt.Errorf("answers: labels of row %d are not text", i)
	}
	truth := strings.Split(ans.Text[i], " ")
	if p.missing {
		return 0, 0, int64(len(truth) / 5), nil
	}
	if len(truth)%5 != 0 {
		return 0, 0, 0, fmt.Errorf("ValueError: Malformed solution string")
	}
	unused := make([]bool, len(p.labels))
	for j := range unused {
		unused[j] = true
	}
	nums := make([]float64, len(truth))
	for k, tk := range truth {
		if k%5 == 0 {
			continue
		}
		v, ok := pandas.ParsePyFloat(tk)
		if !ok {
			return 0, 0, 0, fmt.Errorf("ValueError: could not convert string to float: '%s' (answers)", tk)
		}
		nums[k] = v
	}
	for b := 0; b < len(truth); b += 5 {
		label := truth[b]
		xmin, ymin := nums[b+1], nums[b+2]
		xmax, ymax := xmin+nums[b+3], ymin+nums[b+4]
		match := -1
		for j := range p.labels {
			if unused[j] && xmin < p.x[j] && xmax > p.x[j] && ymin < p.y[j] && ymax > p.y[j] && p.labels[j] == label {
				match = j
				break
			}
		}
		if match < 0 {
			fn++
			continue
		}
		tp++
		unused[match] = false
	}
	for _, u := range unused {
		if u {
			fp++
		}
	}
	return tp, fp, fn, nil
}
