package competitions

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// Tests of shared.go on table.Column.Mixed columns: pandas object columns
// holding Python values of several types, which pandas' low_memory block
// inference builds for large files. Expected values come from
// testdata/shared/reference_mixed.py (numpy/pandas/scikit-learn, run once).

// sharedTMixed builds a Mixed object column from Go values standing for
// Python ones: int → int, float64 → float (NaN missing), bool → bool,
// string → str, nil → a missing str cell.
func sharedTMixed(name string, cells ...any) *table.Column {
	n := len(cells)
	c := &table.Column{Name: name, Kind: table.String, Text: make([]string, n), Null: make([]bool, n),
		Mixed: make([]table.Kind, n), Ints: make([]int64, n), Floats: make([]float64, n), Bools: make([]bool, n)}
	for i, v := range cells {
		switch v := v.(type) {
		case int:
			c.Mixed[i], c.Ints[i], c.Text[i] = table.Int64, int64(v), strconv.Itoa(v)
		case float64:
			c.Mixed[i], c.Floats[i], c.Text[i] = table.Float64, v, pyfloat.Repr(v)
			c.Null[i] = math.IsNaN(v)
		case bool:
			c.Mixed[i], c.Bools[i], c.Text[i] = table.Bool, v, strconv.FormatBool(v)
		case string:
			c.Mixed[i], c.Text[i] = table.String, v
		case nil:
			c.Mixed[i], c.Null[i] = table.String, true
		default:
			panic(fmt.Sprintf("sharedTMixed: %T", v))
		}
	}
	return c
}

type sharedTOutcome struct {
	Value any     `json:"value"`
	Error *string `json:"error"`
}

func sharedTMixedGolden(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "shared", "reference_mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]json.RawMessage
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func sharedTGet(t *testing.T, g map[string]json.RawMessage, key string, into any) {
	t.Helper()
	raw, ok := g[key]
	if !ok {
		t.Fatalf("reference_mixed.json has no %q", key)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatalf("%s: %v", key, err)
	}
}

func TestSharedMixedColumns(t *testing.T) {
	g := sharedTMixedGolden(t)
	const big = 1 << 53
	nan := math.NaN()

	t.Run("sort_values orders numbers exactly", func(t *testing.T) {
		var want []int
		sharedTGet(t, g, "sort_numbers", &want)
		c := sharedTMixed("c", 3, big+1, 1.5, nan, true, float64(big))
		if got := sharedSortIndex(c); !slices.Equal(got, want) {
			t.Errorf("order %v, want %v", got, want)
		}
		if err := sharedSortError(c); err != nil {
			t.Errorf("numbers only: %v", err)
		}
	})
	t.Run("sort_values: text with numbers is a TypeError", func(t *testing.T) {
		var want sharedTOutcome
		sharedTGet(t, g, "sort_text_and_numbers", &want)
		if want.Error == nil || *want.Error != "TypeError" {
			t.Fatalf("reference: %+v", want)
		}
		if err := sharedSortError(sharedTMixed("c", "b", 3, "a")); err == nil {
			t.Error("no error")
		}
		if err := sharedSortError(sharedTMixed("c", "b", nil, "a")); err != nil {
			t.Errorf("text and missing cells only: %v", err)
		}
	})
	t.Run("element-wise !=", func(t *testing.T) {
		for _, tc := range []struct {
			key  string
			a, b *table.Column
		}{
			{"ne_object_vs_float64", sharedTMixed("a", big+1, 1, "1", 1.0), table.Floats("b", []float64{big, 1, 1, 1})},
			{"ne_int64_vs_float64", table.Ints("a", []int64{big + 1}), table.Floats("b", []float64{big})},
			{"ne_object_vs_object", sharedTMixed("a", 1, "a", nan, true), sharedTMixed("b", "1", "a", nan, 1)},
		} {
			var ne []bool
			sharedTGet(t, g, tc.key, &ne)
			for k := range ne {
				if got := sharedCellsEqual(tc.a, k, tc.b, k); got == ne[k] {
					t.Errorf("%s[%d]: equal = %v, numpy != gives %v", tc.key, k, got, ne[k])
				}
				if got := sharedCellsEqual(tc.b, k, tc.a, k); got == ne[k] {
					t.Errorf("%s[%d] swapped: equal = %v, numpy != gives %v", tc.key, k, got, ne[k])
				}
			}
		}
	})
	t.Run("a NaN float is missing even without Null", func(t *testing.T) {
		c := sharedTMixed("c", nan, "a")
		c.Null = nil
		if sharedCellsEqual(c, 0, c, 0) {
			t.Error("NaN == NaN")
		}
		if got := sharedSortIndex(c); !slices.Equal(got, []int{1, 0}) {
			t.Errorf("order %v, want NaN last", got)
		}
	})
	t.Run("sets", func(t *testing.T) {
		var a, b bool
		sharedTGet(t, g, "set_int_text_vs_text", &a)
		sharedTGet(t, g, "set_float_text_vs_bool_text", &b)
		if got := sharedSameSet(sharedTMixed("a", 1, "a"), table.Strings("b", []string{"1", "a"})); got != a {
			t.Errorf("{1, 'a'} == {'1', 'a'}: %v, want %v", got, a)
		}
		if got := sharedSameSet(sharedTMixed("a", 1.0, "a"), sharedTMixed("b", true, "a")); got != b {
			t.Errorf("{1.0, 'a'} == {True, 'a'}: %v, want %v", got, b)
		}
	})
	t.Run("float conversion", func(t *testing.T) {
		var want []string
		sharedTGet(t, g, "floats", &want)
		got, err := sharedFloats(sharedTMixed("c", 3, 1.5, true, "2.5", "1_0", nan, "+nan", "1e400"))
		if err != nil {
			t.Fatal(err)
		}
		var reprs []string
		for _, v := range got {
			reprs = append(reprs, pyfloat.Repr(v))
		}
		if !slices.Equal(reprs, want) {
			t.Errorf("floats %v, want %v", reprs, want)
		}
		var bad sharedTOutcome
		sharedTGet(t, g, "floats_text", &bad)
		if _, err := sharedFloats(sharedTMixed("c", 3, "x")); (err != nil) != (bad.Error != nil) {
			t.Errorf("text cell: err %v, reference %+v", err, bad)
		}
	})
	t.Run("min and max skip NaN", func(t *testing.T) {
		var want []float64
		sharedTGet(t, g, "min_max", &want)
		lo, hi := sharedNanMinMax(sharedTMixed("c", 1, 0.5, nan, true))
		if lo != want[0] || hi != want[1] {
			t.Errorf("min, max = %v, %v, want %v", lo, hi, want)
		}
	})
	t.Run("to_numeric", func(t *testing.T) {
		var want map[string]bool
		sharedTGet(t, g, "to_numeric", &want)
		for _, s := range sortedKeys(want) {
			if got := sharedToNumericOK(s); got != want[s] {
				t.Errorf("to_numeric(%q) accepted = %v, want %v", s, got, want[s])
			}
		}
	})
	t.Run("labels", func(t *testing.T) {
		for _, tc := range []struct {
			key          string
			yTrue, yPred *table.Column
		}{
			{"accuracy_mixed_numbers", table.Ints("y", []int64{1, 0, 1}), sharedTMixed("p", 1, 0.0, true)},
			{"accuracy_text_and_numbers", table.Ints("y", []int64{1, 0, 1}), sharedTMixed("p", 1, "a", 0)},
			{"accuracy_text_first", table.Strings("y", []string{"a", "b", "a"}), sharedTMixed("p", "a", 1, "a")},
		} {
			var want sharedTOutcome
			sharedTGet(t, g, tc.key, &want)
			acc, err := metric.Accuracy(sharedLabels(tc.yTrue), sharedLabels(tc.yPred))
			if want.Error != nil {
				if err == nil {
					t.Errorf("%s: accuracy %v, want a %s", tc.key, acc, *want.Error)
				}
				continue
			}
			if err != nil || acc != want.Value.(float64) {
				t.Errorf("%s: accuracy %v (%v), want %v", tc.key, acc, err, want.Value)
			}
		}
		var want sharedTOutcome
		sharedTGet(t, g, "auroc_mixed_numbers", &want)
		s, err := sharedFloats(sharedTMixed("p", true, 0.25, 1, 0))
		if err != nil {
			t.Fatal(err)
		}
		if auc, err := metric.ROCAUC([]float64{1, 0, 1, 0}, s); err != nil || auc != want.Value.(float64) {
			t.Errorf("roc_auc_score: %v (%v), want %v", auc, err, want.Value)
		}
	})
}

// TestSharedMixedHelpers: the utils.py helpers on Mixed submission columns.
func TestSharedMixedHelpers(t *testing.T) {
	ans := sharedTTable(t, "id,y\nb,1\na,0\nc,0\nd,1\n")
	withCols := func(cols ...*table.Column) *table.Table { return table.MustNew(cols...) }
	ids := table.Strings("id", []string{"a", "b", "c", "d"})
	t.Run("AUROC: numbers of several types are a numeric column", func(t *testing.T) {
		yTrue, yScore, err := sharedPrepareForAUROC(withCols(ids, sharedTMixed("y", 0, true, 0.25, 1.0)), ans, "id", "y")
		if err != nil {
			t.Fatal(err)
		}
		if auc, err := metric.ROCAUC(yTrue, yScore); err != nil || auc != 1 {
			t.Fatalf("auc %v (%v), want 1", auc, err)
		}
	})
	t.Run("AUROC: out of range", func(t *testing.T) {
		_, _, err := sharedPrepareForAUROC(withCols(ids, sharedTMixed("y", 0, 2, 0.25, 1.0)), ans, "id", "y")
		if !errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
	t.Run("AUROC: a text block is not numeric", func(t *testing.T) {
		_, _, err := sharedPrepareForAUROC(withCols(ids, sharedTMixed("y", 0, "high", 0.25, 1.0)), ans, "id", "y")
		if !errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
	t.Run("AUROC: ids mixing text and numbers make the sort raise", func(t *testing.T) {
		_, _, err := sharedPrepareForAUROC(withCols(sharedTMixed("id", "a", 1, "c", "d"), table.Floats("y", []float64{0, 1, 0, 1})), ans, "id", "y")
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("accuracy: ids mixing text and numbers make the sort raise", func(t *testing.T) {
		_, _, err := sharedPrepareForAccuracy(withCols(sharedTMixed("id", "a", 1, "c", "d"), table.Ints("y", []int64{0, 1, 0, 1})), ans, "y", "id")
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("row sums: an object column of numbers sums, text raises", func(t *testing.T) {
		sub := withCols(sharedTMixed("p", 0.5, true, 0), table.Floats("q", []float64{0.5, 0, 1}))
		cols, err := sharedRowSumCheck(sub, []string{"p", "q"}, 1e-6)
		if err != nil || !slices.Equal(cols[0], []float64{0.5, 1, 0}) {
			t.Fatalf("%v (%v)", cols, err)
		}
		sub = withCols(sharedTMixed("p", 0.5, "x", 0), table.Floats("q", []float64{0.5, 0, 1}))
		if _, err := sharedRowSumCheck(sub, []string{"p", "q"}, 1e-6); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("DataFrame.equals compares objects with ==", func(t *testing.T) {
		a := withCols(sharedTMixed("c", 1, "x", nil))
		if !sharedFrameEquals(a, withCols(sharedTMixed("c", 1.0, "x", nil))) {
			t.Error("1 == 1.0 at the same positions: want equal")
		}
		if sharedFrameEquals(a, withCols(sharedTMixed("c", "1", "x", nil))) {
			t.Error("1 vs '1': want different")
		}
	})
}

// TestDenoisingMixedValueBlocks reads a submission whose value column pandas
// builds from a bool block and a float block (low_memory parsing of more
// than 2^18 rows): an object column of floats that astype(float) converts
// (True → 1.0). It was an invalid submission before sharedFloats followed
// Column.Mixed.
func TestDenoisingMixedValueBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a 270,000-row CSV")
	}
	const n = 1<<18 + 8000
	var sb, ab strings.Builder
	sb.WriteString("id,value\n")
	ab.WriteString("id,value\n")
	var sq float64
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("1_%d_%d", i/1000+1, i%1000+1)
		truth := float64(i%5) / 4
		var pred float64
		if i < 1<<18 { // first parsing block: booleans
			pred = float64(i % 2)
			fmt.Fprintf(&sb, "%s,%s\n", id, map[bool]string{true: "True", false: "False"}[i%2 == 1])
		} else {
			pred = 0.5
			fmt.Fprintf(&sb, "%s,0.5\n", id)
		}
		fmt.Fprintf(&ab, "%s,%s\n", id, pyfloat.Repr(truth))
		sq += (pred - truth) * (pred - truth)
	}
	sub, err := table.ReadBytes([]byte(sb.String()), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := sub.Col("value"); c.Mixed == nil {
		t.Fatalf("value column: kind %v, not a Mixed object column; the test needs the reader's block inference", c.Kind)
	}
	ans, err := table.ReadBytes([]byte(ab.String()), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := denoisingGrade(sub, ans)
	if err != nil {
		t.Fatal(err)
	}
	if want := math.Sqrt(sq / n); math.Abs(s.Value-want) > 1e-12 {
		t.Fatalf("RMSE %v, want %v", s.Value, want)
	}
}
