package imet_2020_fgvc7

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// cells is fillna("") of a column, ready for str.split() (strings.Fields
// splits at the same whitespace). A column pandas parsed as numbers (or
// booleans) has no string accessor: the original raises, which is a plain
// error here; an all-missing float column fills to empty strings and is
// fine.
func cells(c *table.Column, what string) (func(i int) string, error) {
	if c.Kind != table.String || c.Mixed != nil {
		if c.Kind == table.Float64 && !hasValue(c) {
			return func(int) string { return "" }, nil
		}
		return nil, fmt.Errorf("%s attribute_ids: can only use .str accessor with string values (column parsed as %v)", what, c.Kind)
	}
	return func(i int) string {
		if c.IsNull(i) {
			return ""
		}
		return c.Str(i)
	}, nil
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
	truth, err := cells(ansAttr, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	pred, err := cells(subAttr, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	classes := map[string]bool{}
	for i := range ans.Len() {
		for tok := range strings.FieldsSeq(truth(i)) {
			classes[tok] = true
		}
	}
	// Per row, the sets of true and of predicted known labels (a row holds
	// a handful of tokens: split into a reused buffer and deduplicated by
	// a linear scan instead of per-row slices and maps).
	var tp, trueSum, predSum int64
	var toks, tr, pr []string
	for k := range ansIdx {
		toks = appendFields(toks[:0], truth(ansIdx[k]))
		tr = appendUnique(tr[:0], toks, nil)
		toks = appendFields(toks[:0], pred(subIdx[k]))
		pr = appendUnique(pr[:0], toks, classes)
		trueSum += int64(len(tr))
		predSum += int64(len(pr))
		tp += int64(countShared(pr, tr))
	}
	if trueSum+predSum == 0 {
		return competition.Numpy(0), nil
	}
	return competition.Numpy(float64(2*tp) / float64(trueSum+predSum)), nil
}

// appendFields appends the whitespace-separated fields of s to dst.
func appendFields(dst []string, s string) []string {
	for tok := range strings.FieldsSeq(s) {
		dst = append(dst, tok)
	}
	return dst
}

// scanMax is the longest token list searched by a linear scan; past it a
// map keeps the work linear (a hostile submission may hold thousands of
// tokens in a row).
const scanMax = 32

// appendUnique appends the distinct tokens of toks to dst, keeping only
// those in known when known is not nil.
func appendUnique(dst, toks []string, known map[string]bool) []string {
	if len(toks) > scanMax {
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

// countShared is how many tokens of a (distinct) are in b (distinct).
func countShared(a, b []string) int {
	n := 0
	if len(a) > scanMax || len(b) > scanMax {
		in := make(map[string]bool, len(b))
		for _, tok := range b {
			in[tok] = true
		}
		for _, tok := range a {
			if in[tok] {
				n++
			}
		}
		return n
	}
	for _, tok := range a {
		if slices.Contains(b, tok) {
			n++
		}
	}
	return n
}
