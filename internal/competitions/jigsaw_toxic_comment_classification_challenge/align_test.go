package jigsaw_toxic_comment_classification_challenge

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// keptRowsByAnyMap is the mask lookup as first written: one map from
// pandas.CellKey values, filled in answer row order, read in the
// submission's sorted-id order. keptSubmissionRows must give the same rows
// and errors on every input.
func keptRowsByAnyMap(subID, ansID *table.Column, keep []bool) ([]int, error) {
	maskByID := map[any]bool{}
	for i := range keep {
		if k, ok := pandas.CellKey(ansID, i); ok {
			maskByID[k] = keep[i]
		}
	}
	var subRows []int
	for _, i := range pandas.SortIndexOrder(subID) {
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

func TestKeptSubmissionRowsMatchesAnyMap(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	text := func(v []string, null []bool) *table.Column {
		return &table.Column{Name: "id", Kind: table.String, Text: v, Null: null}
	}
	type tc struct {
		name     string
		sub, ans *table.Column
	}
	var cases []tc
	for round := 0; round < 40; round++ {
		n := 1 + rng.Intn(60)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprintf("%x", rng.Int63n(int64(4*n)+1)) // some duplicates
		}
		uniq := make([]string, n)
		for i := range uniq {
			uniq[i] = fmt.Sprintf("%016x", rng.Int63())
		}
		shuffled := append([]string(nil), uniq...)
		rng.Shuffle(n, func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		nulls := make([]bool, n)
		nulls[rng.Intn(n)] = true
		ints := make([]int64, n)
		for i := range ints {
			ints[i] = rng.Int63n(int64(2 * n))
		}
		floats := make([]float64, n)
		for i := range floats {
			floats[i] = float64(ints[i])
		}
		floats[rng.Intn(n)] = math.NaN()
		unknown := append([]string(nil), uniq...)
		unknown[rng.Intn(n)] = "zz"
		cases = append(cases,
			tc{"same unique text", text(uniq, nil), text(append([]string(nil), uniq...), nil)},
			tc{"same text with duplicates", text(ids, nil), text(append([]string(nil), ids...), nil)},
			tc{"shuffled text", text(shuffled, nil), text(uniq, nil)},
			tc{"text vs duplicates", text(uniq, nil), text(ids, nil)},
			tc{"missing text in both", text(uniq, nulls), text(uniq, nulls)},
			tc{"missing text in submission", text(uniq, nulls), text(uniq, nil)},
			tc{"missing text in answers", text(shuffled, nil), text(uniq, nulls)},
			tc{"unknown id", text(unknown, nil), text(uniq, nil)},
			tc{"same ints", table.Ints("id", ints), table.Ints("id", append([]int64(nil), ints...))},
			tc{"floats vs ints", table.Floats("id", floats), table.Ints("id", ints)},
			tc{"ints vs floats", table.Ints("id", ints), table.Floats("id", floats)},
		)
	}
	for _, c := range cases {
		n := c.ans.Len()
		keep := make([]bool, n)
		for i := range keep {
			keep[i] = rng.Intn(4) != 0
		}
		want, wantErr := keptRowsByAnyMap(c.sub, c.ans, keep)
		ansOrder := pandas.SortIndexOrder(c.ans)
		var ansRows []int
		for _, i := range ansOrder {
			if keep[i] {
				ansRows = append(ansRows, i)
			}
		}
		got, err := keptSubmissionRows(c.sub, c.ans, ansOrder, keep, ansRows)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("%s: error %v, want %v", c.name, err, wantErr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: rows %v, want %v", c.name, got, want)
		}
	}
}

func TestFloatsAtMatchesTake(t *testing.T) {
	cols := []*table.Column{
		table.Ints("a", []int64{3, -1, 7, 0}),
		table.Floats("b", []float64{0.5, math.NaN(), 2, -3}),
		{Name: "c", Kind: table.String, Text: []string{"1", "x", "2.5", ""}, Null: []bool{false, false, false, true}},
		{Name: "d", Kind: table.String, Text: []string{"1", "2", "2.5", ""}, Null: []bool{false, false, false, true}},
		table.Bools("e", []bool{true, false, true, true}),
	}
	for _, rows := range [][]int{nil, {3, 0, 2}, {1, 1}, {}} {
		for _, c := range cols {
			var want []float64
			var wantErr error
			if rows == nil {
				want, wantErr = pandas.Floats(c)
			} else {
				want, wantErr = pandas.Floats(c.Take(rows))
			}
			got, err := floatsAt(c, rows)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s %v: %v, %v; want %v, %v", c.Name, rows, got, err, want, wantErr)
			}
		}
	}
}
