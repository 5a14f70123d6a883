package pandas

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/table"
)

// CellKey is cell i as a Python set element / dict key (comparable Go
// value): numbers by value (1 == 1.0, True == 1), text as text; a float
// column's NaN never matches (ok=false), a text column's missing cell (one
// shared NaN object) matches itself.
func CellKey(c *table.Column, i int) (any, bool) {
	if c.Mixed != nil && c.Kind == table.String {
		switch c.Mixed[i] {
		case table.Int64:
			return NewNumKey(0, c.Ints[i], true), true
		case table.Float64:
			if math.IsNaN(c.Floats[i]) {
				return nil, false
			}
			return NewNumKey(c.Floats[i], 0, false), true
		case table.Bool:
			return NewNumKey(0, map[bool]int64{false: 0, true: 1}[c.Bools[i]], true), true
		}
	}
	if c.IsNull(i) {
		if c.Kind == table.Float64 {
			return nil, false
		}
		return naKey{}, true
	}
	switch c.Kind {
	case table.Int64:
		return NewNumKey(float64(c.Ints[i]), c.Ints[i], true), true
	case table.Float64, table.Bool, table.BoolObject:
		v, _ := c.Float(i)
		return NewNumKey(v, 0, false), true
	}
	return c.Text[i], true
}

type naKey struct{}

// NumKey is a numeric set element: integral values in int64 range by their
// integer, others by their float value.
type NumKey struct {
	isInt bool
	i     int64
	f     float64
}

func NewNumKey(f float64, i int64, isInt bool) NumKey {
	if isInt {
		return NumKey{isInt: true, i: i}
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return NumKey{isInt: true, i: int64(f)}
	}
	return NumKey{f: f}
}

// ArgsortQuick is numpy's argsort(kind="quicksort") of an object array of
// n elements, which pandas' nargsort (sort_values, sort_index) uses for text
// columns: numpy's generic npy_aquicksort (introsort: median-of-three
// partitioning, insertion sort for partitions of at most 16 elements,
// npy_aheapsort once the depth budget of 2·floor(log2 n) is spent), with
// less(a, b) standing in for OBJECT_compare(a, b) < 0. The result equals a
// stable sort's except for the order of equal elements, which it reproduces
// exactly (checked against numpy with testdata/.../reference_argsort.py).
func ArgsortQuick(n int, less func(a, b int) bool) []int {
	tosort := make([]int, n)
	for i := range tosort {
		tosort[i] = i
	}
	if n < 2 {
		return tosort
	}
	const smallQuicksort = 15
	type span struct{ pl, pr, depth int }
	var stack []span
	pl, pr := 0, n-1
	cdepth := 2 * (bits.Len(uint(n)) - 1)
	v := tosort
	for {
		if cdepth < 0 {
			aHeapsort(v[pl:pr+1], less)
		} else {
			for pr-pl >= 16 { // partitions of 17 or more elements
				pm := pl + (pr-pl)>>1
				if less(v[pm], v[pl]) {
					v[pm], v[pl] = v[pl], v[pm]
				}
				if less(v[pr], v[pm]) {
					v[pr], v[pm] = v[pm], v[pr]
				}
				if less(v[pm], v[pl]) {
					v[pm], v[pl] = v[pl], v[pm]
				}
				vp := v[pm]
				pi, pj := pl, pr-1
				v[pm], v[pj] = v[pj], v[pm]
				for {
					pi++
					for less(v[pi], vp) && pi < pj {
						pi++
					}
					pj--
					for less(vp, v[pj]) && pi < pj {
						pj--
					}
					if pi >= pj {
						break
					}
					v[pi], v[pj] = v[pj], v[pi]
				}
				pk := pr - 1
				v[pi], v[pk] = v[pk], v[pi]
				cdepth--
				if pi-pl < pr-pi {
					stack = append(stack, span{pi + 1, pr, cdepth})
					pr = pi - 1
				} else {
					stack = append(stack, span{pl, pi - 1, cdepth})
					pl = pi + 1
				}
			}
			for pi := pl + 1; pi <= pr; pi++ {
				vi := v[pi]
				pj := pi
				for pj > pl && less(vi, v[pj-1]) {
					v[pj] = v[pj-1]
					pj--
				}
				v[pj] = vi
			}
		}
		if len(stack) == 0 {
			break
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pl, pr, cdepth = top.pl, top.pr, top.depth
	}
	return tosort
}

// aHeapsort is numpy's generic npy_aheapsort on the index slice a.
func aHeapsort(tosort []int, less func(a, b int) bool) {
	n := len(tosort)
	a := func(i int) *int { return &tosort[i-1] } // 1-based
	for l := n >> 1; l > 0; l-- {
		tmp := *a(l)
		i, j := l, l<<1
		for j <= n {
			if j < n && less(*a(j), *a(j + 1)) {
				j++
			}
			if less(tmp, *a(j)) {
				*a(i) = *a(j)
				i = j
				j += j
			} else {
				break
			}
		}
		*a(i) = tmp
	}
	for n > 1 {
		tmp := *a(n)
		*a(n) = *a(1)
		n--
		i, j := 1, 2
		for j <= n {
			if j < n && less(*a(j), *a(j + 1)) {
				j++
			}
			if less(tmp, *a(j)) {
				*a(i) = *a(j)
				i = j
				j += j
			} else {
				break
			}
		}
		*a(i) = tmp
	}
}

// NArgsort is pandas' nargsort(values, kind="quicksort", ascending=True,
// na_position="last") for a column, the row order of df.sort_values(col):
// numpy's quicksort ([ArgsortQuick]) of the non-missing cells, then the
// missing ones in their original order. Numbers compare by value, text by
// code point. (numpy ≥ 1.26 may sort int64/float64 with SIMD code on
// AVX-512 machines, whose order of equal numbers differs; text columns, the
// case that matters for ids and keys, always use this algorithm.)
func NArgsort(c *table.Column) []int {
	n := c.Len()
	var valid, nulls []int
	if c.Null == nil && c.Kind != table.Float64 {
		valid = make([]int, n)
		for i := range valid {
			valid[i] = i
		}
	} else {
		valid = make([]int, 0, n)
		for i := 0; i < n; i++ {
			if c.IsNull(i) {
				nulls = append(nulls, i)
			} else {
				valid = append(valid, i)
			}
		}
	}
	if order, ok := sortDistinct(c, valid); ok {
		return append(order, nulls...)
	}
	order := ArgsortQuick(len(valid), cellLess(c, valid))
	out := make([]int, 0, n)
	for _, k := range order {
		out = append(out, valid[k])
	}
	return append(out, nulls...)
}

// sortDistinct sorts the rows valid (increasing, none missing) of a text,
// int64 or float64 column without a comparison sort, and reports whether
// their values are all distinct. Any sort orders distinct values the same
// way, so the result then is numpy's quicksort order too; with equal values
// (or another column type) it reports false and the caller runs
// [ArgsortQuick], whose order of equal elements is numpy's.
func sortDistinct(c *table.Column, valid []int) ([]int, bool) {
	if c.Mixed != nil || len(valid) < 2 {
		return nil, false
	}
	switch c.Kind {
	case table.String:
		if len(valid) > math.MaxInt32 {
			return nil, false
		}
		rows := make([]int32, len(valid))
		for k, i := range valid {
			rows[k] = int32(i)
		}
		radixSortText(c.Text, rows, make([]int32, len(rows)), 0)
		out := make([]int, len(rows))
		for k, r := range rows {
			if k > 0 && c.Text[rows[k-1]] == c.Text[r] {
				return nil, false
			}
			out[k] = int(r)
		}
		return out, true
	case table.Int64:
		if len(valid) != len(c.Ints) {
			return nil, false
		}
		out := sortIntsIndex(c.Ints)
		for k := 1; k < len(out); k++ {
			if c.Ints[out[k-1]] == c.Ints[out[k]] {
				return nil, false
			}
		}
		return out, true
	case table.Float64:
		out := sortFloatsIndex(c.Floats, append([]int(nil), valid...))
		for k := 1; k < len(out); k++ {
			if c.Floats[out[k-1]] == c.Floats[out[k]] {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// cellLess is CompareCells(c, valid[a], valid[b]) < 0, specialised for
// columns of one type.
func cellLess(c *table.Column, valid []int) func(a, b int) bool {
	if c.Mixed == nil {
		switch c.Kind {
		case table.String:
			text := c.Text
			return func(a, b int) bool { return text[valid[a]] < text[valid[b]] }
		case table.Int64:
			v := c.Ints
			return func(a, b int) bool { return v[valid[a]] < v[valid[b]] }
		case table.Float64:
			v := c.Floats // no NaN among valid rows
			return func(a, b int) bool { return v[valid[a]] < v[valid[b]] }
		}
	}
	return func(a, b int) bool { return CompareCells(c, valid[a], valid[b]) < 0 }
}

// SortIndexOrder is the row order of df.set_index(col).sort_index():
// pandas returns the frame unchanged when the index is already monotonic
// increasing (no missing values, each cell >= the previous), and uses
// [NArgsort] otherwise.
func SortIndexOrder(c *table.Column) []int {
	n := c.Len()
	monotonic := true
	if c.Kind == table.String && c.Mixed == nil {
		text := c.Text
		for i := 0; i < n && monotonic; i++ {
			if (c.Null != nil && c.Null[i]) || (i > 0 && text[i-1] > text[i]) {
				monotonic = false
			}
		}
	} else {
		for i := 0; i < n && monotonic; i++ {
			if c.IsNull(i) || (i > 0 && CompareCells(c, i-1, i) > 0) {
				monotonic = false
			}
		}
	}
	if !monotonic {
		return NArgsort(c)
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// PyInt is Python int(s) for a str: surrounding whitespace, an optional
// sign, ASCII digits with single underscores between them.
func PyInt(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	s = strings.ReplaceAll(s, "_", "")
	v, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return 0, false
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// SortedKeys is sorted(list(column)) as comparable keys: the cells in
// pandas sort order (a Python sort of mixed text and numbers raises
// TypeError, as does NaN among text).
func SortedKeys(c *table.Column) ([]any, error) {
	if c.Kind == table.String && (c.Mixed != nil || c.HasNull()) {
		return nil, fmt.Errorf("'<' not supported between instances of 'float' and 'str'")
	}
	out := make([]any, 0, c.Len())
	for _, i := range SortIndex(c) {
		k, ok := CellKey(c, i)
		if !ok {
			// NaN: iterating a float column makes a new Python float per
			// cell, so a NaN equals nothing, not even a NaN at the same
			// position of another column; a fresh pointer never compares
			// equal.
			k = new(float64)
		}
		out = append(out, k)
	}
	return out, nil
}

// SameNameSet reports set(a) == set(b).
func SameNameSet(a, b []string) bool {
	sa := map[string]bool{}
	for _, s := range a {
		sa[s] = true
	}
	sb := map[string]bool{}
	for _, s := range b {
		sb[s] = true
		if !sa[s] {
			return false
		}
	}
	return len(sa) == len(sb)
}

// PySplitlines is Python's str.splitlines() (without keepends) after
// universal-newline reading: line boundaries are \n, \r, \r\n, \v, \f,
// \x1c, \x1d, \x1e, \x85, U+2028 and U+2029; a final boundary does not start
// an empty line.
func PySplitlines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, s[start:i])
			i += size
			if r == '\r' && i < len(s) && s[i] == '\n' {
				i++
			}
			start = i
			continue
		}
		i += size
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
