package parquetcols

import (
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
)

func sampleColumns() []*Column {
	return []*Column{
		{Field: Field{"b", Bool}, Bools: []bool{true, false, true}},
		{Field: Field{"i8", Int8}, Ints: []int64{-128, 0, 127}},
		{Field: Field{"i16", Int16}, Ints: []int64{-32768, 1, 32767}},
		{Field: Field{"i32", Int32}, Ints: []int64{math.MinInt32, 2, math.MaxInt32}},
		{Field: Field{"i64", Int64}, Ints: []int64{math.MinInt64, 3, math.MaxInt64}},
		{Field: Field{"u8", Uint8}, Ints: []int64{0, 200, 255}},
		{Field: Field{"u32", Uint32}, Ints: []int64{0, 1, math.MaxUint32}},
		{Field: Field{"u64", Uint64}, Ints: []int64{0, 1, -1}},
		{Field: Field{"f32", Float32}, Floats: []float64{float64(float32(1.2345679)), math.NaN(), -0.5}},
		{Field: Field{"f64", Float64}, Floats: []float64{0.1, 1e-5, math.NaN()}},
		{Field: Field{"s", String}, Strs: []string{"a,b", "", "ü"}, Null: []bool{false, true, false}},
		// A name sorting before the others: order must be kept.
		{Field: Field{"A", Int64}, Ints: []int64{7, 8, 9}},
	}
}

func fields(cols []*Column) []Field {
	var out []Field
	for _, c := range cols {
		out = append(out, c.Field)
	}
	return out
}

func sameColumn(a, b *Column) bool {
	if a.Field != b.Field || a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		if string(a.AppendText(nil, i, "<NA>")) != string(b.AppendText(nil, i, "<NA>")) {
			return false
		}
	}
	return true
}

// TestRoundTrip writes every supported type in three row groups and reads
// them back by row group and whole, in the written column order.
func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.parquet")
	cols := sampleColumns()
	w, err := Create(path, fields(cols))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := w.Write(cols); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !reflect.DeepEqual(r.Fields(), fields(cols)) {
		t.Fatalf("fields %v, want %v", r.Fields(), fields(cols))
	}
	if r.NumRows() != 9 {
		t.Fatalf("rows %d", r.NumRows())
	}
	all, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range all {
		tripled := c.Take([]int{0, 1, 2})
		if !sameColumn(tripled, cols[k]) || c.Len() != 9 {
			t.Errorf("column %s: read %v", c.Name, c)
		}
	}
	sel, err := ReadAll(path, "A", "f32")
	if err != nil || len(sel) != 2 || sel[0].Name != "A" || sel[1].Type != Float32 || sel[1].Len() != 9 {
		t.Fatalf("selected read: %v %v", sel, err)
	}
	if _, err := ReadAll(path, "nope"); err == nil {
		t.Error("unknown column accepted")
	}
}

func TestAppendText(t *testing.T) {
	cols := sampleColumns()
	want := map[string][3]string{
		"b": {"True", "False", "True"}, "i8": {"-128", "0", "127"}, "u64": {"0", "1", "18446744073709551615"},
		"f32": {"1.2345679", "", "-0.5"}, "f64": {"0.1", "1e-05", ""}, "s": {"a,b", "", "ü"},
	}
	for _, c := range cols {
		w, ok := want[c.Name]
		if !ok {
			continue
		}
		for i := range 3 {
			if got := string(c.AppendText(nil, i, "")); got != w[i] {
				t.Errorf("%s[%d] = %q, want %q", c.Name, i, got, w[i])
			}
		}
	}
}

// TestRepr32 compares with numpy 1.24's np.array([v], dtype=np.float32).astype(str).
func TestRepr32(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{1e16, "1e+16"}, {1e15, "1000000000000000.0"}, {1.2345679, "1.2345679"}, {1e-4, "1e-04"},
		{9.9e-5, "9.9e-05"}, {123456789.0, "123456790.0"}, {3.1415927, "3.1415927"}, {0.1, "0.1"},
		{0, "0.0"}, {math.Copysign(0, -1), "-0.0"}, {-2.5, "-2.5"}, {6.2831855, "6.2831855"},
		{0.00012, "0.00012"}, {math.Inf(1), "inf"}, {math.NaN(), "nan"},
	} {
		if got := string(AppendRepr32(nil, float32(tc.v))); got != tc.want {
			t.Errorf("AppendRepr32(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestPandasIndexColumnsSkipped: a column the pandas metadata names as the
// index is not a data column.
func TestPandasIndexColumnsSkipped(t *testing.T) {
	type row struct {
		A   int64 `parquet:"a"`
		Idx int64 `parquet:"__index_level_0__"`
	}
	path := filepath.Join(t.TempDir(), "i.parquet")
	f, _ := os.Create(path)
	w := parquet.NewGenericWriter[row](f, parquet.KeyValueMetadata("pandas", `{"index_columns": ["__index_level_0__"], "columns": []}`))
	if _, err := w.Write([]row{{1, 5}, {2, 6}}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	f.Close()
	cols, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cols) != 1 || cols[0].Name != "a" || !reflect.DeepEqual(cols[0].Ints, []int64{1, 2}) {
		t.Fatalf("got %+v", cols)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.parquet")); err == nil {
		t.Error("missing file opened")
	}
	junk := filepath.Join(dir, "junk.parquet")
	os.WriteFile(junk, []byte("PAR1 not really"), 0o644)
	if _, err := Open(junk); err == nil {
		t.Error("junk opened")
	}
	// A null in an integer column is refused with a clear error.
	type row struct {
		A *int64 `parquet:"a,optional"`
	}
	p := filepath.Join(dir, "null.parquet")
	f, _ := os.Create(p)
	w := parquet.NewGenericWriter[row](f)
	one := int64(1)
	w.Write([]row{{&one}, {nil}})
	w.Close()
	f.Close()
	r, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err == nil || errors.Is(err, io.EOF) {
		t.Errorf("null int accepted: %v", err)
	}
	r.Close()
	// Nested schemas are refused.
	type nested struct {
		In struct {
			X int64 `parquet:"x"`
		} `parquet:"in"`
	}
	p = filepath.Join(dir, "nested.parquet")
	f, _ = os.Create(p)
	nw := parquet.NewGenericWriter[nested](f)
	nw.Write([]nested{{}})
	nw.Close()
	f.Close()
	if _, err := Open(p); err == nil {
		t.Error("nested schema accepted")
	}
	// Writer checks.
	if _, err := Create(filepath.Join(dir, "d.parquet"), []Field{{"a", Int64}, {"a", Int64}}); err == nil {
		t.Error("duplicate column accepted")
	}
	cw, err := Create(filepath.Join(dir, "w.parquet"), []Field{{"a", Int64}})
	if err != nil {
		t.Fatal(err)
	}
	if err := cw.Write([]*Column{{Field: Field{"a", Float64}, Floats: []float64{1}}}); err == nil {
		t.Error("wrong type accepted")
	}
	cw.Abort()
}

// TestBatches: a row group larger than BatchRows comes back in batches, in
// order, page by page; the column selection is fixed within a pass.
func TestBatches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.parquet")
	n := 2*BatchRows + 123
	ints := make([]int64, n)
	fl := make([]float64, n)
	for i := range ints {
		ints[i], fl[i] = int64(i), float64(i)/2
	}
	w, err := Create(path, []Field{{"i", Int64}, {"f", Float32}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write([]*Column{{Field: Field{"i", Int64}, Ints: ints}, {Field: Field{"f", Float32}, Floats: fl}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var sizes []int
	next := int64(0)
	for {
		cols, err := r.Next("f", "i")
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, cols[0].Len())
		for k, v := range cols[1].Ints {
			if v != next || cols[0].Floats[k] != float64(v)/2 {
				t.Fatalf("row %d: %d %v", next, v, cols[0].Floats[k])
			}
			next++
		}
	}
	if !reflect.DeepEqual(sizes, []int{BatchRows, BatchRows, 123}) {
		t.Errorf("batch sizes %v", sizes)
	}
	r.Rewind()
	if _, err := r.Next("i"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next("f"); err == nil {
		t.Error("selection change accepted")
	}
}
