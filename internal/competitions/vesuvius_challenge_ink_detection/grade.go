package vesuvius_challenge_ink_detection

import (
	"errors"
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

var answerColumns = []string{"Id", "Predicted", "width", "height"}

// Grade is the mean over rows of sklearn's fbeta_score(beta=0.5) on the
// flattened masks (spec "Grade"), a NumPy float64.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, but answers has %d rows", sub.Len(), ans.Len())
	}
	scores := make([]float64, ans.Len())
	for i := range scores {
		if !pandas.SameNameSet(ans.Names(), answerColumns) {
			return competition.Score{}, fmt.Errorf("assertion failed: answers must have exactly the columns %v, got %v", answerColumns, ans.Names())
		}
		if len(sub.Names()) != 2 {
			return competition.Score{}, competition.Invalid("Submission must have exactly 2 columns, got %d", len(sub.Names()))
		}
		if !sub.Has("Id", "Predicted") {
			return competition.Score{}, competition.Invalid("Submission must have the columns 'Id' and 'Predicted', got %v", sub.Names())
		}
		subID, _ := sub.Col("Id")
		ansID, _ := ans.Col("Id")
		if !pandas.CellsEqual(subID, i, ansID, i) {
			return competition.Score{}, fmt.Errorf("assertion failed: submission Id of row %d does not match the answers' Id", i)
		}
		subPred, _ := sub.Col("Predicted")
		v, ok := pandas.PyValueOf(subPred, i)
		if !ok || v.Kind() != table.String {
			return competition.Score{}, competition.Invalid("Predicted of row %d must be a string", i)
		}
		wCol, _ := ans.Col("width")
		hCol, _ := ans.Col("height")
		w, okW := pandas.PyValueOf(wCol, i)
		h, okH := pandas.PyValueOf(hCol, i)
		if !okW || !okH || w.Kind() != table.Int64 || h.Kind() != table.Int64 {
			return competition.Score{}, fmt.Errorf("answers row %d: width and height must be integers", i)
		}
		// Row-major over height×width is column-major over width×height;
		// the counts below do not depend on the orientation.
		pred, err := rle.Decode(v.Text(), w.Int(), h.Int())
		var re *rle.Error
		if errors.As(err, &re) && re.Kind == rle.AssertionError {
			return competition.Score{}, competition.Invalid("decoding the submitted RLE of row %d: %v", i, err)
		}
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the submitted RLE of row %d: %w", i, err)
		}
		ansPred, _ := ans.Col("Predicted")
		tv, ok := pandas.PyValueOf(ansPred, i)
		if !ok || tv.Kind() != table.String {
			return competition.Score{}, fmt.Errorf("assertion failed: the answers' Predicted of row %d is not a string", i)
		}
		truth, err := rle.Decode(tv.Text(), w.Int(), h.Int())
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the answers' RLE of row %d: %w", i, err)
		}
		tp := rle.Intersection(pred, truth)
		fp, fn := pred.Count()-tp, truth.Count()-tp
		den := 1.25*float64(tp) + 0.25*float64(fn) + float64(fp)
		if den > 0 {
			scores[i] = 1.25 * float64(tp) / den
		}
	}
	return competition.Numpy(metric.Mean(scores)), nil
}
