package jigsaw_toxic_comment_classification_challenge

import (
	"errors"
	"hash/maphash"
	"math"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// errUnalignable is pandas' IndexingError for a submission id the answers'
// boolean mask has no entry for.
const errUnalignable = "Unalignable boolean Series provided as indexer (index of the boolean Series and of the indexed object do not match)."

// keptSubmissionRows is submission.sort_index()[mask], where mask is the
// answers' keep flags indexed by answer id (for a repeated answer id the
// last row's flag, as a dict built in row order keeps): the submission's
// rows in sorted-id order whose id's flag is set. ansOrder is the answers'
// sorted-id order and ansRows its rows whose flag is set.
//
// The mask is looked up by key as [pandas.CellKey] defines them, with three
// equivalent paths: a submission id column equal cell for cell to the
// answers' (same kind, no missing or mixed cells) and ids that are unique
// has the answers' order and flags, so its kept rows are ansRows; two text
// columns use a map from string; anything else a map from CellKey values.
func keptSubmissionRows(subID, ansID *table.Column, ansOrder []int, keep []bool, ansRows []int) ([]int, error) {
	if sameCells(subID, ansID) && distinctSorted(ansID, ansOrder) {
		return ansRows, nil
	}
	subOrder := pandas.SortIndexOrder(subID)
	var subRows []int
	if plainText(subID) && plainText(ansID) {
		// CellKey of a text column: the text, or one shared key for the
		// missing cells.
		mask := make(map[string]bool, len(ansID.Text))
		var naSeen, naKeep bool
		for i, s := range ansID.Text {
			if ansID.Null != nil && ansID.Null[i] {
				naSeen, naKeep = true, keep[i]
				continue
			}
			mask[s] = keep[i]
		}
		for _, i := range subOrder {
			var m, found bool
			if subID.Null != nil && subID.Null[i] {
				m, found = naKeep, naSeen
			} else {
				m, found = mask[subID.Text[i]]
			}
			if !found {
				return nil, errors.New(errUnalignable)
			}
			if m {
				subRows = append(subRows, i)
			}
		}
		return subRows, nil
	}
	maskByID := make(map[any]bool, len(keep))
	for i := range keep {
		if k, ok := pandas.CellKey(ansID, i); ok {
			maskByID[k] = keep[i]
		}
	}
	for _, i := range subOrder {
		k, ok := pandas.CellKey(subID, i)
		m, found := maskByID[k]
		if !ok || !found {
			return nil, errors.New(errUnalignable)
		}
		if m {
			subRows = append(subRows, i)
		}
	}
	return subRows, nil
}

// plainText reports whether c is a text (object of str) column without
// cells of other Python types.
func plainText(c *table.Column) bool {
	return c.Kind == table.String && c.Mixed == nil && len(c.Text) == c.Len()
}

// sameCells reports whether a and b are text or int64 columns without
// missing or mixed cells holding the same values row for row: any
// function of the column's cells, such as its sorted order, is then the
// same for both.
func sameCells(a, b *table.Column) bool {
	if a.Kind != b.Kind || a.Mixed != nil || b.Mixed != nil || a.Len() != b.Len() {
		return false
	}
	switch a.Kind {
	case table.String:
		if !plainText(a) || !plainText(b) || hasMissing(a) || hasMissing(b) {
			return false
		}
		for i, s := range a.Text {
			if s != b.Text[i] {
				return false
			}
		}
		return true
	case table.Int64:
		for i, v := range a.Ints {
			if v != b.Ints[i] {
				return false
			}
		}
		return true
	}
	return false
}

func hasMissing(c *table.Column) bool {
	for _, n := range c.Null {
		if n {
			return true
		}
	}
	return false
}

// distinctSorted reports whether no two cells of c are equal, given its
// sorted order (equal cells are adjacent there). c is a column sameCells
// accepted.
func distinctSorted(c *table.Column, order []int) bool {
	for k := 1; k < len(order); k++ {
		i, j := order[k-1], order[k]
		switch c.Kind {
		case table.String:
			if c.Text[i] == c.Text[j] {
				return false
			}
		case table.Int64:
			if c.Ints[i] == c.Ints[j] {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// numeric reports whether c is an int64 or float64 column without mixed
// cells: its cells convert to float64 without errors.
func numeric(c *table.Column) bool {
	return c.Mixed == nil && (c.Kind == table.Float64 || c.Kind == table.Int64)
}

// copiedColumns counts the columns of t other than id that floatsAtInto
// copies into a caller's slice: the numeric ones, except float64 columns
// used in place when rows is nil.
func copiedColumns(t *table.Table, rows []int) int {
	k := 0
	for _, c := range t.Columns() {
		if c.Name != "id" && numeric(c) && !(rows == nil && c.Kind == table.Float64) {
			k++
		}
	}
	return k
}

// floatsAt is pandas.Floats(c.Take(rows)) (rows nil: every row) without
// the intermediate column for numeric columns; its values and errors are
// the same.
func floatsAt(c *table.Column, rows []int) ([]float64, error) {
	return floatsAtInto(nil, c, rows)
}

// floatsAtInto is floatsAt writing a numeric column's values into dst
// when it has the right length (else into a new slice).
func floatsAtInto(dst []float64, c *table.Column, rows []int) ([]float64, error) {
	if numeric(c) {
		n := c.Len()
		if rows != nil {
			n = len(rows)
		}
		out := dst
		if len(out) != n {
			out = make([]float64, n)
		}
		switch {
		case c.Kind == table.Float64 && rows == nil:
			copy(out, c.Floats)
		case c.Kind == table.Float64:
			for k, i := range rows {
				out[k] = c.Floats[i]
			}
		case rows == nil:
			for k, v := range c.Ints {
				out[k] = float64(v)
			}
		default:
			for k, i := range rows {
				out[k] = float64(c.Ints[i])
			}
		}
		return out, nil
	}
	if rows == nil {
		return pandas.Floats(c)
	}
	return pandas.Floats(c.Take(rows))
}

// alignedKeptRows is the common case of a submission whose ids are the
// answers' ids in the same rows, unique, with numeric score and label
// columns: sorting both by id would pair row i with row i and keep it
// where keep[i] is set, so the kept rows are taken in file order instead
// (rows nil: every row). Row order does not change the result: the
// macro ROC-AUC sorts each column's scores (ties grouped, counts exact)
// and its checks look at the values only, and numeric columns convert
// without errors. ok is false when the case does not apply.
func alignedKeptRows(sub, ans *table.Table, subID, ansID *table.Column, keep []bool) (rows []int, ok bool) {
	if !sameCells(subID, ansID) {
		return nil, false
	}
	for _, t := range []*table.Table{sub, ans} {
		for _, c := range t.Columns() {
			if c.Name != "id" && (c.Mixed != nil || (c.Kind != table.Int64 && c.Kind != table.Float64)) {
				return nil, false
			}
		}
	}
	if !distinctCells(ansID) {
		return nil, false
	}
	all := true
	for _, k := range keep {
		all = all && k
	}
	if all {
		return nil, true
	}
	rows = make([]int, 0, len(keep))
	for i, k := range keep {
		if k {
			rows = append(rows, i)
		}
	}
	return rows, true
}

// distinctCells reports whether no two cells of c (a column sameCells
// accepted: text or int64, none missing) are equal, with an
// open-addressing hash set of row numbers.
func distinctCells(c *table.Column) bool {
	n := c.Len()
	if n > math.MaxInt32-1 {
		return false
	}
	size := 1
	for size < 2*n {
		size <<= 1
	}
	slots := make([]int32, size) // row+1, 0 empty
	mask := uint64(size - 1)
	seed := maphash.MakeSeed()
	for i := 0; i < n; i++ {
		var h uint64
		if c.Kind == table.String {
			h = maphash.String(seed, c.Text[i])
		} else {
			h = maphash.Comparable(seed, c.Ints[i])
		}
		for p := h & mask; ; p = (p + 1) & mask {
			r := slots[p]
			if r == 0 {
				slots[p] = int32(i + 1)
				break
			}
			j := int(r - 1)
			if (c.Kind == table.String && c.Text[j] == c.Text[i]) || (c.Kind != table.String && c.Ints[j] == c.Ints[i]) {
				return false
			}
		}
	}
	return true
}
