package labelgrade

import (
	"errors"
	"math"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

func readCSV(t *testing.T, s string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(s), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestMacroF1(t *testing.T) {
	ans := readCSV(t, "Id,Predicted\n0,5\n1,7\n2,5\n3,9\n")
	const (
		invalid = -1
		other   = -2
	)
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect, other order", "Id,Predicted\n3,9\n2,5\n1,7\n0,5\n", 1},
		// labels {4,5,7,9}: 5 → 2/3, 7 → 1, 9 → 1, 4 → 0
		{"unseen predicted label", "Id,Predicted\n0,5\n1,7\n2,4\n3,9\n", (2.0/3 + 2) / 4},
		{"float ids match int ids", "Id,Predicted\n0.0,5\n1.0,7\n2.0,5\n3.0,9\n", 1},
		{"floats truncate", "Id,Predicted\n0,5.9\n1,7.1\n2,5.5\n3,9.99\n", 1},
		{"text labels parse", "Id,Predicted\n0, 5\n1,+7\n2,5\n3,9\n", 1},
		{"bool labels are 0/1", "Id,Predicted\n0,True\n1,False\n2,True\n3,True\n", 0},
		{"text label raises", "Id,Predicted\n0,x5\n1,7\n2,5\n3,9\n", other},
		{"decimal text raises", "Id,Predicted\n0,a\n1,7.0\n2,5\n3,9\n", other},
		{"NaN raises", "Id,Predicted\n0,\n1,7\n2,5\n3,9\n", other},
		{"row count", "Id,Predicted\n0,5\n", invalid},
		{"no Id", "ID,Predicted\n0,5\n1,7\n2,5\n3,9\n", invalid},
		{"no Predicted", "Id,Prediction\n0,5\n1,7\n2,5\n3,9\n", invalid},
		{"ids differ", "Id,Predicted\n0,5\n1,7\n2,5\n4,9\n", invalid},
		{"duplicate ids", "Id,Predicted\n0,5\n1,7\n1,5\n3,9\n", invalid},
		{"text ids", "Id,Predicted\na,5\nb,7\nc,5\nd,9\n", invalid},
		{"missing id", "Id,Predicted\n0,5\n,7\n2,5\n3,9\n", invalid},
		{"fractional id", "Id,Predicted\n0,5\n1.5,7\n2,5\n3,9\n", invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := MacroF1(readCSV(t, tc.sub), ans, "Id", "Predicted")
			switch tc.want {
			case invalid:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case other:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a plain error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

func TestMixedIDs(t *testing.T) {
	ans := table.MustNew(table.Ints("Id", []int64{0, 1}), table.Ints("Predicted", []int64{1, 2}))
	mixed := &table.Column{Name: "Id", Kind: table.String, Text: []string{"0", ""}, Ints: []int64{0, 0}, Mixed: []table.Kind{table.String, table.Int64}}
	mixed.Ints[1] = 1
	sub := table.MustNew(mixed, table.Ints("Predicted", []int64{1, 2}))
	if _, err := MacroF1(sub, ans, "Id", "Predicted"); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Fatalf("text mixed with numbers: %v, want a TypeError-like plain error", err)
	}
	mixed.Mixed[0], mixed.Ints[0] = table.Int64, 0
	if s, err := MacroF1(sub, ans, "Id", "Predicted"); err != nil || s.Value != 1 {
		t.Fatalf("numbers-only object column: %v %v", s, err)
	}
}

func TestParseInt(t *testing.T) {
	for s, want := range map[string]int64{" 12 ": 12, "+3": 3, "-4": -4, "1_000": 1000, "007": 7} {
		if got, ok := ParseInt(s); !ok || got != want {
			t.Errorf("int(%q) = %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "1.0", "_1", "1__0", "1_", "abc", "--1", "+", "99999999999999999999"} {
		if _, ok := ParseInt(s); ok {
			t.Errorf("int(%q) accepted", s)
		}
	}
}

// PyInts with rows nil (AlignIntIDs' identity order) is PyInts over every
// row in order: the same values and the same errors.
func TestPyIntsIdentity(t *testing.T) {
	for _, tc := range []struct {
		name string
		col  *table.Column
	}{
		{"int64", table.Ints("p", []int64{5, -7, 0})},
		{"float64", table.Floats("p", []float64{5.9, -7.5, 0})},
		{"float64 NaN", table.Floats("p", []float64{5, math.NaN()})},
		{"text", readCSV(t, "p\n 5\n+7\n1_0\n").Columns()[0]},
		{"bad text", readCSV(t, "p\n5\nx\n").Columns()[0]},
		{"bool", table.Bools("p", []bool{true, false})},
		{"empty", table.Ints("p", []int64{})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := make([]int, tc.col.Len())
			for i := range rows {
				rows[i] = i
			}
			want, werr := PyInts(tc.col, rows)
			got, gerr := PyInts(tc.col, nil)
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Fatalf("error %v, want %v", gerr, werr)
			}
			if len(got) != len(want) {
				t.Fatalf("%v, want %v", got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%v, want %v", got, want)
				}
			}
		})
	}
}

// AlignIntIDs returns nil for a side whose ids are already in order, a
// sorting permutation otherwise; Row reads both.
func TestAlignIntIDsOrders(t *testing.T) {
	mismatch := competition.Invalid("ids differ")
	for _, tc := range []struct {
		name         string
		sub, ans     []int64
		subNil, ansN bool
		subRows      []int
	}{
		{"both in order", []int64{1, 2, 3}, []int64{1, 2, 3}, true, true, []int{0, 1, 2}},
		{"submission shuffled", []int64{3, 1, 2}, []int64{1, 2, 3}, false, true, []int{1, 2, 0}},
		{"answers shuffled", []int64{1, 2, 3}, []int64{2, 3, 1}, true, false, []int{0, 1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subIdx, ansIdx, err := AlignIntIDs(table.Ints("Id", tc.sub), table.Ints("Id", tc.ans), mismatch)
			if err != nil {
				t.Fatal(err)
			}
			if (subIdx == nil) != tc.subNil || (ansIdx == nil) != tc.ansN {
				t.Fatalf("orders %v %v: nil-ness want %v %v", subIdx, ansIdx, tc.subNil, tc.ansN)
			}
			for k, r := range tc.subRows {
				if got := Row(subIdx, k); got != r {
					t.Fatalf("Row(%v, %d) = %d, want %d", subIdx, k, got, r)
				}
				if tc.sub[Row(subIdx, k)] != tc.ans[Row(ansIdx, k)] {
					t.Fatalf("position %d: ids %d and %d", k, tc.sub[Row(subIdx, k)], tc.ans[Row(ansIdx, k)])
				}
			}
		})
	}
}
