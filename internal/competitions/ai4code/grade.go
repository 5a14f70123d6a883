package ai4code

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// isSpace is Python's str.isspace for str.split(): Unicode
// whitespace plus the ASCII separators \x1c-\x1f.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("submission has %d rows, answers have %d", sub.Len(), ans.Len())
	}
	sid, ok1 := sub.Col("id")
	sco, ok2 := sub.Col("cell_order")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("submission must have columns id and cell_order")
	}
	aid, ok1 := ans.Col("id")
	aco, ok2 := ans.Col("cell_order")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and cell_order")
	}
	if !pandas.SameSet(sid, aid) {
		return competition.Score{}, competition.Invalid("submission ids do not match the answer ids")
	}
	if err := pandas.SortErrors(sid, aid); err != nil {
		return competition.Score{}, err
	}
	si, ai := pandas.SortIndex(sid), pandas.SortIndex(aid)
	subTok := make([][]string, len(si))
	ansTok := make([][]string, len(ai))
	for k := range si {
		subTok[k] = strings.FieldsFunc(sco.Str(si[k]), isSpace)
		ansTok[k] = strings.FieldsFunc(aco.Str(ai[k]), isSpace)
		if len(subTok[k]) != len(ansTok[k]) {
			return competition.Score{}, competition.Invalid("notebook %s: submission has %d cell ids, answer has %d",
				aid.Str(ai[k]), len(subTok[k]), len(ansTok[k]))
		}
	}
	var inv, total int64
	for k := range subTok {
		first := make(map[string]int, len(subTok[k]))
		for p, x := range subTok[k] {
			if _, ok := first[x]; !ok {
				first[x] = p
			}
		}
		pos := make([]int, len(ansTok[k]))
		for j, x := range ansTok[k] {
			p, ok := first[x]
			if !ok {
				return competition.Score{}, fmt.Errorf("ValueError: %s is not in list (notebook %s)", strconv.Quote(x), aid.Str(ai[k]))
			}
			pos[j] = p
		}
		inv += inversions(pos)
		m := int64(len(pos))
		total += m * (m - 1)
	}
	if total == 0 {
		return competition.Score{}, fmt.Errorf("ZeroDivisionError: every notebook has at most one cell")
	}
	return competition.Float(1 - float64(4*inv)/float64(total)), nil
}

// inversions counts pairs i < j with a[i] > a[j] (merge sort; a is
// reordered).
func inversions(a []int) int64 {
	if len(a) < 2 {
		return 0
	}
	tmp := make([]int, len(a))
	var rec func(lo, hi int) int64
	rec = func(lo, hi int) int64 {
		if hi-lo < 2 {
			return 0
		}
		mid := (lo + hi) / 2
		c := rec(lo, mid) + rec(mid, hi)
		i, j, k := lo, mid, lo
		for i < mid && j < hi {
			if a[j] < a[i] {
				c += int64(mid - i)
				tmp[k] = a[j]
				j++
			} else {
				tmp[k] = a[i]
				i++
			}
			k++
		}
		k += copy(tmp[k:], a[i:mid])
		copy(tmp[k:], a[j:hi])
		copy(a[lo:hi], tmp[lo:hi])
		return c
	}
	return rec(0, len(a))
}
