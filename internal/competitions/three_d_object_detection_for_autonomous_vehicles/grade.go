package three_d_object_detection_for_autonomous_vehicles

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// thresholds are the IoU thresholds of the metric.
var thresholds = []float64{0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95}

// Grade is the original's grade(): the length and column checks, the Id
// alignment, the parse of every prediction string of both frames, then per
// sample and threshold the devkit's mean over the sample's GT classes of
// the average precision, and the mean of all those values.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subIDs, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the Id column")
	}
	subPS, ok := sub.Col("PredictionString")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the PredictionString column")
	}
	ansIDs, ok1 := ans.Col("Id")
	ansPS, ok2 := ans.Col("PredictionString")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers need the columns Id and PredictionString")
	}
	if err := pandas.SortErrors(subIDs, ansIDs); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subIDs, ansIDs)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission Ids do not match the answers' Ids")
	}

	// Parse time: every row of both frames.
	preds := make([][]box, len(subIdx))
	truths := make([][]box, len(ansIdx))
	for k := range subIdx {
		var err error
		if preds[k], err = parseCell(subPS, subIdx[k], true); err != nil {
			return competition.Score{}, withID(err, subIDs.Str(subIdx[k]))
		}
	}
	for k := range ansIdx {
		var err error
		if truths[k], err = parseCell(ansPS, ansIdx[k], false); err != nil {
			return competition.Score{}, fmt.Errorf("answers, Id %s: %w", ansIDs.Str(ansIdx[k]), err)
		}
	}

	maps := make([]float64, 0, len(truths)*len(thresholds))
	for k := range truths {
		m, err := sampleMAPs(truths[k], preds[k])
		if err != nil {
			return competition.Score{}, fmt.Errorf("sample %s: %w", ansIDs.Str(ansIdx[k]), err)
		}
		maps = append(maps, m...)
	}
	return competition.Numpy(metric.Mean(maps)), nil
}

func withID(err error, id string) error {
	if ie, ok := err.(*competition.InvalidSubmissionError); ok {
		return competition.Invalid("Id %s: %s", id, ie.Reason)
	}
	return fmt.Errorf("Id %s: %w", id, err)
}

// parseCell parses one PredictionString cell. For the submission a NaN
// cell is "" (fillna); any other non-string value fails on .strip().
func parseCell(c *table.Column, i int, fill bool) ([]box, error) {
	if c.IsNull(i) {
		if fill {
			return nil, nil
		}
		return nil, fmt.Errorf("AttributeError: 'float' object has no attribute 'strip'")
	}
	if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return nil, fmt.Errorf("AttributeError: PredictionString %q is not a string", c.Str(i))
	}
	return parsePredictionString(c.Text[i])
}

// parsePredictionString splits s on single spaces into groups of nine
// tokens (confidence, cx, cy, cz, width, length, height, yaw, class).
func parsePredictionString(s string) ([]box, error) {
	if strings.TrimFunc(s, pyIsSpace) == "" {
		return nil, nil
	}
	tokens := strings.Split(s, " ")
	if len(tokens)%9 != 0 {
		return nil, competition.Invalid("PredictionString has %d tokens, not a multiple of 9", len(tokens))
	}
	out := make([]box, len(tokens)/9)
	for g := range out {
		t := tokens[9*g : 9*g+9]
		var v [8]float64
		for j := 0; j < 8; j++ {
			f, ok := pandas.ParsePyFloat(t[j])
			if !ok {
				return nil, fmt.Errorf("ValueError: could not convert string to float: %q", t[j])
			}
			v[j] = f
		}
		q, err := yawQuaternion(v[7])
		if err != nil {
			return nil, err
		}
		out[g] = box{score: v[0], translation: [3]float64{v[1], v[2], v[3]}, size: [3]float64{v[4], v[5], v[6]}, rotation: q, name: t[8]}
	}
	return out, nil
}

// pyIsSpace is Python's str.isspace for one character.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// sampleMAPs returns the sample's mAP at each threshold: the mean over its
// sorted GT class names of the per-class AP (0 for a class without
// predictions). Boxes are built (and validated) only for classes with
// predictions; the IoUs do not depend on the threshold, so they are
// computed once.
func sampleMAPs(gt, pred []box) ([]float64, error) {
	var classes []string
	for _, b := range gt {
		classes = append(classes, b.name)
	}
	slices.Sort(classes)
	classes = slices.Compact(classes)
	aps := make([][]float64, len(thresholds))
	for t := range aps {
		aps[t] = make([]float64, len(classes))
	}
	for ci, cls := range classes {
		var g, p []box
		for _, b := range pred {
			if b.name == cls {
				p = append(p, b)
			}
		}
		if len(p) == 0 {
			continue
		}
		for _, b := range gt {
			if b.name == cls {
				g = append(g, b)
			}
		}
		gb := make([]*builtBox, len(g))
		for j := range g {
			var err error
			if gb[j], err = g[j].build(); err != nil {
				return nil, fmt.Errorf("ground-truth box: %w", err)
			}
		}
		scores := make([]float64, len(p))
		for j := range p {
			scores[j] = p[j].score
		}
		order := sortByScoreDesc(scores)
		ious := make([][]float64, len(p))
		for r, j := range order {
			pb, err := p[j].build()
			if err != nil {
				return nil, fmt.Errorf("predicted box: %w", err)
			}
			ious[r] = make([]float64, len(gb))
			for k := range gb {
				ious[r][k] = iou(pb, gb[k])
			}
		}
		for t, thr := range thresholds {
			aps[t][ci] = averagePrecision(ious, len(gb), thr)
		}
	}
	out := make([]float64, len(thresholds))
	for t := range thresholds {
		out[t] = metric.Mean(aps[t])
	}
	return out, nil
}

// averagePrecision is recall_precision + get_ap of the devkit for
// predictions already in confidence order (ious[r][k]: prediction r, GT k).
func averagePrecision(ious [][]float64, numGT int, thr float64) float64 {
	checked := make([]bool, numGT)
	n := len(ious)
	recalls := make([]float64, n+2)
	precisions := make([]float64, n+2)
	tp, fp := 0.0, 0.0
	for r, ov := range ious {
		best, jmax := math.Inf(-1), -1
		for k, v := range ov {
			if v != v { // np.max propagates NaN; np.argmax takes the first NaN
				best, jmax = v, k
				break
			}
			if v > best {
				best, jmax = v, k
			}
		}
		if best > thr && !checked[jmax] {
			tp++
			checked[jmax] = true
		} else {
			fp++
		}
		recalls[r+1] = tp / float64(numGT)
		precisions[r+1] = tp / math.Max(tp+fp, 0x1p-52)
	}
	recalls[n+1] = 1
	for i := n + 1; i > 0; i-- {
		precisions[i-1] = math.Max(precisions[i-1], precisions[i])
	}
	var terms []float64
	for i := 0; i+1 < len(recalls); i++ {
		if recalls[i+1] != recalls[i] {
			terms = append(terms, (recalls[i+1]-recalls[i])*precisions[i+1])
		}
	}
	return metric.Sum(terms)
}
