package icecube_neutrinos_in_deep_ice

import (
	"errors"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// TestSincosIsSinAndCos: AngularDistance relies on math.Sincos returning
// exactly math.Sin and math.Cos.
func TestSincosIsSinAndCos(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	xs := []float64{0, math.Copysign(0, -1), math.Pi, -math.Pi, 2 * math.Pi, math.Pi / 2, 1e-300, 1e9, 1 << 29, 1 << 30, 1e300,
		math.NaN(), math.Inf(1), math.Inf(-1), math.SmallestNonzeroFloat64}
	for range 1_000_000 {
		xs = append(xs, (r.Float64()-0.5)*20)
	}
	for range 10_000 {
		xs = append(xs, math.Float64frombits(r.Uint64()))
	}
	for _, x := range xs {
		s, c := math.Sincos(x)
		if math.Float64bits(s) != math.Float64bits(math.Sin(x)) || math.Float64bits(c) != math.Float64bits(math.Cos(x)) {
			if !(math.IsNaN(s) && math.IsNaN(math.Sin(x)) && math.IsNaN(c) && math.IsNaN(math.Cos(x))) {
				t.Fatalf("Sincos(%v) = %v, %v; Sin, Cos = %v, %v", x, s, c, math.Sin(x), math.Cos(x))
			}
		}
	}
}

// mapGrade is the grader's id check and pairing as a map and two stable
// sorts (the previous implementation), on already-validated columns: the
// reference for TestGradeOrderMatchesMap.
func mapGrade(subIDs, ansIDs []int64, subAz, subZe, ansAz, ansZe []float64) (float64, error) {
	row := make(map[int64]int, len(ansIDs))
	for i, id := range ansIDs {
		if _, dup := row[id]; dup {
			return 0, errors.New("answers repeat")
		}
		row[id] = i
	}
	covered := make([]bool, len(ansIDs))
	for _, id := range subIDs {
		i, found := row[id]
		if !found {
			return 0, competition.ErrInvalidSubmission
		}
		covered[i] = true
	}
	for _, c := range covered {
		if !c {
			return 0, competition.ErrInvalidSubmission
		}
	}
	order := make([]int, len(subIDs))
	ansOrder := make([]int, len(ansIDs))
	for i := range order {
		order[i], ansOrder[i] = i, i
	}
	sort.SliceStable(order, func(a, b int) bool { return subIDs[order[a]] < subIDs[order[b]] })
	sort.SliceStable(ansOrder, func(a, b int) bool { return ansIDs[ansOrder[a]] < ansIDs[ansOrder[b]] })
	n := len(order)
	ta, tz, pa, pz := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range order {
		ta[k], tz[k] = ansAz[ansOrder[k]], ansZe[ansOrder[k]]
		pa[k], pz[k] = subAz[order[k]], subZe[order[k]]
	}
	return AngularDistance(ta, tz, pa, pz), nil
}

// TestGradeOrderMatchesMap compares Grade with the map-based reference on
// random tables: ids in order, shuffled, with repeats and strangers in the
// submission, repeats in the answers.
func TestGradeOrderMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for c := range 3000 {
		n := 1 + r.IntN(40)
		ansIDs := make([]int64, n)
		next := int64(r.IntN(5)) - 2
		for i := range ansIDs {
			next += 1 + int64(r.IntN(3))
			ansIDs[i] = next
		}
		if r.IntN(3) == 0 {
			r.Shuffle(n, func(i, j int) { ansIDs[i], ansIDs[j] = ansIDs[j], ansIDs[i] })
		}
		if n > 1 && r.IntN(10) == 0 {
			ansIDs[r.IntN(n)] = ansIDs[r.IntN(n)]
		}
		subIDs := append([]int64(nil), ansIDs...)
		if r.IntN(2) == 0 {
			r.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
		}
		switch r.IntN(6) {
		case 0:
			subIDs[r.IntN(n)] = subIDs[r.IntN(n)] // a repeat (or nothing)
		case 1:
			subIDs[r.IntN(n)] = next + 1 + int64(r.IntN(3)) // a stranger
		}
		angles := func(hi float64) []float64 {
			v := make([]float64, n)
			for i := range v {
				v[i] = r.Float64() * hi
			}
			return v
		}
		subAz, subZe, ansAz, ansZe := angles(2*math.Pi), angles(math.Pi), angles(2*math.Pi), angles(math.Pi)
		want, wantErr := mapGrade(subIDs, ansIDs, subAz, subZe, ansAz, ansZe)
		sub, err := table.New(table.Ints("event_id", subIDs), table.Floats("azimuth", subAz), table.Floats("zenith", subZe))
		if err != nil {
			t.Fatal(err)
		}
		ans, err := table.New(table.Ints("event_id", ansIDs), table.Floats("azimuth", ansAz), table.Floats("zenith", ansZe))
		if err != nil {
			t.Fatal(err)
		}
		got, gotErr := Grade(sub, ans)
		switch {
		case wantErr == nil && gotErr == nil:
			if got.Value != want {
				t.Fatalf("case %d: Grade = %v, want %v\nsub %v\nans %v", c, got.Value, want, subIDs, ansIDs)
			}
		case wantErr == nil || gotErr == nil,
			errors.Is(wantErr, competition.ErrInvalidSubmission) != errors.Is(gotErr, competition.ErrInvalidSubmission):
			t.Fatalf("case %d: Grade error %v, want %v\nsub %v\nans %v", c, gotErr, wantErr, subIDs, ansIDs)
		}
	}
}
