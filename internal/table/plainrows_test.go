package table

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// plainCellForms are cells PlainRows takes (the first group) and cells it
// must refuse or that change how the general path reads the file.
var plainCellForms = []string{
	"0", "7", "-3", "123456789012345678", "1.5", "-0.25", "3.1415927", "0.000", "-0.0",
	"8.2320175e-06", "1E3", "1e+300", "-2.5e-320", ".5", "5.", "inf", "-inf", "Infinity",
	"-0", "00012", "1234567890123456789", "12345678901234567890.5",
	"", " 1", "1 ", "+1", "NaN", "nan", "NA", "null", "True", "abc", "\"1\"", "1_000", "0x10", "1,5",
}

// randomPlainFile is a CSV of width columns under header, mostly of the
// cell forms PlainRows takes, sometimes with another form, a blank line,
// "\r\n" ends or no final line end.
func randomPlainFile(r *rand.Rand, header string, width, rows int) string {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("\n")
	odd := r.IntN(4) == 0
	crlf := r.IntN(8) == 0
	for i := 0; i < rows; i++ {
		for c := 0; c < width; c++ {
			if c > 0 {
				b.WriteByte(',')
			}
			k := r.IntN(9) // the plain integers and decimals
			if r.IntN(20) == 0 {
				k = r.IntN(len(plainCellForms))
				if !odd {
					k = r.IntN(21) // numbers only
				}
			}
			if k < 2 && r.IntN(2) == 0 {
				b.WriteString(strings.Repeat("9", r.IntN(3)))
			}
			b.WriteString(plainCellForms[k])
		}
		if odd && r.IntN(200) == 0 {
			b.WriteString("\n") // a blank line
		}
		if i < rows-1 || r.IntN(3) > 0 {
			if crlf {
				b.WriteString("\r")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestPlainRowsMatchesReadFile: a file PlainRows reads to its end is one
// ReadFile reads (as the harness reads submissions, typed or not) without
// error, with the same columns and values.
func TestPlainRowsMatchesReadFile(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	const header = "id,a,b"
	taken := 0
	for n := 0; n < 1500; n++ {
		text := randomPlainFile(r, header, 3, 1+r.IntN(40))
		path := filepath.Join(dir, "f.csv")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		pr, err := OpenPlainRows(path, header)
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		var rows [][3]plainValue
		for {
			more, err := pr.Next()
			if errors.Is(err, ErrNotPlain) {
				rows = nil
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if !more {
				break
			}
			var row [3]plainValue
			for c := range row {
				row[c].i, row[c].isInt = pr.Int(c)
				row[c].f, row[c].hasF = pr.Float(c)
			}
			rows = append(rows, row)
		}
		pr.Close()
		if rows == nil {
			continue
		}
		taken++
		for _, opt := range []ReadOptions{{}, {DropNumericText: true}} {
			tb, err := ReadFile(path, opt)
			if err != nil {
				t.Fatalf("PlainRows took a file ReadFile(%+v) refuses (%v):\n%q", opt, err, text)
			}
			if got := strings.Join(tb.Names(), ","); got != header || tb.Len() != len(rows) {
				t.Fatalf("ReadFile gives %s × %d rows, PlainRows %s × %d:\n%q", got, tb.Len(), header, len(rows), text)
			}
			for c, col := range tb.Columns() {
				for i, row := range rows {
					v := row[c]
					switch col.Kind {
					case Int64:
						if !v.isInt || v.i != col.Ints[i] {
							t.Fatalf("column %d row %d: ReadFile %d, PlainRows %+v:\n%q", c, i, col.Ints[i], v, text)
						}
					case Float64:
						if v.hasF && math.Float64bits(v.f) != math.Float64bits(col.Floats[i]) {
							t.Fatalf("column %d row %d: ReadFile %v, PlainRows %+v:\n%q", c, i, col.Floats[i], v, text)
						}
						if !v.hasF && col.Floats[i] != 0 {
							t.Fatalf("column %d row %d: ReadFile %v for an integer -0:\n%q", c, i, col.Floats[i], text)
						}
					default:
						t.Fatalf("column %d is %s, PlainRows took it:\n%q", c, col.Kind, text)
					}
				}
			}
		}
	}
	if taken < 700 {
		t.Errorf("PlainRows took %d of 1500 files; the test needs more of its form", taken)
	}
}

type plainValue struct {
	i           int64
	isInt, hasF bool
	f           float64
}

// TestPlainRowsRefuses: files of another form end with ErrNotPlain, at
// the open or at the row.
func TestPlainRowsRefuses(t *testing.T) {
	const header = "id,x"
	for _, tc := range []struct{ name, text string }{
		{"another header", "id,y\n1,2\n"},
		{"header with CR", "id,x\r\n1,2\n"},
		{"byte-order mark", "\xef\xbb\xbfid,x\n1,2\n"},
		{"header only", "id,x\n"},
		{"no line end after the header", "id,x"},
		{"empty", ""},
		{"blank line", "id,x\n1,2\n\n3,4\n"},
		{"too few cells", "id,x\n1\n"},
		{"too many cells", "id,x\n1,2,3\n"},
		{"empty cell", "id,x\n1,\n"},
		{"NA", "id,x\n1,NaN\n"},
		{"text", "id,x\n1,abc\n"},
		{"quoted", "id,x\n1,\"2\"\n"},
		{"space", "id,x\n1, 2\n"},
		{"plus sign", "id,x\n1,+2\n"},
		{"bool", "id,x\n1,True\n"},
		{"CR inside", "id,x\n1,2\r3\n"},
		{"last line bad", "id,x\n1,2\n3,x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.csv")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			pr, err := OpenPlainRows(path, header)
			if err == nil {
				defer pr.Close()
				for {
					var more bool
					more, err = pr.Next()
					if err != nil || !more {
						break
					}
				}
			}
			if !errors.Is(err, ErrNotPlain) {
				t.Fatalf("got %v, want ErrNotPlain", err)
			}
		})
	}
}

// TestPlainRowsLongFile: rows across many read chunks, lines split between
// them, a line longer than a chunk, the last line without its end.
func TestPlainRowsLongFile(t *testing.T) {
	defer func(n int) { typedChunk = n }(typedChunk)
	typedChunk = 64
	var b strings.Builder
	b.WriteString("id,x\n")
	for i := 0; i < 1000; i++ {
		if i == 500 {
			b.WriteString("500,1." + strings.Repeat("0", 200) + "e1\n")
			continue
		}
		b.WriteString(strings.Repeat("0", i%7))
		b.WriteString(strconv.Itoa(i))
		b.WriteString(",-1.25")
		if i < 999 {
			b.WriteString("\n")
		}
	}
	path := filepath.Join(t.TempDir(), "f.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, err := OpenPlainRows(path, "id,x")
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	for i := 0; ; i++ {
		more, err := pr.Next()
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if !more {
			if i != 1000 {
				t.Fatalf("%d rows, want 1000", i)
			}
			break
		}
		id, ok := pr.Int(0)
		x, _ := pr.Float(1)
		want := -1.25
		if i == 500 {
			want = 10
		}
		if !ok || id != int64(i) || x != want {
			t.Fatalf("row %d: %d %v %v", i, id, ok, x)
		}
	}
}

// BenchmarkPlainRows reads 1M rows of an id and two floats, the shapes of
// icecube's answers: float32 reprs (9 digits) or float64 ones (17).
func BenchmarkPlainRows(b *testing.B) {
	for _, bits := range []int{32, 64} {
		b.Run(strconv.Itoa(bits), func(b *testing.B) { benchPlainRows(b, bits) })
	}
}

func benchPlainRows(b *testing.B, bits int) {
	r := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	sb.WriteString("id,a,b\n")
	id := 0
	for range 1_000_000 {
		id += 1 + r.IntN(300)
		sb.WriteString(strconv.Itoa(id) + "," + strconv.FormatFloat(r.Float64()*6.28, 'g', -1, bits) + "," + strconv.FormatFloat(r.Float64()*3.14, 'g', -1, bits) + "\n")
	}
	path := filepath.Join(b.TempDir(), "f.csv")
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(sb.Len()))
	for b.Loop() {
		pr, err := OpenPlainRows(path, "id,a,b")
		if err != nil {
			b.Fatal(err)
		}
		for {
			more, err := pr.Next()
			if err != nil {
				b.Fatal(err)
			}
			if !more {
				break
			}
		}
		pr.Close()
	}
}
