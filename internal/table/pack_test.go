package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dumpAll renders every field of every column of t, and of its index, so
// that two tables render alike only if they are identical (nil and empty
// slices differ).
func dumpAll(t *Table) string {
	var b strings.Builder
	for _, c := range t.Index() {
		fmt.Fprintf(&b, "index %#v\n", *c)
	}
	for _, c := range t.Columns() {
		fmt.Fprintf(&b, "%#v\n", *c)
	}
	fmt.Fprintf(&b, "rows %d", t.rows)
	return b.String()
}

// packCSV is a random CSV with quoted fields (doubled quotes, text after
// the closing quote, line breaks), quotes inside unquoted fields, NUL
// bytes, invalid UTF-8, short and long rows, an implicit index, blank lines,
// lone "\r" line ends and possibly a quote left open at the end.
func packCSV(r *rand.Rand, rows int) []byte {
	var b bytes.Buffer
	b.WriteString("a,b,c,d\n")
	cells := []string{"", "1", "-2", "3.5", "1e3", "NA", "nan", "True", "false", "x", " 7 ",
		"inf", "99999999999999999999", "18446744073709551615", "0001", `"q,1"`, `"x""y"`,
		`"3"5`, `"a` + "\n" + `b"`, `ab"c`, "1\x002", "\x00", `"NA"`, `""`, "\xff\xfe", "é"}
	ends := []string{"\n", "\r\n", "\n", "\r"}
	quotes := r.IntN(2) == 0
	for i := 0; i < rows; i++ {
		switch r.IntN(30) {
		case 0:
			b.WriteString("\n")
		case 1:
			b.WriteString(" \t\n")
		}
		nf := 4
		switch {
		case i == 0 && r.IntN(8) == 0:
			nf = 5 // implicit index
		case r.IntN(15) == 0:
			nf = 1 + r.IntN(5)
		}
		for f := 0; f < nf; f++ {
			if f > 0 {
				b.WriteByte(',')
			}
			c := cells[r.IntN(len(cells))]
			if !quotes {
				c = strings.ReplaceAll(c, `"`, "")
			}
			b.WriteString(c)
		}
		b.WriteString(ends[r.IntN(len(ends))])
	}
	switch r.IntN(6) {
	case 0:
		b.WriteString(`1,"open`)
	case 1:
		b.WriteString("1,2,")
	case 2:
		b.Truncate(len(bytes.TrimRight(b.Bytes(), "\r\n")))
	}
	return b.Bytes()
}

// TestPackMatchesAliased: reads that store only some fields (Keep,
// Usecols) copy the stored cells into packed storage; with the packing off
// they give the same tables (columns, values, nulls, mixed types, texts,
// index) and errors, with the general and the quote-free scanners, in
// parallel or not, and with small dtype blocks.
func TestPackMatchesAliased(t *testing.T) {
	defer func(b, m int) { testBlockRows, testMinPart = b, m }(testBlockRows, testMinPart)
	defer func() { testNoPack, testForceGeneric = false, false }()
	defer func(n int) { packSampleBytes = n }(packSampleBytes)
	r := rand.New(rand.NewPCG(7, 11))
	opts := []ReadOptions{
		{Keep: []string{"a"}},
		{Keep: []string{"b", "d"}, DropNumericText: true},
		{Keep: []string{"c"}, Dtype: map[string]Kind{"c": String}},
		{Usecols: []string{"d"}},
		{Usecols: []string{"a", "c"}, NoNA: true},
		{Usecols: []string{"b"}, Dtype: map[string]Kind{"b": Float64}},
		{Usecols: []string{"a", "b", "c", "d"}},
	}
	for iter := 0; iter < 400; iter++ {
		testBlockRows = []int{0, 3, 17}[iter%3]
		testMinPart = []int{1 << 20, 64}[iter%2]
		testForceGeneric = iter%5 == 4
		packSampleBytes = []int{1 << 20, 16, 100}[iter%3] // reservePacked after 16 or 100 bytes
		data := packCSV(r, 1+r.IntN(150))
		for _, o := range opts {
			o.Workers = 1 + iter%2
			read := func(noPack bool) string {
				testNoPack = noPack
				tb, err := ReadBytes(append([]byte(nil), data...), o)
				if err != nil {
					return "error: " + err.Error()
				}
				return dumpAll(tb)
			}
			want, got := read(true), read(false)
			if got != want {
				t.Fatalf("iteration %d options %+v on %q:\n got %s\nwant %s", iter, o, data, got, want)
			}
		}
	}
}

// TestReadFileMappedUnchanged: ReadFile with Keep or Usecols maps the file
// and neither writes to it (quoted fields with doubled quotes are unescaped
// into copies; the mapping is read-only) nor returns cells into it, whether
// the cells are packed or the data copied (every column stored): the
// tables are those of ReadBytes and the file is unchanged.
func TestReadFileMappedUnchanged(t *testing.T) {
	content := "a,\"b\"\"1\",c\n\"x\"\"y\",1,\"p\"q\n\"u\"\"v\",\"2\"\"\",3\nw,,\"\"\"\"\n"
	path := filepath.Join(t.TempDir(), "f.csv")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, o := range []ReadOptions{
		{Keep: []string{"a", "c"}},
		{Keep: []string{"a", "b\"1", "c"}},
		{Usecols: []string{"b\"1"}},
		{Usecols: []string{"a", "b\"1", "c"}},
		{Keep: []string{"a"}, DropNumericText: true},
	} {
		got, err := ReadFile(path, o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		o.Path = path
		want, err := ReadBytes([]byte(content), o)
		if err != nil {
			t.Fatalf("%+v: ReadBytes: %v", o, err)
		}
		if g, w := dumpAll(got), dumpAll(want); g != w {
			t.Errorf("%+v:\n got %s\nwant %s", o, g, w)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != content {
			t.Fatalf("%+v: file now %q (%v)", o, b, err)
		}
	}
}

// TestReservePacked: each packed slot's buffer is reserved for the whole
// part in proportion to what it took so far, with a sixteenth to spare,
// keeping its bytes; a buffer already large enough is left as it is.
func TestReservePacked(t *testing.T) {
	p := part{packed: []cellTexts{
		{packed: true, buf: append(make([]byte, 0, 4), "abcdefgh"...)},
		{packed: true, buf: append(make([]byte, 0, 1000), "xy"...)},
	}}
	p.reservePacked(100, 1000)
	if got := p.packed[0]; string(got.buf) != "abcdefgh" || cap(got.buf) != 80+5 {
		t.Errorf("slot 0: %q, capacity %d; want the same bytes and 85", got.buf, cap(got.buf))
	}
	if got := p.packed[1]; string(got.buf) != "xy" || cap(got.buf) != 1000 {
		t.Errorf("slot 1: %q, capacity %d; want it untouched", got.buf, cap(got.buf))
	}
}
