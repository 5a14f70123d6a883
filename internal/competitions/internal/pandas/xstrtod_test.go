package pandas

import (
	"math"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// TestPreciseXstrtod: values pandas.read_csv (default converter, pandas
// 1.5 on Debian, the same precise_xstrtod as pandas 2.2) gave for these
// cells of one float column, as float.hex().
func TestPreciseXstrtod(t *testing.T) {
	for _, c := range []struct{ in, hex string }{
		{"15.680577101055817", "0x1.f5c749a0ee1e7p+3"},
		{"3.7802576312314466", "0x1.e3df7b684bf7ap+1"},
		{"1.9893274793951892", "0x1.fd4490d10954cp+0"},
		{"28.631062541129422", "0x1.ca18d508fe1acp+4"},
		{"1.5e-30", "0x1.e6c71fe61a3f0p-100"},
		{"123456789012345678901", "0x1.ac53a7e04bcdap+66"},
		{"0.000000000000000012345678901234567", "0x0.0p+0"},
		{"9.999999999999999e22", "0x1.52d02c7e14af6p+76"},
		{"1e23", "0x1.52d02c7e14af6p+76"},
		{"2.2250738585072014e-308", "0x1.0000000000000p-1022"},
		{"4.9e-324", "0x0.0000000000001p-1022"},
		{"1e-320", "0x0.00000000007e8p-1022"},
		{" 12.5 ", "0x1.9000000000000p+3"},
		{"-0.0", "-0x0.0p+0"},
		{"1.7976931348623157e308", "0x1.fffffffffffffp+1023"},
		{"0.1", "0x1.999999999999ap-4"},
		{"123.456e5", "0x1.78c2000000000p+23"},
		{"12345678901234567890.5", "0x1.56a95319d63e1p+63"},
	} {
		want, err := strconv.ParseFloat(c.hex, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := PreciseXstrtod(c.in)
		if !ok || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("PreciseXstrtod(%q) = %v (%x), %v; pandas %v", c.in, got, got, ok, want)
		}
	}
	for _, bad := range []string{"", "-", ".", "e5", "1e400", "1.5x", "inf", "nan", "1,5"} {
		if v, ok := PreciseXstrtod(bad); ok {
			t.Errorf("PreciseXstrtod(%q) = %v, accepted", bad, v)
		}
	}
	// "1e" leaves the 'e' unconsumed: not a whole-cell number.
	if _, ok := PreciseXstrtod("1e"); ok {
		t.Error(`"1e" accepted`)
	}
}

// TestHighPrecisionFloats re-converts only long or exponent cells of a
// float column, and only Float64 cells of a mixed column.
func TestHighPrecisionFloats(t *testing.T) {
	tb, err := table.ReadBytes([]byte("a,b\n15.680577101055817,x\n0.5,15.680577101055817\n,\n"), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tb.Col("a")
	HighPrecisionFloats(a)
	if a.Floats[0] != 15.680577101055816 || a.Floats[1] != 0.5 || !math.IsNaN(a.Floats[2]) {
		t.Errorf("float column re-converted to %v", a.Floats)
	}
	b, _ := tb.Col("b")
	HighPrecisionFloats(b) // text column: unchanged, no panic
	if b.Kind != table.String || b.Text[1] != "15.680577101055817" {
		t.Errorf("text column changed: %+v", b)
	}
}
