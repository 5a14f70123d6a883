package table

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// textFileVsGeneral writes data to a file and, when OpenTextFile accepts
// it, checks its contract against the general path: ReadFile, with the
// zero options and with DropNumericText, reads the file without error into
// String columns named as the header, Mixed nil, whose cells' Text is the
// file's field and whose missing cells are exactly the NA strings. A file
// it declines must be declined with ErrNotSimple. It reports whether the
// file was accepted.
func textFileVsGeneral(t *testing.T, data []byte) bool {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenTextFile(path)
	if err != nil {
		if !errors.Is(err, ErrNotSimple) {
			t.Fatalf("OpenTextFile(%q): %v, want ErrNotSimple", data, err)
		}
		return false
	}
	defer f.Close()
	for _, opt := range []ReadOptions{{}, {DropNumericText: true}} {
		tb, err := ReadFile(path, opt)
		if err != nil {
			t.Fatalf("OpenTextFile accepted %q; ReadFile(%+v): %v", data, opt, err)
		}
		if !slices.Equal(tb.Names(), f.Names()) || tb.Index() != nil {
			t.Fatalf("%q: names %q (index %v), text file %q", data, tb.Names(), tb.Index() != nil, f.Names())
		}
		if tb.Len() != f.Rows() {
			t.Fatalf("%q: %d rows, text file %d", data, tb.Len(), f.Rows())
		}
		for j, name := range f.Names() {
			c, _ := tb.Col(name)
			if c.Kind != String || c.Mixed != nil {
				t.Fatalf("%q: column %q is %v (mixed %v), want text", data, name, c.Kind, c.Mixed != nil)
			}
			for r := range f.Rows() {
				cell := string(f.Field(r, j))
				if c.Text[r] != cell || f.FieldText(r, j) != cell || c.IsNull(r) != IsNA(cell) {
					t.Fatalf("%q: row %d column %q: text %q null %v, text file %q", data, r, name, c.Text[r], c.IsNull(r), cell)
				}
				if j == 0 && !strings.HasPrefix(f.RowText(r), cell) {
					t.Fatalf("%q: row %d is %q, its first field %q", data, r, f.RowText(r), cell)
				}
			}
		}
	}
	return true
}

// randomTextCSV is a CSV of width columns whose cells are drawn from
// pieces that decide how pandas reads a text column: plain ids, numbers,
// booleans, NA strings, blanks, and (with hostile) what the text path
// must decline or get right: quotes, '\r' alone or in "\r\n", NUL,
// invalid UTF-8, tabs, empty and blank lines, rows of other widths, a
// byte-order mark, a header needing renames.
func randomTextCSV(r *rand.Rand, rows, width int, hostile bool) []byte {
	cells := []string{
		"0a1b2c", "ffe3", "abc", "x y", "é", "日本", "0146392005 0119593019", "a-b", "1e5x", "12ab",
		"1", "-7", "0.5", "1e5", "0146392005", "inf", "-inf", "True", "false", "TRUE",
		"", "nan", "NaN", "NA", "N/A", "null", "None", "#N/A", "<NA>", "-nan",
		" ", " abc", "abc ", "\tx", "+1", "1_000", "99999999999999999999", "1.#IND",
	}
	bad := []string{"\"q\"", "a\"b", "a\rb", "\x00", "\xff\xfe", "a,b"}
	var b strings.Builder
	if hostile && r.IntN(8) == 0 {
		b.WriteString("\xef\xbb\xbf")
	}
	eol := "\n"
	if r.IntN(4) == 0 {
		eol = "\r\n"
	}
	head := make([]string, width)
	for j := range head {
		head[j] = string(rune('a' + j))
	}
	if hostile && r.IntN(10) == 0 {
		head[r.IntN(width)] = []string{"", "a", " a"}[r.IntN(3)]
	}
	b.WriteString(strings.Join(head, ","))
	b.WriteString(eol)
	for range rows {
		row := make([]string, width)
		for j := range row {
			row[j] = cells[r.IntN(len(cells))]
			if r.IntN(3) == 0 {
				row[j] = cells[r.IntN(10)] // text, most often
			}
			if hostile && r.IntN(200) == 0 {
				row[j] = bad[r.IntN(len(bad))]
			}
		}
		if hostile && r.IntN(300) == 0 {
			row = row[:len(row)-1]
		}
		b.WriteString(strings.Join(row, ","))
		if hostile && r.IntN(300) == 0 {
			b.WriteString([]string{"", " ", "\t ", ",x"}[r.IntN(4)] + eol)
		}
		b.WriteString(eol)
	}
	s := b.String()
	if r.IntN(5) == 0 {
		s = strings.TrimSuffix(s, eol)
	}
	return []byte(s)
}

// TestTextFileMatchesReadFile checks OpenTextFile's contract against
// ReadFile on random files, small dtype blocks and chunks included (so
// that files cross chunk, part and block boundaries), and that it accepts
// a fair share of them.
func TestTextFileMatchesReadFile(t *testing.T) {
	defer func(b, c int) { testBlockRows, textChunk = b, c }(testBlockRows, textChunk)
	rng := rand.New(rand.NewPCG(14, 27))
	accepted, declined := 0, 0
	for iter := range 1500 {
		testBlockRows = []int{0, 1, 3, 8}[iter%4]
		textChunk = []int{256 << 10, 7, 64}[iter%3]
		data := randomTextCSV(rng, 1+rng.IntN(60), 1+rng.IntN(3), iter%2 == 0)
		if textFileVsGeneral(t, data) {
			accepted++
		} else {
			declined++
		}
	}
	t.Logf("accepted %d declined %d", accepted, declined)
	if accepted < 150 || declined < 150 {
		t.Fatalf("%d files accepted, %d declined: the cases do not cover both", accepted, declined)
	}
}

// TestTextFileDeclines: the files the text path must leave to the general
// path, one reason each, next to an accepted twin.
func TestTextFileDeclines(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		accept     bool
	}{
		{"plain", "id,p\nab,x y\ncd,\n", true},
		{"crlf", "id,p\r\nab,x y\r\ncd,z\r\n", true},
		{"bom", "\xef\xbb\xbfid,p\nab,x\n", true},
		{"no_final_newline", "id,p\nab,x", true},
		{"na_cells", "id,p\nab,nan\nNA,x\n", true},
		{"leading_blank_cell", "id,p\n ab,x\ncd, y\n", true},
		{"quotes", "id,p\n\"ab\",x\n", false},
		{"quote_inside", "id,p\na\"b,x\n", false},
		{"lone_cr", "id,p\nab,x\rcd,y\n", false},
		{"cr_at_end", "id,p\nab,x\r", false},
		{"nul", "id,p\nab,x\x00y\n", false},
		{"invalid_utf8", "id,p\nab,\xff\n", false},
		{"blank_line", "id,p\nab,x\n\ncd,y\n", false},
		{"blank_line_at_end", "id,p\nab,x\n\n", false},
		{"spaces_line", "id,p\nab,x\n \t\ncd,y\n", false},
		{"short_row", "id,p\nab,x\ncd\n", false},
		{"long_row", "id,p\nab,x\ncd,y,z\n", false},
		{"index_row", "id,p\nab,x,y\n", false},
		{"header_only", "id,p\n", false},
		{"header_only_no_newline", "id,p", false},
		{"empty", "", false},
		{"blank_header", " \nid,p\nab,x\n", false},
		{"duplicate_names", "id,id\nab,x\n", false},
		{"empty_name", "id,\nab,x\n", false},
		{"numeric_column", "id,p\nab,1\ncd,2\n", false},
		{"bool_column", "id,p\nab,True\ncd,false\n", false},
		{"na_column", "id,p\nab,\ncd,nan\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := textFileVsGeneral(t, []byte(tc.data)); got != tc.accept {
				t.Errorf("accepted %v, want %v", got, tc.accept)
			}
		})
	}
}

// TestTextFileBlocks: a column is text only if every dtype block holds a
// cell only a str can hold; a block of numbers elsewhere declines.
func TestTextFileBlocks(t *testing.T) {
	defer func(b int) { testBlockRows = b }(testBlockRows)
	testBlockRows = 2
	for _, tc := range []struct {
		data   string
		accept bool
	}{
		{"id,p\na,1\nb,x\nc,2\nd,y z\n", true},
		{"id,p\na,1\nb,x\nc,2\nd,3\n", false},
		{"id,p\na,1\nb,x\nc,nan\nd,\n", false},
		{"id,p\na,1\nb,x\nc,NA\nd,w\ne,5\n", false},
		{"id,p\na,1\nb,x\nc,NA\nd,w\ne,five\n", true},
	} {
		if got := textFileVsGeneral(t, []byte(tc.data)); got != tc.accept {
			t.Errorf("%q: accepted %v, want %v", tc.data, got, tc.accept)
		}
	}
}

// TestTextFileShrunkIsAnError: reading a TextFile whose file was cut
// short after it was opened faults; under GuardFaults that is an error,
// not a crash. Other panics go through.
func TestTextFileShrunkIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.csv")
	var b strings.Builder
	b.WriteString("id,p\n")
	for i := range 20000 {
		b.WriteString("id" + strings.Repeat("x", i%7) + ",a b c\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenTextFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	sum := 0
	err = GuardFaults(func() {
		for r := range f.Rows() {
			sum += len(strings.Clone(f.RowText(r)))
		}
	})
	if err == nil {
		t.Fatalf("read %d bytes of a file cut to nothing without an error", sum)
	}
	defer func() {
		if r := recover(); r != "not a fault" {
			t.Errorf("recovered %v, want the panic to go through", r)
		}
	}()
	GuardFaults(func() { panic("not a fault") })
}
