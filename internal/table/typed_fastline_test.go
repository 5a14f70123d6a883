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
		ok := fastLine(b, 0, end, ',', out)
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
