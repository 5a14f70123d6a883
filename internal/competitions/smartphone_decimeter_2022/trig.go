package smartphone_decimeter_2022

import (
	"math"
	"math/big"
)

// The haversine uses sin, cos and arcsin. numpy calls the C library's
// (glibc's, correctly rounded in practice) except where it has SIMD
// versions (SVML on AVX-512 machines, a few ulps off and CPU-dependent).
// Go's math package is not correctly rounded either, and one ulp of a
// distance of thousands of kilometres is more than 1e-9 m, so these
// functions evaluate in double-double arithmetic (about 106 bits) and round
// once: the correctly rounded result, glibc's.

// dd is an unevaluated sum hi + lo with |lo| ≤ ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, float64(a-float64(s-bb)) + float64(b-bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - float64(s-a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func (a dd) add(b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func (a dd) mul(b dd) dd {
	p := twoProd(a.hi, b.hi)
	p.lo += float64(a.hi*b.lo) + float64(a.lo*b.hi)
	return quickTwoSum(p.hi, p.lo)
}

func (a dd) neg() dd { return dd{-a.hi, -a.lo} }

// splitBig returns the double-double nearest x.
func splitBig(x *big.Float) dd {
	hi, _ := x.Float64()
	rest := new(big.Float).SetPrec(x.Prec()).Sub(x, new(big.Float).SetFloat64(hi))
	lo, _ := rest.Float64()
	return dd{hi, lo}
}

const piDigits = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798"

var (
	// halfPi is π/2 in three doubles.
	halfPi [3]float64
	// invFact[n] is 1/n! as a double-double, n ≤ 40.
	invFact [41]dd
)

func init() {
	const prec = 300
	pi, _, _ := big.ParseFloat(piDigits, 10, prec, big.ToNearestEven)
	h := new(big.Float).SetPrec(prec).Quo(pi, big.NewFloat(2))
	for i := range halfPi {
		halfPi[i], _ = h.Float64()
		h.Sub(h, new(big.Float).SetFloat64(halfPi[i]))
	}
	f := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := range invFact {
		if n > 0 {
			f.Mul(f, new(big.Float).SetInt64(int64(n)))
		}
		invFact[n] = splitBig(new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), f))
	}
}

// reduce returns r = x − k·π/2 (|r| ≤ π/4, as a double-double) and k mod 4;
// ok is false where |x| is too large for this reduction.
func reduce(x float64) (r dd, quadrant int, ok bool) {
	if math.Abs(x) > 1<<20 || math.IsNaN(x) {
		return dd{}, 0, false
	}
	k := math.RoundToEven(x / halfPi[0])
	r = dd{x, 0}
	for _, p := range halfPi {
		r = r.add(twoProd(k, p).neg())
	}
	return r, int(int64(k) & 3), true
}

// sinCosDD returns sin(r) and cos(r) for |r| ≤ π/4 by Taylor series.
func sinCosDD(r dd) (sin, cos dd) {
	r2 := r.mul(r)
	s := invFact[27].neg()
	for n := 25; n >= 1; n -= 2 {
		if (n/2)%2 == 1 {
			s = s.mul(r2).add(invFact[n].neg())
		} else {
			s = s.mul(r2).add(invFact[n])
		}
	}
	// s holds Σ (−1)^i r^(2i) / (2i+1)! with the sign pattern fixed below
	c := invFact[28]
	for n := 26; n >= 0; n -= 2 {
		if (n/2)%2 == 1 {
			c = c.mul(r2).add(invFact[n].neg())
		} else {
			c = c.mul(r2).add(invFact[n])
		}
	}
	return r.mul(s), c
}

// sinCos returns sin(x) and cos(x) as double-doubles.
func sinCos(x float64) (sin, cos dd, ok bool) {
	r, q, ok := reduce(x)
	if !ok {
		return dd{}, dd{}, false
	}
	s, c := sinCosDD(r)
	switch q {
	case 0:
		return s, c, true
	case 1:
		return c, s.neg(), true
	case 2:
		return s.neg(), c.neg(), true
	}
	return c.neg(), s, true
}

// sinCR is sin(x) correctly rounded (math.Sin outside |x| ≤ 2^20).
func sinCR(x float64) float64 {
	s, _, ok := sinCos(x)
	if !ok {
		return math.Sin(x)
	}
	return s.hi + s.lo
}

// cosCR is cos(x) correctly rounded (math.Cos outside |x| ≤ 2^20).
func cosCR(x float64) float64 {
	_, c, ok := sinCos(x)
	if !ok {
		return math.Cos(x)
	}
	return c.hi + c.lo
}

// asinCR is arcsin(y) correctly rounded: one Newton step in double-double
// from math.Asin.
func asinCR(y float64) float64 {
	z := math.Asin(y)
	if math.IsNaN(z) || y == 0 {
		return z
	}
	s, c, ok := sinCos(z)
	if !ok || c.hi == 0 {
		return z
	}
	diff := s.add(dd{-y, 0})
	delta := -(diff.hi + diff.lo) / (c.hi + c.lo)
	r := twoSum(z, delta)
	return r.hi + r.lo
}
