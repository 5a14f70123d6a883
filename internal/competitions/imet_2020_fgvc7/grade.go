package imet_2020_fgvc7

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// tokens is fillna("") then str.split() of every cell. A column pandas
// parsed as numbers (or booleans) has no string accessor: the original
// raises, which is a plain error here; an all-missing float column fills
// to empty strings and is fine.
func tokens(c *table.Column, order []int, what string) ([][]string, error) {
	out := make([][]string, len(order))
	if c.Kind != table.String || c.Mixed != nil {
		if c.Kind == table.Float64 && !hasValue(c) {
			return out, nil
		}
		return nil, fmt.Errorf("%s attribute_ids: can only use .str accessor with string values (column parsed as %v)", what, c.Kind)
	}
	for k, i := range order {
		if !c.IsNull(i) {
			out[k] = strings.Fields(c.Str(i))
		}
	}
	return out, nil
}

func hasValue(c *table.Column) bool {
	for i := 0; i < c.Len(); i++ {
		if !c.IsNull(i) {
			return true
		}
	}
	return false
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has("id", "attribute_ids") {
		return competition.Score{}, fmt.Errorf("answers must have id and attribute_ids, got %v", ans.Names())
	}
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	if !sub.Has("attribute_ids") {
		return competition.Score{}, competition.Invalid("Submission is missing the attribute_ids column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	for k := range subIdx {
		if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
			return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids (first difference at sorted row %d)", k)
		}
	}
	subAttr, _ := sub.Col("attribute_ids")
	ansAttr, _ := ans.Col("attribute_ids")
	truth, err := tokens(ansAttr, ansIdx, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	pred, err := tokens(subAttr, subIdx, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	classes := map[string]bool{}
	for _, row := range truth {
		for _, tok := range row {
			classes[tok] = true
		}
	}
	// Per row, the sets of true and of predicted known labels (a row holds
	// a handful of tokens: deduplicated in place by a linear scan instead
	// of per-row maps).
	var tp, trueSum, predSum int64
	var tr, pr []string
	for k := range truth {
		tr = appendUnique(tr[:0], truth[k], nil)
		pr = appendUnique(pr[:0], pred[k], classes)
		trueSum += int64(len(tr))
		predSum += int64(len(pr))
		if len(tr) > 32 || len(pr) > 32 {
			in := make(map[string]bool, len(tr))
			for _, tok := range tr {
				in[tok] = true
			}
			for _, tok := range pr {
				if in[tok] {
					tp++
				}
			}
			continue
		}
		for _, tok := range pr {
			if slices.Contains(tr, tok) {
				tp++
			}
		}
	}
	if trueSum+predSum == 0 {
		return competition.Numpy(0), nil
	}
	return competition.Numpy(float64(2*tp) / float64(trueSum+predSum)), nil
}

// appendUnique appends the distinct tokens of toks to dst, keeping only
// those in known when known is not nil.
func appendUnique(dst, toks []string, known map[string]bool) []string {
	if len(toks) > 32 {
		// A long row (a hostile submission may hold thousands of tokens)
		// is deduplicated through a map: the scan would be quadratic.
		seen := make(map[string]bool, len(toks))
		for _, tok := range toks {
			if (known == nil || known[tok]) && !seen[tok] {
				seen[tok] = true
				dst = append(dst, tok)
			}
		}
		return dst
	}
	for _, tok := range toks {
		if known != nil && !known[tok] {
			continue
		}
		if !slices.Contains(dst, tok) {
			dst = append(dst, tok)
		}
	}
	return dst
}
