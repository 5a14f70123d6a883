package pyfloat

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"
)

// golden.json was produced once by testdata/gen_golden.py under CPython 3.11;
// floats travel as hex literals so no decimal conversion is involved.
type golden struct {
	Repr   [][2]string `json:"repr"`
	Round5 [][2]string `json:"round5"`
}

func loadGolden(t *testing.T) golden {
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func hexFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("parsing %s: %v", s, err)
	}
	return v
}

func TestReprGolden(t *testing.T) {
	for _, c := range loadGolden(t).Repr {
		x := hexFloat(t, c[0])
		if got := Repr(x); got != c[1] {
			t.Errorf("Repr(%s) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestReprNonFinite(t *testing.T) {
	for x, want := range map[float64]string{math.Inf(1): "inf", math.Inf(-1): "-inf"} {
		if got := Repr(x); got != want {
			t.Errorf("Repr(%v) = %q, want %q", x, got, want)
		}
	}
	if got := Repr(math.NaN()); got != "nan" {
		t.Errorf("Repr(NaN) = %q", got)
	}
}

func TestRoundGolden(t *testing.T) {
	for _, c := range loadGolden(t).Round5 {
		x, want := hexFloat(t, c[0]), hexFloat(t, c[1])
		if got := Round(x, 5); got != want {
			t.Errorf("Round(%v, 5) = %v, want %v", x, got, want)
		}
	}
}

func TestRoundNumpyDiffersNearHalves(t *testing.T) {
	// harness.md §4.1: 0.123455 rounds to 0.12345 as a Python float but to
	// 0.12346 as a NumPy float64.
	if got := Round(0.123455, 5); got != 0.12345 {
		t.Errorf("Round(0.123455) = %v, want 0.12345", got)
	}
	if got := RoundNumpy(0.123455, 5); got != 0.12346 {
		t.Errorf("RoundNumpy(0.123455) = %v, want 0.12346", got)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := RoundNumpy(x, 5); !(got == x || math.IsNaN(got) && math.IsNaN(x)) {
			t.Errorf("RoundNumpy(%v) = %v", x, got)
		}
	}
}

func FuzzReprRoundTrips(f *testing.F) {
	for _, x := range []float64{0, 1, 0.1, 1e16, 1e-5, 123.456} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		s := Repr(x)
		y, err := strconv.ParseFloat(s, 64)
		if err != nil || y != x {
			t.Fatalf("Repr(%v) = %q does not round-trip (%v, %v)", x, s, y, err)
		}
	})
}

func BenchmarkRepr(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, 32)
	for i := 0; b.Loop(); i++ {
		buf = AppendRepr(buf[:0], float64(i)*0.37)
	}
}
