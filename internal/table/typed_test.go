package table

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// typedCells are cell texts for the differential test: plain numbers the
// typed path takes, and forms it must decline or read exactly as the
// general path.
var typedCells = []string{
	"0", "7", "-3", "007", "-0", "-000", "123456789012345678", "-123456789012345678",
	"1234567890123456789", "9223372036854775807", "9223372036854775808", "18446744073709551616",
	"0.5", "-0.0", "1e5", "1E-5", "2.5e+3", ".5", "5.", "-.5", "0.1000000000000000055511151231257827",
	"1e400", "-1e400", "inf", "-Infinity", "+5", " 5", "5 ", "5\r", "", "nan", "NA", "N/A", "-nan",
	"True", "false", "abc", `"5"`, `"a,b"`, "1_0", "0x10", "1.#IND",
	"0.5011020094406413", "0.11285338714518212", "-0.000", "00.5", "0.0012345678901234567", "1234567890.123456789",
	"12345678901234567.89", "99999999.99999999999", "-7.25", "1-2", "1.2.3", "--1", "-", "1.", "12345678.12345678",
}

// plainCells are those a typed read takes.
var plainCells = []string{"0", "7", "-3", "007", "-0", "-000", "123456789012345678", "0.5", "-0.0", "1e5", "1E-5", ".5", "5.", "-1e400", "0.30000000000000004",
	"0.5011020094406413", "0.11285338714518212", "-0.000", "00.5", "0.0012345678901234567", "1234567890.123456789",
	"12345678901234567.89", "99999999.99999999999", "-7.25", "12345678.12345678", "0.9999999999999999999"}

func writeTemp(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// sameColumns compares two tables read with DropNumericText: names, kinds,
// values (floats bit for bit), nulls, mixed kinds and text.
func sameColumns(t *testing.T, what string, a, b *Table) {
	t.Helper()
	if a.Len() != b.Len() || strings.Join(a.Names(), "\x00") != strings.Join(b.Names(), "\x00") {
		t.Fatalf("%s: shape %d %q vs %d %q", what, a.Len(), a.Names(), b.Len(), b.Names())
	}
	for k, ca := range a.Columns() {
		cb := b.Columns()[k]
		if ca.Kind != cb.Kind {
			t.Fatalf("%s: column %s kind %v vs %v", what, ca.Name, ca.Kind, cb.Kind)
		}
		for i := 0; i < a.Len(); i++ {
			switch {
			case ca.Ints != nil && ca.Ints[i] != cb.Ints[i],
				ca.Floats != nil && math.Float64bits(ca.Floats[i]) != math.Float64bits(cb.Floats[i]) && !(math.IsNaN(ca.Floats[i]) && math.IsNaN(cb.Floats[i])),
				ca.Text != nil && ca.Text[i] != cb.Text[i],
				ca.IsNull(i) != cb.IsNull(i),
				ca.Mixed != nil && ca.Mixed[i] != cb.Mixed[i]:
				t.Fatalf("%s: column %s row %d: %q vs %q", what, ca.Name, i, ca.Str(i), cb.Str(i))
			}
		}
		if (ca.Text == nil) != (cb.Text == nil) {
			t.Fatalf("%s: column %s text kept by one read only", what, ca.Name)
		}
	}
}

// TestTypedPathMatchesGeneral reads random files of numbers (with blocks
// of 4 rows, so block dtype mixing happens) through ReadFile with
// DropNumericText, which takes the typed path or declines, and through the
// general path (ReadBytes); both must give the same table.
func TestTypedPathMatchesGeneral(t *testing.T) {
	defer func(b, c int) { testBlockRows, typedChunk = b, c }(testBlockRows, typedChunk)
	testBlockRows = 4
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for it := 0; it < 1000; it++ {
		typedChunk = []int{16, 64, 1 << 20}[it%3]
		width := 1 + r.IntN(3)
		rows := r.IntN(14)
		pool := plainCells
		if r.IntN(3) == 0 {
			pool = typedCells
		}
		var b strings.Builder
		if r.IntN(20) == 0 {
			b.WriteString("\xef\xbb\xbf")
		}
		for c := 0; c < width; c++ {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString([]string{"id", "target", "id", "", "x y"}[r.IntN(5)])
		}
		eol := "\n"
		if r.IntN(8) == 0 {
			eol = "\r\n"
		}
		b.WriteString(eol)
		for i := 0; i < rows; i++ {
			for c := 0; c < width; c++ {
				if c > 0 {
					b.WriteByte(',')
				}
				switch r.IntN(4) {
				case 0:
					b.WriteString(pool[r.IntN(len(pool))])
				case 1:
					b.WriteString(strconv.FormatFloat(r.NormFloat64(), 'g', -1, 64))
				default:
					b.WriteString(strconv.Itoa(r.IntN(2000) - 1000))
				}
			}
			if i < rows-1 || r.IntN(2) == 0 {
				b.WriteString(eol)
			}
		}
		body := b.String()
		path := writeTemp(t, dir, "f.csv", body)
		for _, lowMem := range []bool{false, true} {
			opt := ReadOptions{DropNumericText: true, NoLowMemory: !lowMem}
			if it%4 == 1 {
				opt.Dtype = map[string]Kind{"id": Int64, "target": Float64}
			} else if it%4 == 2 {
				opt.Dtype = map[string]Kind{"target": Int64, "x y": Float64}
			}
			want, werr := ReadBytes([]byte(body), opt)
			got, gerr := ReadFile(path, opt)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%q: error %v vs %v", body, gerr, werr)
			}
			if werr != nil {
				continue
			}
			sameColumns(t, strconv.Quote(body), got, want)
			if _, ok, _ := readTypedFile(path, opt); ok {
				taken++
			}
		}
	}
	if taken < 300 {
		t.Errorf("the typed path took only %d of 2000 reads", taken)
	}
}

// TestTypedPathTakesPlainFiles checks that plain files (and CRLF ones) go
// through the typed path, and that tables keep their text without
// DropNumericText.
func TestTypedPathTakesPlainFiles(t *testing.T) {
	dir := t.TempDir()
	for _, body := range []string{
		"id,target\n1,0.5\n2,1\n",
		"id,target\r\n1,0.5\r\n2,1",
		"\xef\xbb\xbfa,b,\n-0,1e5,3\n",
	} {
		path := writeTemp(t, dir, "p.csv", body)
		tb, ok, err := readTypedFile(path, ReadOptions{DropNumericText: true})
		if err != nil || !ok {
			t.Fatalf("%q: typed path declined (%v)", body, err)
		}
		for _, c := range tb.Columns() {
			if c.Text != nil {
				t.Errorf("%q: column %s keeps text", body, c.Name)
			}
		}
		full, err := ReadFile(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range full.Columns() {
			if c.Text == nil {
				t.Errorf("%q: column %s lost its text without DropNumericText", body, c.Name)
			}
		}
	}
	for _, body := range []string{"", "id\n", "id\n\n1\n", "id,x\n1\n", "id\n\"1\"\n", "id\n1\nNA\n", "id\n+1\n"} {
		path := writeTemp(t, dir, "d.csv", body)
		if _, ok, _ := readTypedFile(path, ReadOptions{DropNumericText: true}); ok {
			t.Errorf("%q: the typed path must decline", body)
		}
	}
}

// TestTypedPathLongLines reads lines longer than the chunk size.
func TestTypedPathLongLines(t *testing.T) {
	defer func(c int) { typedChunk = c }(typedChunk)
	typedChunk = 64
	dir := t.TempDir()
	var b strings.Builder
	w := 50
	for c := 0; c < w; c++ {
		if c > 0 {
			b.WriteByte(',')
		}
		b.WriteString("c" + strconv.Itoa(c))
	}
	b.WriteString("\n")
	for i := 0; i < 3; i++ {
		for c := 0; c < w; c++ {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i + c%7))
		}
		b.WriteString("\n")
	}
	path := writeTemp(t, dir, "long.csv", b.String())
	got, ok, err := readTypedFile(path, ReadOptions{DropNumericText: true})
	if err != nil || !ok {
		t.Fatalf("declined: %v", err)
	}
	want, err := ReadBytes([]byte(b.String()), ReadOptions{DropNumericText: true})
	if err != nil {
		t.Fatal(err)
	}
	sameColumns(t, "long lines", got, want)
}
