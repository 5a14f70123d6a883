package pandas

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// nargsortReference is NArgsort as numpy computes it, without the
// distinct-values shortcut: numpy's quicksort with CompareCells.
func nargsortReference(c *table.Column) []int {
	var valid, nulls []int
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			nulls = append(nulls, i)
		} else {
			valid = append(valid, i)
		}
	}
	order := ArgsortQuick(len(valid), func(a, b int) bool { return CompareCells(c, valid[a], valid[b]) < 0 })
	out := make([]int, 0, c.Len())
	for _, k := range order {
		out = append(out, valid[k])
	}
	return append(out, nulls...)
}

// sameSetReference is SameSet through the map of SetKeys.
func sameSetReference(a, b *table.Column) bool {
	set := func(c *table.Column) (map[SetKey]bool, bool) {
		m := map[SetKey]bool{}
		for i := 0; i < c.Len(); i++ {
			k, ok := SetKeyOf(c, i)
			if !ok {
				return nil, true
			}
			m[k] = true
		}
		return m, false
	}
	sa, nanA := set(a)
	sb, nanB := set(b)
	if nanA || nanB || len(sa) != len(sb) {
		return false
	}
	for k := range sa {
		if !sb[k] {
			return false
		}
	}
	return true
}

// randomColumn builds a column of n cells drawn from a small or large
// value range (so with or without ties), of the given kind, some missing.
func randomColumn(r *rand.Rand, kind table.Kind, n, span int, nulls bool) *table.Column {
	switch kind {
	case table.Int64:
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(r.IntN(span)) - int64(span/2)
		}
		return table.Ints("x", v)
	case table.Float64:
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(r.IntN(span)) / 4
			if v[i] == 0 && r.IntN(2) == 0 {
				v[i] = math.Copysign(0, -1)
			}
			if nulls && r.IntN(10) == 0 {
				v[i] = math.NaN()
			}
		}
		return table.Floats("x", v)
	}
	text := make([]string, n)
	var null []bool
	for i := range text {
		text[i] = "id_" + strconv.Itoa(r.IntN(span))
		if r.IntN(3) == 0 {
			text[i] = text[i][:r.IntN(len(text[i])+1)]
		}
		if nulls && r.IntN(10) == 0 {
			if null == nil {
				null = make([]bool, n)
			}
			null[i], text[i] = true, ""
		}
	}
	c := table.Strings("x", text)
	c.Null = null
	return c
}

func TestNArgsortMatchesQuicksort(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 300; trial++ {
		kind := []table.Kind{table.String, table.Int64, table.Float64}[trial%3]
		n := r.IntN(200)
		if trial%50 == 0 {
			n = 5000
		}
		span := []int{3, 50, 1 << 30}[r.IntN(3)]
		c := randomColumn(r, kind, n, span, r.IntN(2) == 0)
		got, want := NArgsort(c), nargsortReference(c)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d (%v, n=%d, span %d): NArgsort %v, reference %v", trial, kind, n, span, got, want)
		}
	}
}

func TestSameSetMatchesSetKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 400; trial++ {
		ka := []table.Kind{table.String, table.Int64, table.Float64}[r.IntN(3)]
		kb := ka
		if r.IntN(4) == 0 {
			kb = []table.Kind{table.String, table.Int64, table.Float64}[r.IntN(3)]
		}
		span := []int{3, 20, 1000}[r.IntN(3)]
		nulls := r.IntN(3) == 0
		a := randomColumn(r, ka, r.IntN(40), span, nulls)
		b := randomColumn(r, kb, r.IntN(40), span, nulls)
		if r.IntN(3) == 0 {
			b = a.Take(r.Perm(a.Len()))
		}
		if got, want := SameSet(a, b), sameSetReference(a, b); got != want {
			t.Fatalf("trial %d: SameSet(%v %v, %v %v) = %v, reference %v", trial, ka, a, kb, b, got, want)
		}
	}
}
