package table

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestIntLinesAt: the lines it stores, and where it stops (the first line
// not of plain integers, one a column, ending inside the buffer).
func TestIntLinesAt(t *testing.T) {
	cases := []struct {
		name  string
		b     string
		width int
		max   int
		lines int    // lines stored
		rest  string // b after them
		want  [][]int64
	}{
		{"pairs", "1,2\n30,40\n", 2, 10, 2, "", [][]int64{{1, 30}, {2, 40}}},
		{"crlf", "1,2\r\n3,4\r\n", 2, 10, 2, "", [][]int64{{1, 3}, {2, 4}}},
		{"max lines", "1,2\n3,4\n5,6\n", 2, 2, 2, "5,6\n", [][]int64{{1, 3}, {2, 4}}},
		{"negative", "-5,7\n", 2, 10, 1, "", [][]int64{{-5}, {7}}},
		{"negative zero stops", "1,2\n-0,3\n", 2, 10, 1, "-0,3\n", [][]int64{{1}, {2}}},
		{"-00 stops", "-00,3\n", 2, 10, 0, "-00,3\n", [][]int64{{}, {}}},
		{"decimal stops", "1,2\n3.5,4\n", 2, 10, 1, "3.5,4\n", [][]int64{{1}, {2}}},
		{"18 digits", "123456789012345678,1\n", 2, 10, 1, "", [][]int64{{123456789012345678}, {1}}},
		{"19 digits stop", "1234567890123456789,1\n", 2, 10, 0, "1234567890123456789,1\n", [][]int64{{}, {}}},
		{"no newline at the end stops", "1,2\n3,4", 2, 10, 1, "3,4", [][]int64{{1}, {2}}},
		{"cut after \\r stops", "1,2\n3,4\r", 2, 10, 1, "3,4\r", [][]int64{{1}, {2}}},
		{"lone \\r stops", "1,2\r3,4\n", 2, 10, 0, "1,2\r3,4\n", [][]int64{{}, {}}},
		{"too few fields stop", "1\n", 2, 10, 0, "1\n", [][]int64{{}, {}}},
		{"too many fields stop", "1,2,3\n", 2, 10, 0, "1,2,3\n", [][]int64{{}, {}}},
		{"empty cell stops", "1,\n", 2, 10, 0, "1,\n", [][]int64{{}, {}}},
		{"plus sign stops", "+1,2\n", 2, 10, 0, "+1,2\n", [][]int64{{}, {}}},
		{"lone minus stops", "-,2\n", 2, 10, 0, "-,2\n", [][]int64{{}, {}}},
		{"text stops", "1,2\n1,x\n", 2, 10, 1, "1,x\n", [][]int64{{1}, {2}}},
		{"space stops", "1, 2\n", 2, 10, 0, "1, 2\n", [][]int64{{}, {}}},
		{"exponent stops", "1e5,2\n", 2, 10, 0, "1e5,2\n", [][]int64{{}, {}}},
		{"one column", "7\n8\n", 1, 10, 2, "", [][]int64{{7, 8}}},
		{"empty", "", 2, 10, 0, "", [][]int64{{}, {}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cols := make([]typedCol, c.width)
			for k := range cols {
				cols[k].ints = []int64{}
			}
			next, n := intLinesAt([]byte(c.b), 0, ',', cols, c.max)
			if n != c.lines || c.b[next:] != c.rest {
				t.Fatalf("stored %d lines, rest %q; want %d, %q", n, c.b[next:], c.lines, c.rest)
			}
			for k := range cols {
				if !slices.Equal(cols[k].ints, c.want[k]) {
					t.Fatalf("column %d = %v, want %v", k, cols[k].ints, c.want[k])
				}
			}
		})
	}
}

// TestTypedPathIntRuns reads files whose lines are mostly plain integers
// (intLinesAt's form) with the exceptions around it: a decimal, a "-0", a
// 19-digit integer, an NA or a text cell at various rows, with small
// dtype blocks and chunks, so that runs stop at block starts, chunk ends
// and exceptions. The typed read (or its decline) must give the general
// path's table.
func TestTypedPathIntRuns(t *testing.T) {
	defer func(b, c int) { testBlockRows, typedChunk = b, c }(testBlockRows, typedChunk)
	dir := t.TempDir()
	odd := []string{"2.5", "-0", "1234567890123456789", "NA", "x", "-7", "0", "-000", "1e3", ""}
	for _, blockRows := range []int{3, 8, 0} {
		testBlockRows = blockRows
		for _, chunk := range []int{16, 40, 1 << 20} {
			typedChunk = chunk
			for _, o := range odd {
				for _, at := range []int{-1, 0, 1, 5, 8, 19} {
					for _, eol := range []string{"\n", "\r\n"} {
						var b strings.Builder
						b.WriteString("_id,category_id" + eol)
						for i := 0; i < 20; i++ {
							id, cat := strconv.Itoa(1000+i*7), strconv.Itoa(1000010653+i%3)
							if i == at {
								cat = o
							}
							b.WriteString(id + "," + cat)
							if i < 19 || at != 19 {
								b.WriteString(eol)
							}
						}
						body := b.String()
						path := writeTemp(t, dir, "f.csv", body)
						opt := ReadOptions{DropNumericText: true}
						want, werr := ReadBytes([]byte(body), opt)
						got, gerr := ReadFile(path, opt)
						if (werr == nil) != (gerr == nil) {
							t.Fatalf("%q: error %v vs %v", body, gerr, werr)
						}
						if werr == nil {
							sameColumns(t, strconv.Quote(body), got, want)
						}
						if at == -1 {
							if _, ok, _ := readTypedFile(path, opt); !ok {
								t.Fatalf("%q: the typed path declined a file of integers", body)
							}
						}
					}
				}
			}
		}
	}
}
