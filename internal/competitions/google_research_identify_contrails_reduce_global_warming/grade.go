package google_research_identify_contrails_reduce_global_warming

import (
	"errors"
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/table"
)

// answerColumns are the columns the answers must have, exactly.
var answerColumns = []string{"record_id", "encoded_pixels", "height", "width"}

// Grade is the global Dice coefficient over all pixels of all records
// (spec "Grade"), a NumPy float64; NaN when neither side has a foreground
// pixel.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !pandas.SameNameSet(ans.Names(), answerColumns) {
		return competition.Score{}, fmt.Errorf("assertion failed: answers must have exactly the columns %v, got %v", answerColumns, ans.Names())
	}
	for _, c := range []string{"record_id", "encoded_pixels"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission must have a '%s' column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, but answers has %d rows", sub.Len(), ans.Len())
	}
	subIDs, _ := sub.Col("record_id")
	ansIDs, _ := ans.Col("record_id")
	if err := pandas.SortErrors(subIDs, ansIDs); err != nil {
		return competition.Score{}, err
	}
	subOrder, ansOrder := pandas.SortIndex(subIDs), pandas.SortIndex(ansIDs)
	for k := range subOrder {
		if !pandas.CellsEqual(subIDs, subOrder[k], ansIDs, ansOrder[k]) {
			return competition.Score{}, competition.Invalid("Submission record_ids do not match the answers' record_ids")
		}
	}
	subEnc, _ := sub.Col("encoded_pixels")
	ansEnc, _ := ans.Col("encoded_pixels")
	heights, _ := ans.Col("height")
	widths, _ := ans.Col("width")

	n := ans.Len()
	hs, ws := make([]int64, n), make([]int64, n)
	for k, i := range ansOrder {
		h, okH := pandas.PyValueOf(heights, i)
		w, okW := pandas.PyValueOf(widths, i)
		if !okH || !okW || h.Kind() != table.Int64 || w.Kind() != table.Int64 {
			return competition.Score{}, fmt.Errorf("answers row %d: height and width must be integers", i)
		}
		hs[k], ws[k] = h.Int(), w.Int()
	}
	// The answers' decode: assertion failures become invalid submissions.
	truths := make([]rle.Mask, n)
	for k, i := range ansOrder {
		m, err := decodeCell(ansEnc, i, hs[k], ws[k])
		var re *rle.Error
		if errors.As(err, &re) && re.Kind == rle.AssertionError {
			return competition.Score{}, competition.Invalid("decoding the answers' RLE of record %d: %v", k, err)
		}
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the answers' RLE of record %d: %w", k, err)
		}
		truths[k] = m
	}
	preds := make([]rle.Mask, n)
	for k, i := range subOrder {
		m, err := decodeCell(subEnc, i, hs[k], ws[k])
		if err != nil {
			return competition.Score{}, fmt.Errorf("decoding the submitted RLE of record %d: %w", k, err)
		}
		preds[k] = m
	}
	for k := 1; k < n; k++ {
		if hs[k] != hs[0] || ws[k] != ws[0] {
			return competition.Score{}, fmt.Errorf("ValueError: cannot stack masks of shapes (%d, %d) and (%d, %d) (inhomogeneous shape)", hs[0], ws[0], hs[k], ws[k])
		}
	}
	var inter, total int64
	for k := range n {
		inter += rle.Intersection(preds[k], truths[k])
		total += preds[k].Count() + truths[k].Count()
	}
	if total == 0 {
		return competition.Float(math.NaN()), nil
	}
	return competition.Numpy(float64(2*inter) / float64(total)), nil
}

// decodeCell is rle_decode of cell i after the whole-cell "-" → ""
// replacement; a cell that is not a Python str fails rle_decode's type
// assertion.
func decodeCell(c *table.Column, i int, h, w int64) (rle.Mask, error) {
	v, ok := pandas.PyValueOf(c, i)
	if !ok || v.Kind() != table.String {
		desc := "nan"
		if ok {
			desc = fmt.Sprint(v.Kind())
		}
		return rle.Mask{}, &rle.Error{Kind: rle.AssertionError, Msg: "Expected a string, but got " + desc}
	}
	s := v.Text()
	if s == "-" {
		s = ""
	}
	return rle.Decode(s, h, w)
}
