package report

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func loadGroups(t *testing.T, dirs ...string) []*RunGroup {
	t.Helper()
	g, err := LoadRunGroups(dirs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCompareIdentical(t *testing.T) {
	a := loadGroups(t, upstreamA, upstreamB)
	b := loadGroups(t, upstreamA, upstreamB)
	c, err := Compare(a, b, CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Competitions) != 3 || c.MeanDiff != 0 || c.CILow != 0 || c.CIHigh != 0 || c.Resamples != 10000 {
		t.Errorf("comparison = %+v", c)
	}
	if c.MeanNormDiff == nil || *c.MeanNormDiff != 0 || len(c.OnlyA)+len(c.OnlyB) != 0 {
		t.Errorf("norm diff %v, only %v %v", c.MeanNormDiff, c.OnlyA, c.OnlyB)
	}
	for _, r := range c.Competitions {
		if r.AnyMedalDiff != 0 || r.RunsA != r.RunsB {
			t.Errorf("row %+v", r)
		}
	}
}

// TestCompareConstructed checks a case worked out by hand: cactus goes from
// 0/2 medals (A) to 2/2 (B), +100 pp; denoising stays at 1/2, 0 pp. The
// mean difference is 50 pp; a resample of the two competitions averages
// two draws from {100, 0}: 0 (p = 1/4), 50 (1/2) or 100 (1/4), so the 2.5%
// and 97.5% quantiles of 10,000 resampled means are 0 and 100.
func TestCompareConstructed(t *testing.T) {
	c, err := Compare(loadGroups(t, cmpA), loadGroups(t, cmpB), CompareOptions{LabelA: "old", LabelB: "new", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Competitions) != 2 || len(c.OnlyA) != 0 || strings.Join(c.OnlyB, ",") != "leaf-classification" {
		t.Fatalf("competitions %+v only %v %v", c.Competitions, c.OnlyA, c.OnlyB)
	}
	cactus, deno := c.Competitions[0], c.Competitions[1]
	if cactus.AnyMedalA != 0 || cactus.AnyMedalB != 100 || cactus.AnyMedalDiff != 100 ||
		deno.AnyMedalA != 50 || deno.AnyMedalB != 50 || deno.AnyMedalDiff != 0 {
		t.Errorf("rows %+v %+v", cactus, deno)
	}
	if c.MeanDiff != 50 || c.AnyMedalA != 25 || c.AnyMedalB != 75 || c.CILow != 0 || c.CIHigh != 100 {
		t.Errorf("mean diff %v (A %v, B %v), CI [%v, %v]", c.MeanDiff, c.AnyMedalA, c.AnyMedalB, c.CILow, c.CIHigh)
	}
	// Normalised scores, clipped to [-1, 2].
	cs := func(x float64) float64 { return (x - 0.9991) / (1.0 - 0.9991) }
	ds := func(x float64) float64 { return math.Max(-1, (x-0.07325)/(0.01794-0.07325)) }
	wantCactus := (cs(1) + cs(1) - cs(0.999) - cs(0.9992)) / 2
	wantDeno := (ds(0.02) + ds(0.2) - ds(0.01) - ds(0.1)) / 2
	if !near(*cactus.NormDiff, wantCactus) || !near(*deno.NormDiff, wantDeno) || !near(*c.MeanNormDiff, (wantCactus+wantDeno)/2) {
		t.Errorf("norm diffs %v %v mean %v, want %v %v", *cactus.NormDiff, *deno.NormDiff, *c.MeanNormDiff, wantCactus, wantDeno)
	}
	var buf bytes.Buffer
	if err := c.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"difference new − old = +50.00 pp, 95% bootstrap CI [+0.00, +100.00] (10000 resamples of competitions, seed 7)",
		"Only in new (left out): leaf-classification"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestCompareNoCommonCompetition(t *testing.T) {
	if _, err := Compare(loadGroups(t, runnerToy), loadGroups(t, cmpA), CompareOptions{}); err == nil || !strings.Contains(err.Error(), "no competition in common") {
		t.Errorf("err = %v", err)
	}
}

func TestBootstrapCI(t *testing.T) {
	// Constant differences: every resample has the same mean.
	lo, hi := bootstrapCI([]float64{12.5, 12.5, 12.5}, 1000, 1)
	if lo != 12.5 || hi != 12.5 {
		t.Errorf("constant: [%v, %v]", lo, hi)
	}
	// Seeded: the same seed gives the same interval.
	xs := []float64{-20, 0, 10, 35, 50, 5, -5}
	lo1, hi1 := bootstrapCI(xs, 2000, 3)
	lo2, hi2 := bootstrapCI(xs, 2000, 3)
	if lo1 != lo2 || hi1 != hi2 || !(lo1 < mean(xs) && mean(xs) < hi1) {
		t.Errorf("seeded CI [%v, %v] vs [%v, %v], mean %v", lo1, hi1, lo2, hi2, mean(xs))
	}
	// The interval approaches mean ± 1.96·sd/√n (sd with ddof 0, the
	// bootstrap's) for many competitions.
	var many []float64
	for i := 0; i < 200; i++ {
		many = append(many, float64((i*37)%101))
	}
	m := mean(many)
	v := 0.0
	for _, x := range many {
		v += (x - m) * (x - m)
	}
	se := math.Sqrt(v/float64(len(many))) / math.Sqrt(float64(len(many)))
	lo, hi = bootstrapCI(many, 10000, 0)
	if math.Abs(lo-(m-1.96*se)) > 0.1*se*1.96 || math.Abs(hi-(m+1.96*se)) > 0.1*se*1.96 {
		t.Errorf("CI [%v, %v], normal approximation [%v, %v]", lo, hi, m-1.96*se, m+1.96*se)
	}
}

func TestQuantile(t *testing.T) {
	// numpy.percentile([1, 2, 3, 4], [2.5, 50, 97.5]) = [1.075, 2.5, 3.925].
	xs := []float64{1, 2, 3, 4}
	for q, want := range map[float64]float64{0.025: 1.075, 0.5: 2.5, 0.975: 3.925, 0: 1, 1: 4} {
		if got := quantile(xs, q); !near(got, want) {
			t.Errorf("quantile(%v) = %v, want %v", q, got, want)
		}
	}
}
