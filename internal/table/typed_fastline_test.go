package table

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestFastLineMatchesCells parses random lines of numbers with fastLine
// and compares each cell with the per-cell path's reading of its text
// (plainInt for integers, ParseFloat otherwise); lines fastLine declines
// must hold a cell outside its form.
func TestFastLineMatchesCells(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	digits := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteByte('0' + byte(r.IntN(10)))
		}
		return sb.String()
	}
	cell := func() string {
		switch r.IntN(8) {
		case 0:
			return strconv.FormatFloat(r.Float64(), 'g', -1, 64)
		case 1:
			return strconv.FormatFloat(r.NormFloat64()*1e6, 'f', -1, 64)
		case 2:
			return strconv.FormatInt(r.Int64()>>r.IntN(64), 10)
		case 3:
			return "-" + digits(1+r.IntN(20))
		case 4:
			return digits(1+r.IntN(12)) + "." + digits(1+r.IntN(12))
		case 5:
			return strings.Repeat("0", r.IntN(4)) + "." + digits(r.IntN(20))
		case 6:
			return typedCells[r.IntN(len(typedCells))]
		default:
			return "0." + strings.Repeat("0", r.IntN(6)) + digits(1+r.IntN(18))
		}
	}
	fast := 0
	for it := 0; it < 100000; it++ {
		width := 1 + r.IntN(4)
		cells := make([]string, width)
		for k := range cells {
			cells[k] = cell()
		}
		line := strings.Join(cells, ",")
		b := []byte(line + []string{"\n", "\r\n", "", "\n123456789"}[r.IntN(4)])
		end := len(line)
		out := make([]fastCell, width)
		ok := fastLine(b, 0, end, ',', out, nil)
		if !ok {
			continue
		}
		if strings.Count(line, ",") != width-1 {
			t.Fatalf("%q: taken with another number of fields", line)
		}
		fast++
		for k, s := range cells {
			v, negZero, st := plainInt([]byte(s))
			if st == numOK {
				if out[k].isFloat || out[k].i != v || out[k].negZero != negZero {
					t.Fatalf("%q cell %q: got %+v, want int %d negZero %v", line, s, out[k], v, negZero)
				}
				continue
			}
			f, fok := ParseFloat(s)
			if !fok || IsNA(s) || st != numInvalid {
				t.Fatalf("%q cell %q: taken by fastLine, not a plain float (%v %v)", line, s, fok, st)
			}
			if !out[k].isFloat || math.Float64bits(out[k].f) != math.Float64bits(f) {
				t.Fatalf("%q cell %q: got %+v, want float %v", line, s, out[k], f)
			}
		}
	}
	if fast < 10000 {
		t.Fatalf("only %d lines took the fast form", fast)
	}
}

// lineThenFast is what the typed reader did before fastLineAt: find the
// line end ('\n', then trim one '\r'), then fastLine on the line.
func lineThenFast(b []byte, start int, sep byte, out []fastCell) (next int, ok bool) {
	k := strings.IndexByte(string(b[start:]), '\n')
	if k < 0 {
		return 0, false // lineSpan would read more (or take the last line)
	}
	end := trimCREnd(b, start, start+k)
	if !fastLine(b, start, end, sep, out, nil) {
		return 0, false
	}
	return start + k + 1, true
}

// TestFastLineAtMatchesLineSpan checks fastLineAt against the line search
// followed by fastLine: the same lines taken, with the same cells and the
// same next position, on edge cases and random buffers cut anywhere.
func TestFastLineAtMatchesLineSpan(t *testing.T) {
	check := func(name string, b []byte, start, width int) {
		t.Helper()
		got, want := make([]fastCell, width), make([]fastCell, width)
		gn, gok := fastLineAt(b, start, ',', got, nil)
		wn, wok := lineThenFast(b, start, ',', want)
		if gok != wok || (gok && (gn != wn || !slicesEqualCells(got, want))) {
			t.Fatalf("%s %q from %d: fastLineAt %d %v %+v, line then fastLine %d %v %+v", name, b, start, gn, gok, got, wn, wok, want)
		}
	}
	for _, tc := range []struct {
		body  string
		width int
	}{
		{"1,0.5\n", 2}, {"1,0.5\r\n", 2}, {"1,0.5\r\r\n", 2}, {"1,0.5\r", 2}, {"1,0.5", 2},
		{"1,0.5,\n", 2}, {"1,0.5\n", 3}, {"1,0.5,7\n", 2}, {"\n1,2\n", 2}, {"-0,-0.0\n", 2},
		{"1,nan\n", 2}, {"1,NaN\n", 2}, {"1, 2\n", 2}, {"1,2 \n", 2}, {"1;2\n", 2}, {"1,1e5\n", 2},
		{"123456789012345678,0.1\n", 2}, {"1234567890123456789,0.1\n", 2}, {"1,0.12345678901234567890\n", 2},
		{"1,0.\n", 2}, {"1,.5\n", 2}, {"+1,2\n", 2}, {"1,2\x00\n", 2}, {"7\n", 1}, {"\r\n", 1},
	} {
		check("edge", []byte(tc.body), 0, tc.width)
	}
	r := rand.New(rand.NewPCG(7, 8))
	pool := append(append([]string{}, typedCells...), "0.5011020094406413", "900000", "1", "0")
	for it := 0; it < 20000; it++ {
		width := 1 + r.IntN(3)
		var sb strings.Builder
		for l := 0; l < 3; l++ {
			for c := 0; c < width+r.IntN(3)/2; c++ {
				if c > 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(pool[r.IntN(len(pool))])
			}
			sb.WriteString([]string{"\n", "\r\n", "\n", "\r\r\n"}[r.IntN(4)])
		}
		b := []byte(sb.String())
		b = b[:r.IntN(len(b)+1)] // a buffer may end anywhere
		for start := 0; start <= len(b); start++ {
			if start == 0 || b[start-1] == '\n' {
				check("random", b, start, width)
			}
		}
	}
}

func slicesEqualCells(a, b []fastCell) bool {
	for i := range a {
		if a[i].isFloat != b[i].isFloat || a[i].i != b[i].i || math.Float64bits(a[i].f) != math.Float64bits(b[i].f) || a[i].negZero != b[i].negZero {
			return false
		}
	}
	return true
}

// TestFastLineSkip: a skipped column's cell is not parsed and may hold any
// text but what would make the plain split differ from the tokenizer's
// (a quote, a '\r' inside the line, NUL); the kept cells are those of the
// unskipped parse.
func TestFastLineSkip(t *testing.T) {
	skip := []bool{false, true, false}
	out := make([]fastCell, 3)
	if l := "7\twords\t1.5"; !fastLine([]byte(l), 0, len(l), '\t', out, skip) {
		t.Error("tab-separated line with text in the skipped column: want the fast form")
	}
	if l := "7;words;1.5"; fastLine([]byte(l), 0, len(l), ';', out, skip) {
		t.Error("';'-separated line with text in the skipped column: other separators parse every cell")
	}
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"7,3.25,1.5", true},
		{"7,words and more,1.5", true},
		{"7,,1.5", true},
		{"7,NA,-2", true},
		{"7,caf\xc3\xa9,0", false}, // beyond ASCII: the per-cell path checks its UTF-8
		{"7,\xff,0", false},
		{`7,"a",1.5`, false},
		{"7,a\rb,1.5", false},
		{"7,n\x00l,1.5", false},
		{"7,a,b,1.5", false}, // a fourth field
		{"7,a", false},       // a second field only
		{"7,a,x", false},     // a kept cell not of the fast form
	} {
		got := make([]fastCell, 3)
		ok := fastLine([]byte(tc.line), 0, len(tc.line), ',', got, skip)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.line, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		// The kept cells as fastLine parses them with a number in the
		// skipped column.
		f := strings.Split(tc.line, ",")
		f[1] = "0"
		plain := strings.Join(f, ",")
		want := make([]fastCell, 3)
		if !fastLine([]byte(plain), 0, len(plain), ',', want, nil) {
			t.Fatalf("%q: reference line not of the fast form", plain)
		}
		if got[0] != want[0] || got[2] != want[2] {
			t.Errorf("%q: kept cells %+v %+v, want %+v %+v", tc.line, got[0], got[2], want[0], want[2])
		}
		// At a line end, as fastLineAt sees it.
		for _, end := range []string{"\n", "\r\n"} {
			b := []byte(tc.line + end + "9,9,9\n")
			next, ok := fastLineAt(b, 0, ',', got, skip)
			if !ok || next != len(tc.line)+len(end) {
				t.Errorf("%q%q: fastLineAt = %d, %v; want %d, true", tc.line, end, next, ok, len(tc.line)+len(end))
			}
		}
	}
}
