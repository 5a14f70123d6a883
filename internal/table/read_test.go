package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// dump renders a table compactly: name:kind[tags...] per column.
func dump(t *Table) string {
	var b strings.Builder
	for j, c := range t.Columns() {
		if j > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s:%v", c.Name, c.Kind)
		if c.Mixed != nil {
			b.WriteString("(mixed)")
		}
		b.WriteString("[")
		for i := 0; i < c.Len(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(cellTag(c, i))
		}
		b.WriteString("]")
	}
	return b.String()
}

// Cases checked by hand, mainly pandas 2.2 behaviour that Debian's pandas
// 1.5 (used for the golden files) does not have.
func TestReadCases(t *testing.T) {
	cases := []struct {
		in   string
		opt  ReadOptions
		want string
	}{
		// "None" is an NA string since pandas 2.0.
		{"a,b\nNone,x\n1,None\n", ReadOptions{}, "a:float64[n f:1.0] b:object[s:x n]"},
		{"a\nNone\n", ReadOptions{NoNA: true}, "a:object[s:None]"},
		{"a\nTrue\nNone\n", ReadOptions{}, "a:object(bool)[b:True n]"},
		// BOM, CRLF, lone CR, no final newline.
		{"\ufeffid,v\r\n1,2\r\n", ReadOptions{}, "id:int64[i:1] v:int64[i:2]"},
		{"a,b\r1,x\r2,y", ReadOptions{}, "a:int64[i:1 i:2] b:object[s:x s:y]"},
		{"a\n\"x\r\ny\"\n", ReadOptions{}, "a:object[s:x\r\ny]"},
		// Dtype applies to renamed duplicates too.
		{"a,a\n01,02\n", ReadOptions{Dtype: map[string]Kind{"a": String}}, "a:object[s:01] a.1:object[s:02]"},
		{"a,a\n01,02\n", ReadOptions{Dtype: map[string]Kind{"a": String, "a.1": Int64}}, "a:object[s:01] a.1:int64[i:2]"},
		{"a,b\n1,TRUE\n2,false\n", ReadOptions{Dtype: map[string]Kind{"b": Float64}}, "a:int64[i:1 i:2] b:float64[f:1.0 f:0.0]"},
		{"a\n 7 \n", ReadOptions{AllString: true}, "a:object[s: 7 ]"},
		{"a\n\n", ReadOptions{Dtype: map[string]Kind{"a": Int64}}, "a:int64[]"},
		{"a,b\n1,x\n", ReadOptions{Usecols: []string{"b"}}, "b:object[s:x]"},
		// Tab separator: a space-only line is blank, a tab-led one is not.
		{"a\tb\n  \n\t1\n", ReadOptions{Sep: '\t'}, "a:float64[n] b:int64[i:1]"},
		// NUL ends a value.
		{"a,b\nx\x00y,1\n", ReadOptions{}, "a:object[s:x] b:int64[i:1]"},
		// Duplicate names, checked against pandas 1.5.3 (same C parser code).
		{"a,a.1,a,a,a.1.1,a.1\n1,2,3,4,5,6\n", ReadOptions{}, "a:int64[i:1] a.1:int64[i:2] a.2:int64[i:3] a.3:int64[i:4] a.1.1:int64[i:5] a.1.2:int64[i:6]"},
		{"b.1,b,b,b.2,b\n1,2,3,4,5\n", ReadOptions{}, "b.1:int64[i:1] b:int64[i:2] b.3:int64[i:3] b.2:int64[i:4] b.4:int64[i:5]"},
		// Short rows are padded; an implicit index is not a column.
		{"a,b,c\n1\n", ReadOptions{}, "a:int64[i:1] b:float64[n] c:float64[n]"},
		{"a\n1,2\n3,4\n", ReadOptions{}, "a:int64[i:2 i:4]"},
	}
	for _, c := range cases {
		for _, w := range []int{1, 2} {
			c.opt.Workers = w
			tb, err := ReadBytes([]byte(c.in), c.opt)
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
				continue
			}
			if got := dump(tb); got != c.want {
				t.Errorf("%q %+v:\n got %s\nwant %s", c.in, c.opt, got, c.want)
			}
		}
	}
}

func TestReadIndex(t *testing.T) {
	tb, err := ReadBytes([]byte("a,b\nx,1,2\ny,3,4\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Index()) != 1 || dump(MustNew(tb.Index()...)) != ":object[s:x s:y]" {
		t.Fatalf("index %v", tb.Index())
	}
	if got := dump(tb); got != "a:int64[i:1 i:3] b:int64[i:2 i:4]" {
		t.Fatal(got)
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		in       string
		opt      ReadOptions
		is       error
		line     int
		contains string
	}{
		{"a,b\n1,2\n3,4,5\n", ReadOptions{}, ErrTokenize, 3, "Expected 2 fields in line 3, saw 3"},
		{"a\n\"x\ny\"\n\n\"open\n", ReadOptions{}, ErrTokenize, 4, "EOF inside string starting at row 3"},
		{"", ReadOptions{}, ErrEmpty, 0, "no columns"},
		{" \n\t\n", ReadOptions{}, ErrEmpty, 0, "no columns"},
		{"a\nx\xffy\n", ReadOptions{}, ErrEncoding, 0, `column "a", data row 1`},
		{"a\n1\n\xff\n", ReadOptions{AllString: true}, ErrEncoding, 0, "0xff"},
		{"a\n1\nx\n", ReadOptions{Dtype: map[string]Kind{"a": Int64}}, ErrDtype, 0, "invalid literal for int() with base 10: 'x'"},
		{"a\n1\nx\n", ReadOptions{Dtype: map[string]Kind{"a": Bool}}, ErrDtype, 0, "unsupported dtype"},
		{"a\n1\n", ReadOptions{Usecols: []string{"b", "c"}}, ErrUsecols, 0, "['b', 'c']"},
		{"a\n1\n", ReadOptions{Sep: '"'}, nil, 0, "invalid separator"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(path, []byte(c.in), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(path, c.opt)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not a *ParseError", c.in, err)
			continue
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%q: error %v is not %v", c.in, err, c.is)
		}
		if pe.Line != c.line || pe.Path != path {
			t.Errorf("%q: line %d path %q, want %d %q", c.in, pe.Line, pe.Path, c.line, path)
		}
		if !strings.Contains(err.Error(), c.contains) || !strings.Contains(err.Error(), path) {
			t.Errorf("%q: error %q lacks %q or the path", c.in, err, c.contains)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.csv"), ReadOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestReadFileAllowEmpty(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "e.csv")
	os.WriteFile(empty, nil, 0o644)
	tb, isEmpty, err := ReadFileAllowEmpty(empty, ReadOptions{})
	if err != nil || !isEmpty || tb.Len() != 0 || len(tb.Columns()) != 0 {
		t.Fatalf("empty: %v %v %v", tb, isEmpty, err)
	}
	hdr := filepath.Join(dir, "h.csv")
	os.WriteFile(hdr, []byte("id,target\n"), 0o644)
	tb, isEmpty, err = ReadFileAllowEmpty(hdr, ReadOptions{})
	if err != nil || isEmpty || tb.Len() != 0 || !reflect.DeepEqual(tb.Names(), []string{"id", "target"}) {
		t.Fatalf("header only: %v %v %v", tb, isEmpty, err)
	}
	bad := filepath.Join(dir, "b.csv")
	os.WriteFile(bad, []byte("a\n\"x"), 0o644)
	if _, _, err := ReadFileAllowEmpty(bad, ReadOptions{}); err == nil {
		t.Fatal("want error")
	}
}

func TestBlockSize(t *testing.T) {
	for w, want := range map[int]int{1: 524288, 2: 262144, 3: 262144, 5: 131072, 33: 16384, 0: 524288} {
		if got := BlockRows(w); got != want {
			t.Errorf("BlockRows(%d) = %d, want %d", w, got, want)
		}
	}
}

// TestLowMemoryOption: NoLowMemory infers over the whole column.
func TestLowMemoryOption(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	var b strings.Builder
	b.WriteString("v\n")
	n := BlockRows(1) + 3
	for i := 0; i < n; i++ {
		if i < BlockRows(1) {
			b.WriteString("1\n")
		} else {
			b.WriteString("x\n")
		}
	}
	tb, _ := ReadBytes([]byte(b.String()), ReadOptions{})
	c := tb.Columns()[0]
	if c.Kind != String || c.Mixed == nil || c.Str(0) != "1" || c.Mixed[0] != Int64 || c.Str(n-1) != "x" {
		t.Fatalf("low_memory: kind %v mixed %v", c.Kind, c.Mixed != nil)
	}
	var w strings.Builder
	if err := tb.WriteCSV(&w, WriteOptions{Quoting: QuoteNonNumeric}); err != nil {
		t.Fatal(err)
	}
	if out := w.String(); !strings.HasPrefix(out, "\"v\"\n1\n1\n") || !strings.HasSuffix(out, "\n1\n\"x\"\n\"x\"\n\"x\"\n") {
		t.Fatalf("mixed column written as %q...%q", out[:12], out[len(out)-20:])
	}
	tb, _ = ReadBytes([]byte(b.String()), ReadOptions{NoLowMemory: true})
	c = tb.Columns()[0]
	if c.Kind != String || c.Mixed != nil {
		t.Fatalf("NoLowMemory: kind %v mixed %v", c.Kind, c.Mixed != nil)
	}
}

// randomCSV makes a CSV exercising the tokenizer: quoted fields with
// separators and line breaks, blank and space-only lines, CR/CRLF/LF, short
// rows, NA strings, numbers and booleans.
func randomCSV(r *rand.Rand, rows int, quotes bool) []byte {
	var b bytes.Buffer
	b.WriteString("a,b,c\n")
	cells := []string{"", "1", "-2", "3.5", "1e3", "NA", "nan", "True", "false", "x", "hello world", " 7 ", "inf", "None", "0001"}
	ends := []string{"\n", "\r\n", "\n", "\n", "\r"}
	for i := 0; i < rows; i++ {
		switch r.IntN(40) {
		case 0:
			b.WriteString("\n")
		case 1:
			b.WriteString("  \t\n")
		}
		nf := 3
		if r.IntN(20) == 0 {
			nf = 1 + r.IntN(2)
		}
		for f := 0; f < nf; f++ {
			if f > 0 {
				b.WriteByte(',')
			}
			c := cells[r.IntN(len(cells))]
			if quotes && r.IntN(10) == 0 {
				c = `"q,` + c + "\n\"\"" + `"`
			}
			b.WriteString(c)
		}
		b.WriteString(ends[r.IntN(len(ends))])
	}
	return b.Bytes()
}

// TestParallelEquivalence: the parallel quote-free scanner, the general
// scanner and the sequential path give identical tables and errors.
func TestParallelEquivalence(t *testing.T) {
	defer func(m int) { testMinPart = m }(testMinPart)
	testMinPart = 64
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 200; iter++ {
		data := randomCSV(r, 1+r.IntN(300), iter%3 == 0)
		switch iter % 7 {
		case 1: // a too-long row somewhere
			data = append(data, "1,2,3,4\n5,6\n"...)
		case 2: // no final newline
			data = bytes.TrimRight(data, "\r\n")
		}
		var ref string
		for k, mode := range []struct {
			workers int
			generic bool
		}{{1, true}, {1, false}, {2, false}, {4, false}, {2, true}} {
			testForceGeneric = mode.generic
			tb, err := ReadBytes(append([]byte(nil), data...), ReadOptions{Workers: mode.workers})
			testForceGeneric = false
			got := ""
			if err != nil {
				got = "error: " + err.Error()
			} else {
				got = dump(tb)
			}
			if k == 0 {
				ref = got
			} else if got != ref {
				t.Fatalf("iteration %d mode %+v differs on %q:\n got %s\nwant %s", iter, mode, data, got, ref)
			}
		}
	}
}

// TestReaderMatchesRead: the streaming reader gives the same cells as Read
// (as text), also when fed one byte at a time.
func TestReaderMatchesRead(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 100; iter++ {
		data := randomCSV(r, 1+r.IntN(100), true)
		if iter%4 == 0 {
			data = append([]byte("\ufeff"), data...)
		}
		tb, err := ReadBytes(append([]byte(nil), data...), ReadOptions{AllString: true, NoNA: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range []io.Reader{bytes.NewReader(data), iotest.OneByteReader(bytes.NewReader(data)), iotest.HalfReader(bytes.NewReader(data))} {
			rd := NewReader(src)
			h, err := rd.Header()
			if err != nil || !reflect.DeepEqual(h, tb.Names()) {
				t.Fatalf("header %v %v, want %v", h, err, tb.Names())
			}
			row := 0
			for {
				rec, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				for j, c := range tb.Columns() {
					if rec[j] != c.Text[row] {
						t.Fatalf("row %d col %d = %q, want %q", row, j, rec[j], c.Text[row])
					}
				}
				row++
			}
			if row != tb.Len() {
				t.Fatalf("%d rows, want %d", row, tb.Len())
			}
		}
	}
}

func TestReaderErrors(t *testing.T) {
	rd := NewReader(strings.NewReader("a,b\n1,2\n\n3,4,5\n"))
	rd.Path = "x.csv"
	if _, err := rd.Next(); err != nil {
		t.Fatal(err)
	}
	if rd.Line() != 2 {
		t.Errorf("line %d", rd.Line())
	}
	_, err := rd.Next()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 4 || !errors.Is(err, ErrTokenize) || !strings.Contains(err.Error(), "x.csv") {
		t.Fatalf("err %v", err)
	}
	if _, err := NewReader(strings.NewReader("\n")).Header(); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty: %v", err)
	}
	if _, err := NewReader(strings.NewReader("a\n\"x")).Next(); !errors.Is(err, ErrTokenize) {
		t.Fatalf("open quote: %v", err)
	}
	rd = NewReader(strings.NewReader("a,b\n0,1,2\n3,4,5\n"))
	rec, err := rd.Next()
	if err != nil || !reflect.DeepEqual(rec, []string{"1", "2"}) || !reflect.DeepEqual(rd.Index(), []string{"0"}) {
		t.Fatalf("implicit index: %v %v %v", rec, rd.Index(), err)
	}
	rd = NewReader(iotest.ErrReader(errors.New("boom")))
	if _, err := rd.Header(); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("reader error: %v", err)
	}
}

func TestHugeCell(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 40 MB")
	}
	big := strings.Repeat("x", 1<<24+10)
	tb, err := ReadBytes([]byte("a,b\n"+big+",1\ny,2\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := tb.Col("a")
	if c.Text[0] != big || c.Text[1] != "y" {
		t.Fatal("huge cell mangled")
	}
}

func TestParseFloatSpellings(t *testing.T) {
	for s, want := range map[string]float64{"inf": math.Inf(1), "-Infinity": math.Inf(-1), "+INF": math.Inf(1),
		"-1e400": math.Inf(-1), " 1.5 ": 1.5, "1.e1": 10, ".5": 0.5, "-0": math.Copysign(0, -1)} {
		got, ok := ParseFloat(s)
		if !ok || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("ParseFloat(%q) = %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"nan", "+nan", "1e400", "1e", ".", "+", "e5", "1_0", "0x1p3", " inf", "1.5x", ""} {
		if v, ok := ParseFloat(s); ok {
			t.Errorf("ParseFloat(%q) = %v, want rejection", s, v)
		}
	}
	for s, want := range map[string]int64{"9223372036854775807": math.MaxInt64, "-9223372036854775808": math.MinInt64, " +5\t": 5} {
		if v, st := parseInt64(s); st != numOK || v != want {
			t.Errorf("parseInt64(%q) = %v %v", s, v, st)
		}
	}
	if _, st := parseInt64("9223372036854775808"); st != numOverflow {
		t.Error("no overflow")
	}
	if _, st := parseInt64("99999999999999999999x"); st != numOverflow {
		t.Error("overflow must win over junk")
	}
	_ = strconv.Itoa
}

// FuzzRead: no input makes Read panic; the parallel and general paths agree.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "a\n\"x\"\"y\"\n", "\ufeffa\r\n\r\n1\r", "a,a,,\n1,2,3,4,5\n", "a\n1e5\n-inf\nTrue\n", "a\n\x00\n\"", "a\tb\n1\t2\n"} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		opt := ReadOptions{NoNA: mode&1 != 0, AllString: mode&2 != 0, NoLowMemory: mode&4 != 0}
		if mode&8 != 0 {
			opt.Sep = '\t'
		}
		// Parallel parts of a few bytes each against the general scanner.
		testMinPart = 8
		a, errA := ReadBytes(append([]byte(nil), data...), ReadOptions{NoNA: opt.NoNA, AllString: opt.AllString, NoLowMemory: opt.NoLowMemory, Sep: opt.Sep, Workers: 3})
		testMinPart = 1 << 20
		testForceGeneric = true
		b, errB := ReadBytes(append([]byte(nil), data...), opt)
		testForceGeneric = false
		if (errA == nil) != (errB == nil) {
			t.Fatalf("paths disagree: %v vs %v", errA, errB)
		}
		if errA != nil {
			if errA.Error() != errB.Error() {
				t.Fatalf("errors differ: %v vs %v", errA, errB)
			}
			return
		}
		if dump(a) != dump(b) {
			t.Fatalf("tables differ:\n%s\n%s", dump(a), dump(b))
		}
		// The streaming reader sees the same cells.
		rd := NewReader(bytes.NewReader(data))
		rd.Sep = opt.Sep
		if _, err := rd.Header(); err != nil {
			t.Fatalf("Reader header: %v", err)
		}
		for row := 0; ; row++ {
			rec, err := rd.Next()
			if err == io.EOF {
				if row != a.Len() {
					t.Fatalf("reader rows %d, want %d", row, a.Len())
				}
				break
			}
			if err != nil {
				t.Fatalf("Reader: %v", err)
			}
			for j, c := range a.Columns() {
				if rec[j] != c.Text[row] {
					t.Fatalf("reader cell %d,%d = %q, want %q", row, j, rec[j], c.Text[row])
				}
			}
		}
	})
}
