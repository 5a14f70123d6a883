package table

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// skippedCells are cells of a column Keep leaves out: words, NA, text
// beyond ASCII, and the ones the typed path must decline on (quotes hiding
// a separator or a line end, a '\r' inside a line, NUL, invalid UTF-8).
var skippedCells = []string{"ABBA", "x y", "", "NA", "3.5", `"a,b"`, `"q""q"`, "\"multi\nline\"", "a\rb", "n\x00l", `"plain"`, "é", "\xff\xfe"}

// TestTypedKeepMatchesGeneral: ReadFile with Keep (typed path, other
// columns skipped) gives the kept columns of a whole read by the general
// path, for random files whose other columns hold text.
func TestTypedKeepMatchesGeneral(t *testing.T) {
	defer func(b, c int) { testBlockRows, typedChunk = b, c }(testBlockRows, typedChunk)
	testBlockRows = 4
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(5, 6))
	taken, declined := 0, 0
	for it := 0; it < 1000; it++ {
		typedChunk = []int{16, 64, 1 << 20}[it%3]
		names := []string{"id", "f_27", "target", "note"}
		rows := r.IntN(14)
		var b strings.Builder
		b.WriteString(strings.Join(names, ",") + "\n")
		for i := 0; i < rows; i++ {
			for c := range names {
				if c > 0 {
					b.WriteByte(',')
				}
				switch {
				case c == 1 || c == 3:
					if r.IntN(6) == 0 {
						b.WriteString(skippedCells[r.IntN(len(skippedCells))])
					} else {
						b.WriteString(skippedCells[r.IntN(2)])
					}
				case r.IntN(10) == 0:
					b.WriteString(typedCells[r.IntN(len(typedCells))])
				case c == 2 && r.IntN(2) == 0:
					b.WriteString(strconv.FormatFloat(r.Float64(), 'g', -1, 64))
				default:
					b.WriteString(strconv.Itoa(r.IntN(2000)))
				}
			}
			b.WriteByte('\n')
		}
		body := b.String()
		path := writeTemp(t, dir, "f.csv", body)
		keep := [][]string{{"id", "target"}, {"target"}, {"target", "id"}, {"id", "absent"}}[it%4]
		opt := ReadOptions{DropNumericText: true}
		whole, werr := ReadBytes([]byte(body), opt)
		var want *Table
		if werr == nil {
			want, werr = keepColumns(whole, keep)
		}
		opt.Keep = keep
		got, gerr := ReadFile(path, opt)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%q keep %q: error %v vs %v", body, keep, gerr, werr)
		}
		if werr != nil {
			continue
		}
		sameColumns(t, strconv.Quote(body), got, want)
		if _, ok, _ := readTypedFile(path, opt); ok {
			taken++
		} else {
			declined++
		}
	}
	if taken < 100 || declined < 50 {
		t.Errorf("typed path took %d and declined %d of the reads; the test should exercise both", taken, declined)
	}
}

// TestTypedKeepWideMatchesGeneral: the same on files wider than the fast
// line form takes (fastLineMax), where runs of left-out columns are
// skipped a word at a time (skipFields): random widths and kept columns,
// rows with a field too many or too few, and odd cells among the left-out
// ones.
func TestTypedKeepWideMatchesGeneral(t *testing.T) {
	defer func(b, c int) { testBlockRows, typedChunk = b, c }(testBlockRows, typedChunk)
	testBlockRows = 4
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(15, 16))
	taken := 0
	for it := 0; it < 600; it++ {
		typedChunk = []int{64, 1 << 20}[it%2]
		width := fastLineMax + 1 + r.IntN(30)
		names := make([]string, width)
		for c := range names {
			names[c] = "c" + strconv.Itoa(c)
		}
		var b strings.Builder
		b.WriteString(strings.Join(names, ",") + "\n")
		for range r.IntN(12) {
			n := width
			if r.IntN(80) == 0 {
				n += []int{-1, 1}[r.IntN(2)]
			}
			for c := range n {
				if c > 0 {
					b.WriteByte(',')
				}
				switch k := r.IntN(600); {
				case k == 0:
					b.WriteString(skippedCells[r.IntN(len(skippedCells))])
				case k < 200:
					b.WriteString(strconv.Itoa(r.IntN(2)))
				default:
					b.WriteString(strconv.Itoa(r.IntN(1 << (r.IntN(40)))))
				}
			}
			b.WriteByte('\n')
		}
		body := b.String()
		path := writeTemp(t, dir, "w.csv", body)
		var keep []string
		for _, c := range r.Perm(width)[:1+r.IntN(3)] {
			keep = append(keep, names[c])
		}
		opt := ReadOptions{DropNumericText: true}
		whole, werr := ReadBytes([]byte(body), opt)
		var want *Table
		if werr == nil {
			want, werr = keepColumns(whole, keep)
		}
		opt.Keep = keep
		got, gerr := ReadFile(path, opt)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%q keep %q: error %v vs %v", body, keep, gerr, werr)
		}
		if werr != nil {
			continue
		}
		sameColumns(t, strconv.Quote(body), got, want)
		if _, ok, _ := readTypedFile(path, opt); ok {
			taken++
		}
	}
	if taken < 200 {
		t.Errorf("typed path took %d of the wide reads; the test should exercise it", taken)
	}
}

// TestSkipFields: skipFields is "after the m-th separator" on random
// lines of short and long cells, across word edges.
func TestSkipFields(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "ab,1;"[r.IntN(5)]
		}
		sep := ",;"[r.IntN(2)]
		m := 1 + r.IntN(6)
		got, ok := skipFields(b, sep, m)
		want, wok := []byte(nil), false
		for i, n := 0, 0; i < len(b); i++ {
			if b[i] == sep {
				if n++; n == m {
					want, wok = b[i+1:], true
					break
				}
			}
		}
		if ok != wok || string(got) != string(want) || (ok && len(got) != len(want)) {
			t.Fatalf("skipFields(%q, %q, %d) = %q, %v; want %q, %v", b, sep, m, got, ok, want, wok)
		}
	}
}
