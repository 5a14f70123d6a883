package report

import (
	"math"
	"math/big"
	"testing"
)

// TestPassAtKHandDerived checks the estimator on cases worked out by hand
// from 1 − C(n−c, k)/C(n, k).
func TestPassAtKHandDerived(t *testing.T) {
	for _, tc := range []struct {
		n, c, k  int
		num, den int64
	}{
		{3, 1, 1, 1, 3},    // 1 − C(2,1)/C(3,1) = 1 − 2/3
		{3, 1, 2, 2, 3},    // 1 − C(2,2)/C(3,2) = 1 − 1/3
		{3, 1, 3, 1, 1},    // k > n − c: certain
		{5, 2, 2, 7, 10},   // 1 − C(3,2)/C(5,2) = 1 − 3/10
		{6, 0, 6, 0, 1},    // never a success
		{6, 6, 1, 1, 1},    // always
		{6, 1, 1, 1, 6},    // pass@1 = c/n
		{100, 1, 50, 1, 2}, // 1 − C(99,50)/C(100,50) = 1 − 50/100
		// 1 − C(197,100)/C(200,100) = 1 − (100·99·98)/(200·199·198) = 1 − 49/398;
		// the binomials themselves (~9e58) overflow every integer type.
		{200, 3, 100, 349, 398},
	} {
		got, err := PassAtKRat(tc.n, tc.c, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if want := big.NewRat(tc.num, tc.den); got.Cmp(want) != 0 {
			t.Errorf("pass@%d(n=%d, c=%d) = %s, want %s", tc.k, tc.n, tc.c, got.RatString(), want.RatString())
		}
	}
	for _, bad := range [][3]int{{0, 0, 1}, {3, 4, 1}, {3, 1, 0}, {3, 1, 4}, {3, -1, 1}} {
		if _, err := PassAtK(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("PassAtK%v: no error", bad)
		}
	}
}

func TestSplitPassAtK(t *testing.T) {
	f := func(id string, medal bool) Flags {
		return Flags{CompetitionID: id, Gold: medal, SubmissionExist: true, ValidSubmission: true}
	}
	// a: 1 medal of 3, b: 0 of 3, c: 2 of 3 (d is not in the split).
	reports := []Flags{f("a", true), f("a", false), f("a", false), f("b", false), f("b", false), f("b", false),
		f("c", true), f("c", true), f("c", false), f("d", true)}
	got, err := SplitPassAtK(reports, []string{"a", "b", "c"}, AggregateOptions{NumSeeds: AllSeeds})
	if err != nil {
		t.Fatal(err)
	}
	// k=1: (1/3 + 0 + 2/3)/3; k=2: (2/3 + 0 + 1)/3; k=3: (1 + 0 + 1)/3.
	want := []float64{100.0 / 3, 500.0 / 9, 200.0 / 3}
	if len(got) != 3 {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("pass@%d = %v, want %v", i+1, got[i], want[i])
		}
	}
	// pass@1 is the mean any-medal rate over seeds.
	agg, _ := AggregateReports(reports, []string{"a", "b", "c"}, AggregateOptions{NumSeeds: AllSeeds})
	if math.Abs(agg.AnyMedal().Mean-got[0]) > 1e-12 {
		t.Errorf("pass@1 %v, mean any medal %v", got[0], agg.AnyMedal().Mean)
	}
	// Padding: e has one run (a medal) of the 3 seeds; the other two count as none.
	got, err = SplitPassAtK(append(reports, f("e", true)), []string{"a", "e"}, AggregateOptions{NumSeeds: AllSeeds, PadMissing: true})
	if err != nil || len(got) != 3 || math.Abs(got[0]-100.0/3) > 1e-12 || math.Abs(got[2]-100) > 1e-12 {
		t.Errorf("padded: %v %v", got, err)
	}
	// Without padding, the seeds are the complete ones (2 here): a counts
	// its first two runs (1 medal), b none of 2, c 2 of 2.
	got, err = SplitPassAtK(append(reports[:5:5], f("c", true), f("c", true)), []string{"a", "b", "c"}, AggregateOptions{NumSeeds: AllSeeds})
	if err != nil || len(got) != 2 || math.Abs(got[0]-50) > 1e-12 || math.Abs(got[1]-200.0/3) > 1e-12 {
		t.Errorf("complete seeds: %v %v", got, err)
	}
}
