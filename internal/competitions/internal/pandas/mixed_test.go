package pandas

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

type outcome struct {
	Value any     `json:"value"`
	Error *string `json:"error"`
}

func mixedGolden(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reference_mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]json.RawMessage
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func get(t *testing.T, g map[string]json.RawMessage, key string, into any) {
	t.Helper()
	raw, ok := g[key]
	if !ok {
		t.Fatalf("reference_mixed.json has no %q", key)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatalf("%s: %v", key, err)
	}
}

func TestMixedColumns(t *testing.T) {
	g := mixedGolden(t)
	const big = 1 << 53
	nan := math.NaN()

	t.Run("sort_values orders numbers exactly", func(t *testing.T) {
		var want []int
		get(t, g, "sort_numbers", &want)
		c := comptest.MixedColumn("c", 3, big+1, 1.5, nan, true, float64(big))
		if got := SortIndex(c); !slices.Equal(got, want) {
			t.Errorf("order %v, want %v", got, want)
		}
		if err := SortError(c); err != nil {
			t.Errorf("numbers only: %v", err)
		}
	})
	t.Run("sort_values: text with numbers is a TypeError", func(t *testing.T) {
		var want outcome
		get(t, g, "sort_text_and_numbers", &want)
		if want.Error == nil || *want.Error != "TypeError" {
			t.Fatalf("reference: %+v", want)
		}
		if err := SortError(comptest.MixedColumn("c", "b", 3, "a")); err == nil {
			t.Error("no error")
		}
		if err := SortError(comptest.MixedColumn("c", "b", nil, "a")); err != nil {
			t.Errorf("text and missing cells only: %v", err)
		}
	})
	t.Run("element-wise !=", func(t *testing.T) {
		for _, tc := range []struct {
			key  string
			a, b *table.Column
		}{
			{"ne_object_vs_float64", comptest.MixedColumn("a", big+1, 1, "1", 1.0), table.Floats("b", []float64{big, 1, 1, 1})},
			{"ne_int64_vs_float64", table.Ints("a", []int64{big + 1}), table.Floats("b", []float64{big})},
			{"ne_object_vs_object", comptest.MixedColumn("a", 1, "a", nan, true), comptest.MixedColumn("b", "1", "a", nan, 1)},
		} {
			var ne []bool
			get(t, g, tc.key, &ne)
			for k := range ne {
				if got := CellsEqual(tc.a, k, tc.b, k); got == ne[k] {
					t.Errorf("%s[%d]: equal = %v, numpy != gives %v", tc.key, k, got, ne[k])
				}
				if got := CellsEqual(tc.b, k, tc.a, k); got == ne[k] {
					t.Errorf("%s[%d] swapped: equal = %v, numpy != gives %v", tc.key, k, got, ne[k])
				}
			}
		}
	})
	t.Run("a NaN float is missing even without Null", func(t *testing.T) {
		c := comptest.MixedColumn("c", nan, "a")
		c.Null = nil
		if CellsEqual(c, 0, c, 0) {
			t.Error("NaN == NaN")
		}
		if got := SortIndex(c); !slices.Equal(got, []int{1, 0}) {
			t.Errorf("order %v, want NaN last", got)
		}
	})
	t.Run("sets", func(t *testing.T) {
		var a, b bool
		get(t, g, "set_int_text_vs_text", &a)
		get(t, g, "set_float_text_vs_bool_text", &b)
		if got := SameSet(comptest.MixedColumn("a", 1, "a"), table.Strings("b", []string{"1", "a"})); got != a {
			t.Errorf("{1, 'a'} == {'1', 'a'}: %v, want %v", got, a)
		}
		if got := SameSet(comptest.MixedColumn("a", 1.0, "a"), comptest.MixedColumn("b", true, "a")); got != b {
			t.Errorf("{1.0, 'a'} == {True, 'a'}: %v, want %v", got, b)
		}
	})
	t.Run("float conversion", func(t *testing.T) {
		var want []string
		get(t, g, "floats", &want)
		got, err := Floats(comptest.MixedColumn("c", 3, 1.5, true, "2.5", "1_0", nan, "+nan", "1e400"))
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
		var bad outcome
		get(t, g, "floats_text", &bad)
		if _, err := Floats(comptest.MixedColumn("c", 3, "x")); (err != nil) != (bad.Error != nil) {
			t.Errorf("text cell: err %v, reference %+v", err, bad)
		}
	})
	t.Run("min and max skip NaN", func(t *testing.T) {
		var want []float64
		get(t, g, "min_max", &want)
		lo, hi := NanMinMax(comptest.MixedColumn("c", 1, 0.5, nan, true))
		if lo != want[0] || hi != want[1] {
			t.Errorf("min, max = %v, %v, want %v", lo, hi, want)
		}
	})
	t.Run("to_numeric", func(t *testing.T) {
		var want map[string]bool
		get(t, g, "to_numeric", &want)
		for _, s := range comptest.SortedKeys(want) {
			if got := ToNumericOK(s); got != want[s] {
				t.Errorf("to_numeric(%q) accepted = %v, want %v", s, got, want[s])
			}
		}
	})
	t.Run("labels", func(t *testing.T) {
		for _, tc := range []struct {
			key          string
			yTrue, yPred *table.Column
		}{
			{"accuracy_mixed_numbers", table.Ints("y", []int64{1, 0, 1}), comptest.MixedColumn("p", 1, 0.0, true)},
			{"accuracy_text_and_numbers", table.Ints("y", []int64{1, 0, 1}), comptest.MixedColumn("p", 1, "a", 0)},
			{"accuracy_text_first", table.Strings("y", []string{"a", "b", "a"}), comptest.MixedColumn("p", "a", 1, "a")},
		} {
			var want outcome
			get(t, g, tc.key, &want)
			acc, err := metric.Accuracy(Labels(tc.yTrue), Labels(tc.yPred))
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
		var want outcome
		get(t, g, "auroc_mixed_numbers", &want)
		s, err := Floats(comptest.MixedColumn("p", true, 0.25, 1, 0))
		if err != nil {
			t.Fatal(err)
		}
		if auc, err := metric.ROCAUC([]float64{1, 0, 1, 0}, s); err != nil || auc != want.Value.(float64) {
			t.Errorf("roc_auc_score: %v (%v), want %v", auc, err, want.Value)
		}
	})
}
