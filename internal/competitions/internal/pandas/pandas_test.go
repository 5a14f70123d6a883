package pandas

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/table"
)

func TestSortIndex(t *testing.T) {
	tb := comptest.Table(t, "s,f,i,b\nb,2.5,3,True\n,,1,False\na,-1,2,True\nc,,2,False\n")
	for _, tc := range []struct {
		col  string
		want []int
	}{
		{"s", []int{2, 0, 3, 1}},
		{"f", []int{2, 0, 1, 3}},
		{"i", []int{1, 2, 3, 0}},
		{"b", []int{1, 3, 0, 2}},
	} {
		c, _ := tb.Col(tc.col)
		if got := SortIndex(c); !slices.Equal(got, tc.want) {
			t.Errorf("%s: order %v, want %v", tc.col, got, tc.want)
		}
	}
}

func TestCellsEqual(t *testing.T) {
	tb := comptest.Table(t, "s,i,f,b,n\n1,1,1.0,True,\nx,2,2.5,False,\n")
	col := func(n string) *table.Column { c, _ := tb.Col(n); return c }
	for _, tc := range []struct {
		a, b string
		i    int
		want bool
	}{
		{"i", "f", 0, true}, {"i", "b", 0, true}, {"f", "b", 0, true},
		{"s", "i", 0, false}, // "1" != 1
		{"i", "f", 1, false}, {"s", "s", 1, true}, {"n", "n", 0, false},
		{"b", "b", 1, true},
	} {
		if got := CellsEqual(col(tc.a), tc.i, col(tc.b), tc.i); got != tc.want {
			t.Errorf("%s[%d] == %s[%d]: %v, want %v", tc.a, tc.i, tc.b, tc.i, got, tc.want)
		}
	}
}

// TestSortIndexMatchesStableSort checks the radix sort of text
// columns against a stable comparison sort, on random text with
// duplicates, common prefixes, empty strings, non-ASCII bytes and missing
// cells.
func TestSortIndexMatchesStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 5, 33, 100, 5000} {
		text := make([]string, n)
		null := make([]bool, n)
		for i := range text {
			var b []byte
			for range r.IntN(12) {
				b = append(b, "ab_\u00e9\x00z1"[r.IntN(8)])
			}
			text[i] = string(b)
			null[i] = r.IntN(20) == 0
		}
		col := &table.Column{Name: "s", Kind: table.String, Text: text, Null: null}
		var want, nulls []int
		for i := range text {
			if null[i] {
				nulls = append(nulls, i)
			} else {
				want = append(want, i)
			}
		}
		slices.SortStableFunc(want, func(a, b int) int { return strings.Compare(text[a], text[b]) })
		want = append(want, nulls...)
		if got := SortIndex(col); !slices.Equal(got, want) {
			t.Fatalf("n=%d: order differs from a stable sort", n)
		}
	}
}

func TestSameRows(t *testing.T) {
	ints := func(v ...int64) *table.Column { return table.Ints("id", v) }
	strs := func(v ...string) *table.Column { return table.Strings("id", v) }
	withNull := strs("a", "b")
	withNull.Null = []bool{false, true}
	cases := []struct {
		name string
		a, b *table.Column
		want bool
	}{
		{"equal ints", ints(3, 1, 2), ints(3, 1, 2), true},
		{"same set, other order", ints(3, 1, 2), ints(1, 2, 3), false},
		{"equal text", strs("x", "y"), strs("x", "y"), true},
		{"text differs", strs("x", "y"), strs("x", "z"), false},
		{"lengths differ", strs("x"), strs("x", "x"), false},
		{"kinds differ", ints(1), strs("1"), false},
		{"missing cell", withNull, withNull, false},
	}
	for _, c := range cases {
		if got := SameRows(c.a, c.b); got != c.want {
			t.Errorf("%s: SameRows = %v, want %v", c.name, got, c.want)
		}
		if c.want && !SameSet(c.a, c.b) {
			t.Errorf("%s: equal rows but SameSet false", c.name)
		}
	}
}
