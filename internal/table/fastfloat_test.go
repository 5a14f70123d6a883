package table

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func checkDecimal(t *testing.T, s string) {
	t.Helper()
	want, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(want, 0) && want != 0 {
		t.Fatalf("strconv %q: %v", s, err)
	}
	got, ok := scanDecimal(s)
	if !ok {
		t.Fatalf("scanDecimal(%q) rejected", s)
	}
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("scanDecimal(%q) = %v (%x), want %v (%x)", s, got, math.Float64bits(got), want, math.Float64bits(want))
	}
}

func TestDecimalToFloatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	n := 300000
	if testing.Short() {
		n = 30000
	}
	for i := 0; i < n; i++ {
		// Shortest reprs of random bit patterns, with random precisions.
		x := math.Float64frombits(r.Uint64())
		if math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		checkDecimal(t, strconv.FormatFloat(x, 'e', -1, 64))
		checkDecimal(t, strconv.FormatFloat(x, 'e', r.IntN(25), 64))
		checkDecimal(t, string(appendRepr(nil, x)))
		// Random digit strings with random exponents.
		nd := 1 + r.IntN(25)
		b := make([]byte, 0, 40)
		if r.IntN(2) == 0 {
			b = append(b, '-')
		}
		dot := r.IntN(nd + 1)
		for k := 0; k < nd; k++ {
			if k == dot {
				b = append(b, '.')
			}
			b = append(b, byte('0'+r.IntN(10)))
		}
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(r.IntN(700)-350), 10)
		checkDecimal(t, string(b))
	}
	for _, s := range []string{"0", "-0", "0.0e10", "1", "9007199254740993", "9007199254740992", "1e23", "8.98846567431158e307",
		"1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
		"2.2250738585072011e-308", "2.2250738585072012e-308", "123456789012345678901234567890", "0.000000000000000000000000000001234567890123456789012345",
		"1e-400", "1e400", "00000000000000000000001.5", "1.00000000000000000000000000000000001", "9999999999999999999", "18446744073709551615",
		"18446744073709551616", "0.1", "0.30000000000000004", "2.675", "5e-324", "1e22", "1e-22", "7.5e-23"} {
		checkDecimal(t, s)
	}
}

func FuzzDecimalToFloat(f *testing.F) {
	f.Add(uint64(123), int16(-5), uint8(3))
	f.Fuzz(func(t *testing.T, m uint64, e int16, zeros uint8) {
		s := strconv.FormatUint(m, 10)
		for k := 0; k < int(zeros%30); k++ {
			s += "0"
		}
		s += "e" + strconv.Itoa(int(e)%800)
		checkDecimal(t, s)
	})
}
