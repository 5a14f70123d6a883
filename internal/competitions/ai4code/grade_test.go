package ai4code

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeBySorting is Grade as it was before the same-ids shortcut and the
// allocation-free loop: both tables sorted by id, strings.FieldsFunc
// tokens, a map per notebook, the recursive inversion count.
func gradeBySorting(sub, ans *table.Table) (competition.Score, error) {
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

// inversions is the recursive merge-sort count the grader used before
// countInversions: pairs i < j with a[i] > a[j]; a is reordered.
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

func readOrders(t *testing.T, rows []string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte("id,cell_order\n"+strings.Join(rows, "\n")+"\n"), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestGradeMatchesSorting compares Grade with the old sorting path on
// random notebooks: ids equal row by row (the shortcut) or shuffled, short
// and long cell lists (linear search and map), repeated cells, a missing
// cell id (ValueError), a different cell count (invalid), odd spacing.
func TestGradeMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	spaces := []string{" ", "  ", "\t", "\u3000"}
	shortcuts, errs := 0, 0
	for trial := range 600 {
		n := 1 + rng.IntN(6)
		var ans, sub []string
		for i := range n {
			m := 1 + rng.IntN(60)
			if rng.IntN(2) == 0 {
				m = 1 + rng.IntN(8)
			}
			cells := make([]string, m)
			for c := range cells {
				cells[c] = fmt.Sprintf("c%x", rng.IntN(3*m))
			}
			perm := slices.Clone(cells)
			rng.Shuffle(m, func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
			switch rng.IntN(12) {
			case 0:
				perm[rng.IntN(m)] = "zz" // not in the answer: ValueError
			case 1:
				perm = append(perm, "c0") // a different count: invalid
			}
			sep := spaces[rng.IntN(len(spaces))]
			id := fmt.Sprintf("nb%02d", rng.IntN(40))
			if i == 0 && trial%9 == 0 {
				id = "" // a missing id
			}
			ans = append(ans, id+","+strings.Join(cells, " "))
			sub = append(sub, id+","+sep+strings.Join(perm, sep))
		}
		if rng.IntN(3) == 0 {
			rng.Shuffle(n, func(a, b int) { sub[a], sub[b] = sub[b], sub[a] })
		}
		a, s := readOrders(t, ans), readOrders(t, sub)
		sid, _ := s.Col("id")
		aid, _ := a.Col("id")
		if sameIDs(sid, aid) {
			shortcuts++
		}
		want, werr := gradeBySorting(s, a)
		got, gerr := Grade(s, a)
		if werr != nil {
			errs++
		}
		if fmt.Sprint(werr) != fmt.Sprint(gerr) || errors.Is(werr, competition.ErrInvalidSubmission) != errors.Is(gerr, competition.ErrInvalidSubmission) {
			t.Fatalf("trial %d: error %v, want %v\nans %q\nsub %q", trial, gerr, werr, ans, sub)
		}
		if math.Float64bits(got.Value) != math.Float64bits(want.Value) || got.Kind != want.Kind {
			t.Fatalf("trial %d: score %v, want %v\nans %q\nsub %q", trial, got, want, ans, sub)
		}
	}
	if shortcuts < 150 || errs < 100 {
		t.Fatalf("cases not covered: %d shortcuts, %d errors", shortcuts, errs)
	}
}

func TestCountInversions(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	for range 300 {
		a := make([]int, rng.IntN(80))
		for i := range a {
			a[i] = rng.IntN(len(a) + 1)
		}
		want := inversions(slices.Clone(a))
		if got := countInversions(slices.Clone(a), make([]int, len(a))); got != want {
			t.Fatalf("%v: %d inversions, want %d", a, got, want)
		}
	}
}

func TestFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b\t", "a\u3000b\x1cc", "\xffa b", "a\u00a0b"} {
		want := strings.FieldsFunc(s, isSpace)
		if got := appendFields(nil, s); !slices.Equal(got, want) {
			t.Errorf("appendFields(%q) = %q, want %q", s, got, want)
		}
		if got := countFields(s); got != len(want) {
			t.Errorf("countFields(%q) = %d, want %d", s, got, len(want))
		}
	}
}
