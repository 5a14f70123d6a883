package siim_covid19_detection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// group is one "label conf xmin ymin xmax ymax" prediction.
type group struct {
	label string
	conf  float64
	box   [4]float64
}

// parse is the grader's PredictionString parser: strip, split on
// whitespace, groups of 6 tokens, tokens 2–6 through float().
func parse(c *table.Column, i int) ([]group, error) {
	if c.IsNull(i) {
		return nil, fmt.Errorf("'float' object has no attribute 'strip'")
	}
	if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return nil, fmt.Errorf("%q is not a string: no attribute 'strip'", c.Str(i))
	}
	tokens := strings.Fields(c.Str(i)) // str.split(): Unicode whitespace runs
	if len(tokens)%6 != 0 {
		return nil, fmt.Errorf("list index out of range: %d tokens in %q", len(tokens), c.Str(i))
	}
	out := make([]group, 0, len(tokens)/6)
	for k := 0; k < len(tokens); k += 6 {
		g := group{label: tokens[k]}
		vals := make([]float64, 5)
		for j := range vals {
			v, ok := pandas.ParsePyFloat(tokens[k+1+j])
			if !ok {
				return nil, fmt.Errorf("could not convert string to float: %q", tokens[k+1+j])
			}
			vals[j] = v
		}
		g.conf = vals[0]
		copy(g.box[:], vals[1:])
		out = append(out, g)
	}
	return out, nil
}

// iou of two corner boxes; 0 when the union is not positive.
func iou(a, b [4]float64) float64 {
	iw := max(0, min(a[2], b[2])-max(a[0], b[0]))
	ih := max(0, min(a[3], b[3])-max(a[1], b[1]))
	inter := iw * ih
	union := (a[2]-a[0])*(a[3]-a[1]) + (b[2]-b[0])*(b[3]-b[1]) - inter
	if union <= 0 {
		return 0
	}
	return inter / union
}

// Grade is the original's grade.py: the id checks, then the mean over the
// answers' classes of the VOC-style average precision.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	if sub.Len() != answers.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), answers.Len())
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	subPS, ok := sub.Col("PredictionString")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the PredictionString column")
	}
	ansID, ok1 := answers.Col("id")
	ansPS, ok2 := answers.Col("PredictionString")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers need columns id and PredictionString")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, competition.Invalid("sorting by id: %v", err)
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers'")
	}
	subRows := make([][]group, len(subIdx))
	ansRows := make([][]group, len(ansIdx))
	for k := range subIdx {
		var err error
		if subRows[k], err = parse(subPS, subIdx[k]); err != nil {
			return competition.Score{}, competition.Invalid("submission row %s: %v", subID.Str(subIdx[k]), err)
		}
		if ansRows[k], err = parse(ansPS, ansIdx[k]); err != nil {
			return competition.Score{}, competition.Invalid("answers row %s: %v", ansID.Str(ansIdx[k]), err)
		}
	}
	score, err := meanAP(subRows, ansRows)
	if err != nil {
		return competition.Score{}, competition.Invalid("%v", err)
	}
	return score, nil
}

// meanAP is the grader's metric over aligned rows.
func meanAP(subRows, ansRows [][]group) (competition.Score, error) {
	classSet := map[string]bool{}
	for _, row := range ansRows {
		for _, g := range row {
			classSet[g.label] = true
		}
	}
	classes := make([]string, 0, len(classSet))
	for c := range classSet {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	if len(ansRows) == 0 || len(classes) == 0 {
		return competition.Float(0), nil
	}
	// Submission groups by confidence, descending and stable.
	sorted := make([][]group, len(subRows))
	for k, row := range subRows {
		sorted[k] = slices.Clone(row)
		slices.SortStableFunc(sorted[k], func(a, b group) int {
			switch {
			case a.conf > b.conf:
				return -1
			case a.conf < b.conf:
				return 1
			}
			return 0
		})
	}
	aps := make([]float64, len(classes))
	for ci, c := range classes {
		var yTrue, scores []float64
		for k := range ansRows {
			var gts [][4]float64
			for _, g := range ansRows[k] {
				if g.label == c {
					gts = append(gts, g.box)
				}
			}
			matched := make([]bool, len(gts))
			pairs := 0
			for _, p := range sorted[k] {
				if p.label != c {
					continue
				}
				best, bestIoU := -1, 0.5
				for j, gt := range gts {
					if matched[j] {
						continue
					}
					if v := iou(p.box, gt); v > bestIoU {
						best, bestIoU = j, v
					}
				}
				if best >= 0 {
					matched[best] = true
					yTrue, scores = append(yTrue, 1), append(scores, p.conf)
				} else {
					yTrue, scores = append(yTrue, 0), append(scores, p.conf)
				}
				pairs++
			}
			for j := range gts {
				if !matched[j] {
					yTrue, scores = append(yTrue, 1), append(scores, 0)
					pairs++
				}
			}
			if pairs == 0 {
				yTrue, scores = append(yTrue, 0), append(scores, 0)
			}
		}
		allOnes := true
		for _, y := range yTrue {
			allOnes = allOnes && y == 1
		}
		if allOnes {
			return competition.Score{}, fmt.Errorf("AssertionError: class %s: every pair is a true positive", c)
		}
		ap, err := metric.AveragePrecision(yTrue, scores)
		if err != nil {
			return competition.Score{}, fmt.Errorf("class %s: %w", c, err)
		}
		aps[ci] = ap
	}
	return competition.Numpy(metric.Mean(aps)), nil
}
