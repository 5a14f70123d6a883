package ai4code

import (
	"fmt"
	"slices"
	"strconv"

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
	same := sameIDs(sid, aid) // then the id sets are equal too
	if !same && !pandas.SameSet(sid, aid) {
		return competition.Score{}, competition.Invalid("submission ids do not match the answer ids")
	}
	if err := pandas.SortErrors(sid, aid); err != nil {
		return competition.Score{}, err
	}
	// The score sums integers over notebooks, so the order the pairs are
	// visited in does not matter: ids equal row by row pair row k with row
	// k, as sorting both would. Errors name the first bad notebook in
	// sorted order, so an error found that way is looked for again in
	// sorted order.
	if same {
		if s, err := kendallTau(sid, sco, aid, aco, nil, nil); err == nil {
			return s, nil
		}
	}
	return kendallTau(sid, sco, aid, aco, pandas.SortIndex(sid), pandas.SortIndex(aid))
}

// kendallTau pairs submission row si[k] with answers row ai[k] (row k with
// row k when the orders are nil), checks every pair's cell counts, then sums
// the inversions.
func kendallTau(sid, sco, aid, aco *table.Column, si, ai []int) (competition.Score, error) {
	n := sid.Len()
	at := func(order []int, k int) int {
		if order == nil {
			return k
		}
		return order[k]
	}
	for k := range n {
		ns, na := countFields(sco.Str(at(si, k))), countFields(aco.Str(at(ai, k)))
		if ns != na {
			return competition.Score{}, competition.Invalid("notebook %s: submission has %d cell ids, answer has %d",
				aid.Str(at(ai, k)), ns, na)
		}
	}
	var inv, total int64
	var subTok, ansTok []string
	var pos, tmp []int
	var first map[string]int
	for k := range n {
		subTok = appendFields(subTok[:0], sco.Str(at(si, k)))
		ansTok = appendFields(ansTok[:0], aco.Str(at(ai, k)))
		pos = pos[:0]
		if len(subTok) <= linearMax {
			for _, x := range ansTok {
				p := slices.Index(subTok, x) // list.index: the first occurrence
				if p < 0 {
					return competition.Score{}, notInList(x, aid.Str(at(ai, k)))
				}
				pos = append(pos, p)
			}
		} else {
			if first == nil || len(first) > 4*len(subTok) {
				first = make(map[string]int, len(subTok))
			} else {
				clear(first)
			}
			for p, x := range subTok {
				if _, ok := first[x]; !ok {
					first[x] = p
				}
			}
			for _, x := range ansTok {
				p, ok := first[x]
				if !ok {
					return competition.Score{}, notInList(x, aid.Str(at(ai, k)))
				}
				pos = append(pos, p)
			}
		}
		tmp = slices.Grow(tmp[:0], len(pos))[:len(pos)]
		inv += countInversions(pos, tmp)
		m := int64(len(pos))
		total += m * (m - 1)
	}
	if total == 0 {
		return competition.Score{}, fmt.Errorf("ZeroDivisionError: every notebook has at most one cell")
	}
	return competition.Float(1 - float64(4*inv)/float64(total)), nil
}

// linearMax is the longest cell list whose positions are found by linear
// search instead of a map.
const linearMax = 24

func notInList(x, notebook string) error {
	return fmt.Errorf("ValueError: %s is not in list (notebook %s)", strconv.Quote(x), notebook)
}

// sameIDs reports whether a and b hold the same text ids row by row, none
// missing and no numbers among them.
func sameIDs(a, b *table.Column) bool {
	return a.Kind == table.String && b.Kind == table.String && a.Mixed == nil && b.Mixed == nil &&
		!a.HasNull() && !b.HasNull() && slices.Equal(a.Text, b.Text)
}

// appendFields appends the str.split() fields of s to dst:
// strings.FieldsFunc(s, isSpace) without its allocation.
func appendFields(dst []string, s string) []string {
	start := -1
	for i, r := range s {
		if isSpace(r) {
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}

// countFields is len(appendFields(nil, s)).
func countFields(s string) int {
	n := 0
	in := false
	for _, r := range s {
		if isSpace(r) {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

// countInversions is inversions(a) with tmp (len(a)) as the merge buffer
// and a direct count for short lists; a is reordered.
func countInversions(a, tmp []int) int64 {
	if len(a) <= 16 {
		var c int64
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if a[i] > a[j] {
					c++
				}
			}
		}
		return c
	}
	var c int64
	// Bottom-up merge sort: runs of width w are merged pairwise.
	for w := 1; w < len(a); w *= 2 {
		for lo := 0; lo < len(a); lo += 2 * w {
			mid, hi := min(lo+w, len(a)), min(lo+2*w, len(a))
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
		}
		a, tmp = tmp, a
	}
	return c
}
