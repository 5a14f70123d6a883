package table

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/pyfloat"
)

func writeString(t *testing.T, tb *Table, opt WriteOptions) string {
	t.Helper()
	var b strings.Builder
	if err := tb.WriteCSV(&b, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteCases(t *testing.T) {
	nan := math.NaN()
	boolObj := &Column{Name: "k", Kind: BoolObject, Bools: []bool{true, false, false}, Null: []bool{false, false, true}}
	str := &Column{Name: "s", Kind: String, Text: []string{"a\rb", "", "x"}, Null: []bool{false, false, true}}
	mixed := &Column{Name: "m", Kind: String, Text: []string{"007", "x", "1.50", "TRUE"}, Null: make([]bool, 4),
		Mixed: []Kind{Int64, String, Float64, Bool}, Ints: []int64{7, 0, 0, 0}, Floats: []float64{0, 0, 1.5, 0}, Bools: []bool{false, false, false, true}}
	cases := []struct {
		name string
		tb   *Table
		opt  WriteOptions
		want string
	}{
		{"kinds", MustNew(Ints("i", []int64{1, -2, 3}), Floats("f", []float64{0.1, nan, 1e16}), Bools("b", []bool{true, false, true}), boolObj, str),
			WriteOptions{}, "i,f,b,k,s\n1,0.1,True,True,\"a\rb\"\n-2,,False,False,\n3,1e+16,True,,\n"},
		{"legacy CR", MustNew(str), WriteOptions{LegacyCR: true}, "s\na\rb\n\"\"\n\"\"\n"},
		{"nonnumeric", MustNew(Ints("sentence_id", []int64{0, 1, 2}), str, boolObj, Floats("f", []float64{2, nan, -0.5})),
			WriteOptions{Quoting: QuoteNonNumeric}, "\"sentence_id\",\"s\",\"k\",\"f\"\n0,\"a\rb\",True,2.0\n1,\"\",False,\"\"\n2,\"\",\"\",-0.5\n"},
		{"mixed", MustNew(mixed), WriteOptions{}, "m\n7\nx\n1.5\nTrue\n"},
		{"mixed nonnumeric", MustNew(mixed), WriteOptions{Quoting: QuoteNonNumeric}, "\"m\"\n7\n\"x\"\n1.5\nTrue\n"},
		{"all", MustNew(Ints("a", []int64{1}), Strings("b", []string{`q"`})), WriteOptions{Quoting: QuoteAll}, "\"a\",\"b\"\n\"1\",\"q\"\"\"\n"},
		{"float format", MustNew(Floats("r", []float64{0.3297, -0.0123, 0, nan})), WriteOptions{FloatFormat: "%.10f", NaRep: "NA"},
			"r\n0.3297000000\n-0.0123000000\n0.0000000000\nNA\n"},
		{"float format nonnumeric", MustNew(Floats("r", []float64{1.5, nan})), WriteOptions{FloatFormat: "%.2f", Quoting: QuoteNonNumeric},
			"\"r\"\n\"1.50\"\n\"\"\n"},
		{"10g", MustNew(Floats("p", []float64{8.3e-05, 12.5, 1e10, 0, 123456789.123})), WriteOptions{FloatFormat: "%.10g"},
			"p\n8.3e-05\n12.5\n1e+10\n0\n123456789.1\n"},
		{"index", MustNew(Strings("Id", []string{"a", "b"}), Ints("Category", []int64{0, 0})), WriteOptions{Index: Ints("", []int64{5, 9})},
			",Id,Category\n5,a,0\n9,b,0\n"},
		{"tab", MustNew(Strings("a b", []string{"x\ty", "p,q"})), WriteOptions{Sep: '\t'}, "a b\n\"x\ty\"\np,q\n"},
		{"single empty", MustNew(Strings("", []string{"", " "})), WriteOptions{}, "\"\"\n\"\"\n \n"},
		{"no header", MustNew(Ints("a", []int64{1})), WriteOptions{NoHeader: true}, "1\n"},
		{"empty table", Empty(), WriteOptions{}, "\n"},
		{"header only", MustNew(Strings("a", []string{}), Strings("b", []string{})), WriteOptions{}, "a,b\n"},
		{"sep in number", MustNew(Floats("x", []float64{1.5}), Ints("y", []int64{2})), WriteOptions{Sep: '.'}, "x.y\n\"1.5\".2\n"},
	}
	for _, c := range cases {
		if got := writeString(t, c.tb, c.opt); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestWriteLarge(t *testing.T) {
	// Several chunks and windows, compared with a one-worker write.
	n := 100_000
	ints := make([]int64, n)
	fl := make([]float64, n)
	r := rand.New(rand.NewPCG(1, 1))
	for i := range ints {
		ints[i] = r.Int64()
		fl[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
	}
	tb := MustNew(Ints("a", ints), Floats("b", fl))
	one := writeString(t, tb, WriteOptions{Workers: 1})
	two := writeString(t, tb, WriteOptions{Workers: 3})
	if one != two {
		t.Fatal("parallel write differs")
	}
	back, err := ReadBytes([]byte(two), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := back.Col("b")
	for i := range fl {
		if b.Floats[i] != fl[i] {
			t.Fatalf("row %d: %v != %v", i, b.Floats[i], fl[i])
		}
	}
}

func TestWriteErrors(t *testing.T) {
	tb := MustNew(Ints("a", []int64{1}))
	for _, opt := range []WriteOptions{{Sep: '"'}, {FloatFormat: "%d"}, {FloatFormat: "abc"}, {FloatFormat: "%.2f%s"}, {Index: Ints("", []int64{1, 2})}} {
		if err := tb.WriteCSV(&bytes.Buffer{}, opt); err == nil {
			t.Errorf("%+v: want error", opt)
		}
	}
	for _, c := range []*Column{
		{Name: "s", Kind: String, Null: []bool{false}},
		{Name: "s", Kind: BoolObject, Bools: []bool{true}, Null: []bool{}},
		{Name: "s", Kind: String, Text: []string{"x"}, Mixed: []Kind{Int64}},
		{Name: "s", Kind: String, Mixed: []Kind{String}, Null: []bool{false}},
	} {
		bad := &Table{cols: []*Column{c}, byName: map[string]int{"s": 0}, rows: 1}
		if err := bad.WriteCSV(&bytes.Buffer{}, WriteOptions{}); err == nil {
			t.Errorf("malformed column %+v: want error", c)
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	tb := MustNew(Strings("id", []string{"a", "b"}), Floats("p", []float64{0.5, 1}))
	if err := WriteFile(path, tb, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "id,p\na,0.5\nb,1.0\n" {
		t.Fatalf("%q", got)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("leftover files: %v", ents)
	}
	// A failing write leaves the old file alone and no temp file.
	if err := WriteFile(path, tb, WriteOptions{FloatFormat: "%q"}); err == nil {
		t.Fatal("want error")
	}
	got, _ = os.ReadFile(path)
	ents, _ = os.ReadDir(dir)
	if string(got) != "id,p\na,0.5\nb,1.0\n" || len(ents) != 1 {
		t.Errorf("failed write damaged the directory: %q %v", got, ents)
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "x.csv"), tb, WriteOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing dir: %v", err)
	}
}

func TestAppendReprMatchesPyfloat(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	special := []float64{0, math.Copysign(0, -1), 1, 1e16, 1e-4, 9.999999999999999e-5, 1e15, 123456789012345678, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 0.1, 100}
	for i := 0; i < 200000; i++ {
		var x float64
		if i < len(special) {
			x = special[i]
		} else if i%2 == 0 {
			x = math.Float64frombits(r.Uint64())
		} else {
			x = float64(r.IntN(2000000)-1000000) / float64(int(1)<<r.IntN(30))
		}
		if got, want := string(appendRepr(nil, x)), pyfloat.Repr(x); got != want {
			t.Fatalf("appendRepr(%v) = %q, pyfloat.Repr = %q", x, got, want)
		}
	}
}

// FuzzRoundTrip: writing what was read and reading it again gives the same
// table (names, kinds, values), as pandas' read_csv(to_csv(df)) does for
// the same inputs.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"a,b\n1,x\n2.5,\"y,z\"\n", "a\nTrue\nNA\n", "a,b\n\"q\"\"\",\"\r\"\n,\n", "x\n1e400\n-inf\n", "a,a\n007,TRUE\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := ReadBytes(data, ReadOptions{})
		if err != nil {
			return
		}
		if !roundTrippable(tb) {
			return
		}
		var b bytes.Buffer
		if err := tb.WriteCSV(&b, WriteOptions{}); err != nil {
			t.Fatalf("write: %v", err)
		}
		back, err := ReadBytes(append([]byte(nil), b.Bytes()...), ReadOptions{})
		if err != nil {
			t.Fatalf("re-read %q: %v", b.Bytes(), err)
		}
		if got, want := dump(back), dump(tb); got != want {
			t.Fatalf("round trip via %q:\n got %s\nwant %s", b.Bytes(), got, want)
		}
	})
}

// roundTrippable excludes what pandas cannot round-trip either: in a
// one-column table, a name or value made only of spaces and tabs is written
// as a blank line, which the reader skips.
func roundTrippable(tb *Table) bool {
	if len(tb.Columns()) != 1 {
		return len(tb.Columns()) > 1
	}
	blank := func(s string) bool { return strings.Trim(s, " \t") == "" && s != "" }
	c := tb.Columns()[0]
	if blank(c.Name) {
		return false
	}
	if c.Kind == String {
		for i := 0; i < c.Len(); i++ {
			if !c.IsNull(i) && (c.Mixed == nil || c.Mixed[i] == String) && blank(c.Text[i]) {
				return false
			}
		}
	}
	return true
}
