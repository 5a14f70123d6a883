package crmath

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTrigCorrectlyRounded compares Sin, Cos and Asin with the
// correctly rounded values (mpmath) on the 3,000 points of
// testdata/libm_trig.txt (make_trig.py), and reports how often glibc (the
// library numpy calls on machines without AVX-512) and Go's math package
// differ from them.
func TestTrigCorrectlyRounded(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "libm_trig.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var n, libmOff, goOff int
	for sc.Scan() {
		var v [8]float64
		for i, s := range strings.Fields(sc.Text()) {
			if v[i], err = strconv.ParseFloat(s, 64); err != nil {
				t.Fatal(err)
			}
		}
		n++
		x, y := v[0], v[1]
		for k, c := range []struct {
			name   string
			got    float64
			goMath float64
		}{
			{"sin", Sin(x), math.Sin(x)},
			{"cos", Cos(x), math.Cos(x)},
			{"asin", Asin(y), math.Asin(y)},
		} {
			want, libm := v[2+k], v[5+k]
			if c.got != want {
				t.Errorf("%s(%x or %x) = %x, correctly rounded %x", c.name, x, y, c.got, want)
			}
			if libm != want {
				libmOff++
			}
			if c.goMath != want {
				goOff++
			}
		}
	}
	if n != 3000 {
		t.Fatalf("%d points", n)
	}
	t.Logf("of %d results, glibc rounds %d differently, Go's math package %d", 3*n, libmOff, goOff)
}
