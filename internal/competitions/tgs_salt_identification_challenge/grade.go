package tgs_salt_identification_challenge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// side is the images' height and width.
const side = 101

// thresholds are np.arange(0.5, 1.0, 0.05): NumPy fills start + i·delta
// with delta = (start + step) − start in float64 arithmetic.
var thresholds = func() []float64 {
	start, step := 0.5, 0.05
	delta := (start + step) - start
	out := make([]float64, 10)
	for i := range out {
		out[i] = start + float64(i)*delta
	}
	return out
}()

// Grade is the mean per-image precision over IoU thresholds (spec "Grade"),
// a NumPy float64.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	want := []string{"id", "rle_mask"}
	if !sameColumns(ans, want) {
		return competition.Score{}, fmt.Errorf("assertion failed: Expected answers to have columns %v, but got %v instead!", want, ans.Names())
	}
	if !sameColumns(sub, want) {
		return competition.Score{}, competition.Invalid("Expected submission to have columns ['id', 'rle_mask'], but got %v instead!", sub.Names())
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Expected submission to have %d rows, but got %d instead!", ans.Len(), sub.Len())
	}
	ansText, ok := filledText(ans)
	if !ok {
		return competition.Score{}, fmt.Errorf("assertion failed: Expected all items in `answers` to be strings, but found non-string items!")
	}
	subText, ok := filledText(sub)
	if !ok {
		return competition.Score{}, competition.Invalid("Expected all items in `submission` to be strings, but found non-string items!")
	}
	subOrder, ansOrder := sortByID(subText["id"]), sortByID(ansText["id"])
	for k := range subOrder {
		if subText["id"][subOrder[k]] != ansText["id"][ansOrder[k]] {
			return competition.Score{}, competition.Invalid("Expected submission to have the same IDs as answers, but got a different set of IDs!")
		}
	}
	preds := make([]rle.Mask, len(subOrder))
	for k, i := range subOrder {
		m, err := rle.Decode(subText["rle_mask"][i], side, side)
		if err != nil {
			if e, ok := err.(*rle.Error); ok && e.Kind == rle.AssertionError {
				return competition.Score{}, competition.Invalid("Error decoding RLE masks: %s", e.Msg)
			}
			return competition.Score{}, fmt.Errorf("decoding the RLE of %s: %w", subText["id"][i], err)
		}
		preds[k] = m
	}
	scores := make([]float64, len(ansOrder))
	for k, i := range ansOrder {
		truth, err := rle.Decode(ansText["rle_mask"][i], side, side)
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the true RLE of %s: %w", ansText["id"][i], err)
		}
		scores[k] = imageScore(truth, preds[k])
	}
	return competition.Numpy(metric.Mean(scores)), nil
}

// imageScore is upstream's iou_metric for one image: 1 when both masks are
// empty, 0 for a prediction on an empty truth, else the share of the
// thresholds the IoU exceeds, where the histogram binning makes an empty
// prediction count as every pixel.
func imageScore(truth, pred rle.Mask) float64 {
	t, p := truth.Count(), pred.Count()
	switch {
	case t == 0 && p == 0:
		return 1
	case t == 0:
		return 0
	}
	inter := rle.Intersection(truth, pred)
	if p == 0 {
		// A constant array's histogram puts every pixel in the upper bin.
		p, inter = truth.Size(), t
	}
	iou := float64(inter) / float64(t+p-inter)
	prec := make([]float64, len(thresholds))
	for i, th := range thresholds {
		if iou > th {
			prec[i] = 1
		}
	}
	return metric.Mean(prec)
}

func sameColumns(t *table.Table, want []string) bool {
	got := slices.Clone(t.Names())
	slices.Sort(got)
	got = slices.Compact(got)
	return slices.Equal(got, want) // want is sorted
}

// filledText returns each column of t after fillna(""), or false when a
// cell is then not a Python str (a number or a bool). A numeric column
// whose cells are all missing becomes all "".
func filledText(t *table.Table) (map[string][]string, bool) {
	out := make(map[string][]string, len(t.Names()))
	for _, c := range t.Columns() {
		v := make([]string, c.Len())
		for i := range v {
			switch {
			case c.IsNull(i):
			case c.Kind == table.String && (c.Mixed == nil || c.Mixed[i] == table.String):
				v[i] = c.Text[i]
			default:
				return nil, false
			}
		}
		out[c.Name] = v
	}
	return out, true
}

// sortByID is the row order of sort_values(by="id") on text ids (code
// point order; stable, which only matters for duplicate ids, and those
// never match the answers' unique ids).
func sortByID(ids []string) []int {
	idx := make([]int, len(ids))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(ids[a], ids[b]) })
	return idx
}
