package bigcsv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyfloat"
)

func TestAppendPyFloatMatchesRepr(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-4, 9.999e-5, 1e-5, 1e16, 9999999999999998, 1e22,
		123456789012345678, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 0.010101010101010102, 100000}
	for i := 0; i < 200000; i++ {
		switch i % 3 {
		case 0:
			cases = append(cases, math.Float64frombits(r.Uint64()))
		case 1:
			cases = append(cases, r.NormFloat64()*math.Pow(10, float64(r.IntN(40)-20)))
		default:
			cases = append(cases, float64(r.IntN(1e6))/math.Pow(10, float64(r.IntN(8))))
		}
	}
	for _, x := range cases {
		got := string(appendPyFloat(nil, x))
		if want := pyfloat.Repr(x); got != want {
			t.Fatalf("appendPyFloat(%v) = %q, pyfloat.Repr = %q", x, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { appendPyFloat(make([]byte, 0, 64)[:0], 1.2345678901234567) }); n > 1 {
		t.Errorf("appendPyFloat allocates %v times", n)
	}
}

func TestBufferLines(t *testing.T) {
	// pandas TextReader: heuristic = 2**20 // width; largest power of two
	// whose double is below it (checked with pandas for widths 1–33).
	for _, c := range []struct{ width, want int }{{1, 524288}, {2, 262144}, {3, 262144}, {5, 131072}, {8, 65536}, {14, 65536}, {33, 16384}, {128, 4096}} {
		if got := BufferLines(c.width); got != c.want {
			t.Errorf("BufferLines(%d) = %d, want %d", c.width, got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		in   string
		want cellClass
	}{
		{"", cellNA}, {"NA", cellNA}, {"#N/A N/A", cellNA}, {"None", cellNA}, {"-1.#IND", cellNA},
		{"0", cellInt}, {"-12", cellInt}, {"007", cellInt}, {"123456789012345678", cellInt},
		{"1.5", cellFloat}, {"-.5", cellFloat}, {"5.", cellFloat}, {"1e5", cellFloat}, {"1E-05", cellFloat},
		{"1e299", cellFloat}, {"1e309", cellUnsafe}, {"0.1e310", cellUnsafe},
		{"abc", CellStr}, {"ABCDEFGHIJ", CellStr}, {"2009-06-15 17:26:21.0000001", CellStr}, {"Nora", CellStr},
		{"x-1", CellStr}, {"1a", CellStr},
		{"True", cellUnsafe}, {"false", cellUnsafe}, {"inf", cellUnsafe}, {"-Infinity", cellUnsafe},
		{"NAN", cellUnsafe}, {"+1", cellUnsafe}, {" 1", cellUnsafe}, {"1 ", cellUnsafe},
		{"1234567890123456789", cellUnsafe}, {"1_000", cellUnsafe}, {"1.2.3", cellUnsafe}, {"\xff", cellUnsafe},
	} {
		if got := Classify([]byte(c.in)); got != c.want {
			t.Errorf("Classify(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// chunkFile is the input of reference_chunks.py's "chunks" case.
func chunkFile() string {
	var b strings.Builder
	b.WriteString("a,b,c,d")
	for i := 0; i < 124; i++ {
		fmt.Fprintf(&b, ",e%d", i)
	}
	b.WriteByte('\n')
	ones := strings.Repeat(",1", 124)
	for r := 0; r < 4106; r++ {
		a := fmt.Sprint(r)
		switch r {
		case 0, 4097:
			a = "007"
		case 4096:
			a = "x"
		}
		bb := fmt.Sprint(r % 7)
		if r == 4100 {
			bb = "1.50"
		}
		c := ""
		if r >= 4096 {
			c = "NA"
			if r%2 == 1 {
				c = "y"
			}
		}
		d := "-0"
		if r%3 == 0 {
			d = "2.50"
		} else if r == 4099 {
			d = "z"
		}
		fmt.Fprintf(&b, "%s,%s,%s,%s%s\n", a, bb, c, d, ones)
	}
	return b.String()
}

// TestFrameMatchesPandas checks the fast path's dtype emulation against
// to_csv output MD5s computed once with pandas (reference_chunks.py).
func TestFrameMatchesPandas(t *testing.T) {
	var want map[string]string
	comptest.ReadJSON(t, filepath.Join("testdata", "chunks_md5.json"), &want)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	check := func(name, src string, reverse bool) {
		t.Helper()
		f, err := Open(context.Background(), src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		defer f.Close()
		rows := make([]int, f.Rows())
		for i := range rows {
			rows[i] = i
			if reverse {
				rows[i] = len(rows) - 1 - i
			}
		}
		var cols []Out
		for j, n := range f.Names {
			cols = append(cols, Out{Name: n, Src: j})
		}
		out := filepath.Join(dir, name+".out")
		if err := f.WriteCSV(context.Background(), out, rows, cols); err != nil {
			t.Fatal(err)
		}
		// The same file through the multi-file path, next to a one-column
		// file (whose empty cells are written "").
		multi := filepath.Join(dir, name+".multi")
		if err := f.WriteCSVs(context.Background(), rows, []File{{multi, cols}, {multi + "1", cols[len(cols)-1:]}}); err != nil {
			t.Fatal(err)
		}
		if a, b := comptest.MD5File(t, out), comptest.MD5File(t, multi); a != b {
			t.Errorf("%s: WriteCSVs output differs from WriteCSV's", name)
		}
		if got := comptest.MD5File(t, out); got != want[name] {
			b, _ := os.ReadFile(out)
			head := b
			if len(head) > 300 {
				head = head[:300]
			}
			t.Errorf("%s: md5 %s, pandas %s; output starts %q", name, got, want[name], head)
		}
	}
	chunks := write("chunks.csv", chunkFile())
	check("chunks", chunks, false)
	check("chunks_reversed", chunks, true)
	single := write("single.csv", "v\nNA\n1.5\n-0\n007\n1e299\n")
	check("single", single, false)
}

func TestOpenFrameDeclines(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"quoted":   "a,b\n\"x,y\",1\n",
		"crlf":     "a,b\r\n1,2\r\n",
		"ragged":   "a,b\n1,2\n3\n",
		"blank":    "a,b\n1,2\n\n3,4\n",
		"bool":     "a,b\nTrue,1\n",
		"dupcols":  "a,a\n1,2\n",
		"bom":      "\xef\xbb\xbfa,b\n1,2\n",
		"overflow": "a\n1e400\n",
		"empty":    "",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		f, err := Open(context.Background(), p)
		if !errors.Is(err, ErrNotSimple) {
			t.Errorf("%s: err = %v, want ErrNotSimple", name, err)
		}
		if f != nil {
			f.Close()
		}
	}
}

func TestWriteCSVCancel(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "in.csv")
	var b bytes.Buffer
	b.WriteString("a,b\n")
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&b, "%d,%d.5\n", i, i)
	}
	os.WriteFile(p, b.Bytes(), 0o644)
	f, err := Open(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rows := make([]int, f.Rows())
	err = f.WriteCSV(ctx, filepath.Join(dir, "out.csv"), rows, []Out{f.SrcCol("a")})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("WriteCSV with a cancelled context: %v", err)
	}
}

// TestAppendDecimalRepr: the text-only path agrees with parsing and
// Python repr for every decimal it accepts, and it accepts short decimals.
func TestAppendDecimalRepr(t *testing.T) {
	for _, s := range []string{"1.50", "-12.250", "0.000012345", "123456789012345", "-0.000", "1E5", "007.5", "1e-300"} {
		if _, ok := appendDecimalRepr(nil, []byte(s)); !ok {
			t.Errorf("%q declined", s)
		}
	}
	for _, s := range []string{"1234567890123456", "1.0000000000000001", "1e-301", "", "NA", "-"} {
		if _, ok := appendDecimalRepr(nil, []byte(s)); ok {
			t.Errorf("%q accepted", s)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	cases := []string{"0", "-0", "0.0", "-0.000", "0e5", "1", "007", "1.50", "-12.250", ".5", "5.", "1e-05", "1E5", "2e3",
		"123456789012345", "1234567890123456", "0.000012345", "1e16", "9999999999999999", "1e15", "0.0001", "0.00009999",
		"100000000000000000000", "1.000000000000000000001", "1e300", "1e-300", "1e301", "", "NA", "-", "nan", "."}
	for i := 0; i < 300000; i++ {
		s := ""
		if r.IntN(5) == 0 {
			s = "-"
		}
		s += digits(r.IntN(12))
		if r.IntN(2) == 0 {
			s += "." + digits(r.IntN(12))
		}
		if r.IntN(4) == 0 {
			s += []string{"e", "E", "e-", "e+"}[r.IntN(4)] + fmt.Sprint(r.IntN(40))
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		got, ok := appendDecimalRepr(nil, []byte(s))
		k := lexNumber([]byte(s))
		if k != cellInt && k != cellFloat {
			if ok {
				t.Errorf("%q is not a number but appendDecimalRepr gave %q", s, got)
			}
			continue
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if !ok {
			continue
		}
		if want := pyfloat.Repr(x); string(got) != want {
			t.Errorf("appendDecimalRepr(%q) = %q, repr %q", s, got, want)
		}
	}
}
