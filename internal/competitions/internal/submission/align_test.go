package submission

import (
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/metric"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// alignBySorting is AlignByID's definition: both columns in SortIndex
// order, compared cell by cell.
func alignBySorting(sub, ans *table.Column) (subIdx, ansIdx []int, ok bool) {
	subIdx, ansIdx = pandas.SortIndex(sub), pandas.SortIndex(ans)
	if len(subIdx) != len(ansIdx) {
		return subIdx, ansIdx, false
	}
	for k := range subIdx {
		if !pandas.CellsEqual(sub, subIdx[k], ans, ansIdx[k]) {
			return subIdx, ansIdx, false
		}
	}
	return subIdx, ansIdx, true
}

// TestAlignMatchesSorting checks the in-order, direct-address and sorting
// paths of the alignment against the definition, and PrepareForAUROC's
// outputs against pandas.Floats of the taken columns.
func TestAlignMatchesSorting(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	perm := func(v []int64) []int64 {
		w := slices.Clone(v)
		r.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		return w
	}
	seq := func(first int64, n int) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = first + int64(i)
		}
		return v
	}
	type pair struct{ sub, ans *table.Column }
	cases := map[string]pair{}
	for _, n := range []int{1, 2, 50} {
		a := seq(900000, n)
		cases["same-"+strconv.Itoa(n)] = pair{table.Ints("id", seq(900000, n)), table.Ints("id", a)}
		cases["shuffled-"+strconv.Itoa(n)] = pair{table.Ints("id", perm(a)), table.Ints("id", a)}
		cases["both-shuffled-"+strconv.Itoa(n)] = pair{table.Ints("id", perm(a)), table.Ints("id", perm(a))}
		d := perm(a)
		d[0] = d[len(d)-1]
		cases["dup-"+strconv.Itoa(n)] = pair{table.Ints("id", d), table.Ints("id", a)}
		o := perm(a)
		o[0] = 1 << 62
		cases["out-of-range-"+strconv.Itoa(n)] = pair{table.Ints("id", o), table.Ints("id", a)}
		gaps := seq(-5, n)
		for i := range gaps {
			gaps[i] *= 3
		}
		cases["gaps-"+strconv.Itoa(n)] = pair{table.Ints("id", perm(gaps)), table.Ints("id", gaps)}
		f := make([]float64, n)
		for i := range f {
			f[i] = float64(a[i])
		}
		cases["float-sub-"+strconv.Itoa(n)] = pair{table.Floats("id", f), table.Ints("id", perm(a))}
		s := make([]string, n)
		for i := range s {
			s[i] = strconv.Itoa(int(a[i]))
		}
		cases["text-"+strconv.Itoa(n)] = pair{table.Strings("id", s), table.Strings("id", slices.Clone(s))}
	}
	cases["extreme"] = pair{table.Ints("id", []int64{-1 << 63, 1<<63 - 1}), table.Ints("id", []int64{1<<63 - 1, -1 << 63})}
	for name, c := range cases {
		gs, ga, gok := AlignByID(c.sub, c.ans)
		ws, wa, wok := alignBySorting(c.sub, c.ans)
		if gok != wok || !slices.Equal(gs, ws) || !slices.Equal(ga, wa) {
			t.Errorf("%s: AlignByID = %v %v %v, want %v %v %v", name, gs, ga, gok, ws, wa, wok)
		}
		n := c.sub.Len()
		target := make([]float64, n)
		for i := range target {
			target[i] = r.Float64()
		}
		labels := make([]int64, n)
		for i := range labels {
			labels[i] = int64(i % 2)
		}
		sub := table.MustNew(c.sub, table.Floats("target", target))
		ans := table.MustNew(c.ans, table.Ints("target", labels))
		yTrue, yScore, err := PrepareForAUROC(sub, ans, "id", "target")
		if (err == nil) != wok {
			t.Errorf("%s: PrepareForAUROC error %v, ids match %v", name, err, wok)
			continue
		}
		if err != nil {
			// ROCAUC's own shortcut for the dense shapes (an id out of
			// range or met twice) reports what the sorting path reports.
			if _, rerr := ROCAUC(sub, ans, "id", "target"); fmt.Sprint(rerr) != fmt.Sprint(err) ||
				errors.Is(rerr, competition.ErrInvalidSubmission) != errors.Is(err, competition.ErrInvalidSubmission) {
				t.Errorf("%s: ROCAUC error %v, PrepareForAUROC error %v", name, rerr, err)
			}
			continue
		}
		wt, _ := pandas.Floats(table.Ints("target", labels).Take(wa))
		wsc, _ := pandas.Floats(table.Floats("target", target).Take(ws))
		if !slices.Equal(yTrue, wt) || !slices.Equal(yScore, wsc) {
			t.Errorf("%s: PrepareForAUROC outputs differ from the sorted definition", name)
		}
		// Integer scores (gathered as float64 by the dense path too).
		isc := make([]int64, n)
		for i := range isc {
			isc[i] = int64(i % 2)
		}
		_, yScoreInts, err := PrepareForAUROC(table.MustNew(c.sub, table.Ints("target", isc)), ans, "id", "target")
		wisc, _ := pandas.Floats(table.Ints("target", isc).Take(ws))
		if err != nil || !slices.Equal(yScoreInts, wisc) {
			t.Errorf("%s: PrepareForAUROC with int64 scores: %v, outputs equal %v", name, err, slices.Equal(yScoreInts, wisc))
		}
		// ROCAUC (int64 labels, no float copy) scores as metric.ROCAUC on
		// PrepareForAUROC's outputs, bit for bit and error for error.
		want, wantErr := metric.ROCAUC(yTrue, yScore)
		got, gotErr := ROCAUC(sub, ans, "id", "target")
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%s: ROCAUC = %v, %v; want %v, %v", name, got, gotErr, want, wantErr)
		}
	}
}

// TestSameIDs checks SameIDs' cases and its promise: when it holds,
// sorting both columns pairs every row with itself and they match.
func TestSameIDs(t *testing.T) {
	strs := func(null []bool, v ...string) *table.Column {
		return &table.Column{Kind: table.String, Text: v, Null: null}
	}
	ints := func(v ...int64) *table.Column { return &table.Column{Kind: table.Int64, Ints: v} }
	floats := func(v ...float64) *table.Column { return &table.Column{Kind: table.Float64, Floats: v} }
	for _, c := range []struct {
		name     string
		sub, ans *table.Column
		want     bool
	}{
		{"equal strings, unsorted", strs(nil, "b", "a", "c"), strs(nil, "b", "a", "c"), true},
		{"equal strings, repeated", strs(nil, "b", "a", "b"), strs(nil, "b", "a", "b"), true},
		{"equal ints, unsorted", ints(3, 1, 2, 1), ints(3, 1, 2, 1), true},
		{"another order", strs(nil, "a", "b"), strs(nil, "b", "a"), false},
		{"another id", ints(1, 2), ints(1, 3), false},
		{"another length", ints(1, 2), ints(1, 2, 3), false},
		{"kinds differ", strs(nil, "1", "2"), ints(1, 2), false},
		{"a missing id", strs([]bool{false, true}, "a", ""), strs([]bool{false, true}, "a", ""), false},
		{"floats", floats(1, 2), floats(1, 2), false},
		{"mixed", &table.Column{Kind: table.String, Text: []string{"1"}, Ints: []int64{1}, Mixed: []table.Kind{table.Int64}},
			&table.Column{Kind: table.String, Text: []string{"1"}, Ints: []int64{1}, Mixed: []table.Kind{table.Int64}}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := SameIDs(c.sub, c.ans)
			if got != c.want {
				t.Fatalf("SameIDs = %v, want %v", got, c.want)
			}
			if !got {
				return
			}
			subIdx, ansIdx, ok := alignBySorting(c.sub, c.ans)
			if !ok || !slices.Equal(subIdx, ansIdx) {
				t.Errorf("sorting gives %v and %v (match %v): not each row with itself", subIdx, ansIdx, ok)
			}
		})
	}
	// Random id columns with repeats, in random orders.
	r := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		n := 1 + r.IntN(300)
		v := make([]string, n)
		for i := range v {
			v[i] = strconv.Itoa(r.IntN(n))
		}
		sub, ans := strs(nil, v...), strs(nil, slices.Clone(v)...)
		if !SameIDs(sub, ans) {
			t.Fatal("SameIDs false on equal columns")
		}
		if subIdx, ansIdx, ok := alignBySorting(sub, ans); !ok || !slices.Equal(subIdx, ansIdx) {
			t.Fatalf("%v: sorting pairs rows with others", v)
		}
	}
}
