package icecube_neutrinos_in_deep_ice

import (
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade returns the mean angular error (radians) of the submission.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	names := sub.Names()
	want := map[string]bool{"event_id": true, "azimuth": true, "zenith": true}
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	same := len(set) == len(want)
	for n := range set {
		same = same && want[n]
	}
	if !same {
		return competition.Score{}, competition.Invalid("Submission columns %v do not match the expected columns [azimuth zenith event_id]", names)
	}
	az, _ := sub.Col("azimuth")
	ze, _ := sub.Col("zenith")
	for _, c := range []*table.Column{az, ze} {
		if c.Kind != table.Int64 && c.Kind != table.Float64 {
			return competition.Score{}, competition.Invalid("Submission column %s must be numeric, got dtype %s", c.Name, c.Kind)
		}
	}
	subAz, subZe := numbers(az), numbers(ze)
	for _, c := range []struct {
		name string
		v    []float64
	}{{"azimuth", subAz}, {"zenith", subZe}} {
		for _, x := range c.v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return competition.Score{}, competition.Invalid("All values in submission column %s must be finite", c.name)
			}
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}

	// The answers: the original asserts their columns, dtypes and values.
	aID, ok1 := ans.Col("event_id")
	aAz, ok2 := ans.Col("azimuth")
	aZe, ok3 := ans.Col("zenith")
	if !ok1 || !ok2 || !ok3 || len(ans.Names()) != 3 {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns event_id, azimuth, zenith, got %v", ans.Names())
	}
	if aID.Kind != table.Int64 {
		return competition.Score{}, fmt.Errorf("answers event_id must be integers, got dtype %s", aID.Kind)
	}
	for _, c := range []*table.Column{aAz, aZe} {
		if c.Kind != table.Int64 && c.Kind != table.Float64 {
			return competition.Score{}, fmt.Errorf("answers column %s must be numeric, got dtype %s", c.Name, c.Kind)
		}
	}
	ansAz, ansZe := numbers(aAz), numbers(aZe)
	for i := range ansAz {
		if !isFinite(ansAz[i]) || !isFinite(ansZe[i]) {
			return competition.Score{}, fmt.Errorf("answers must hold finite angles (row %d)", i)
		}
	}
	// The answers' ids in increasing order (a sort only when they are not
	// already): a repeated id is then next to its twin.
	ansOrder := increasingOrder(aID.Ints)
	for k := 1; k < len(aID.Ints); k++ {
		if prev, cur := at(aID.Ints, ansOrder, k-1), at(aID.Ints, ansOrder, k); prev == cur {
			return competition.Score{}, fmt.Errorf("answers repeat event_id %d", cur)
		}
	}

	// The event id sets must be equal (Python compares 1.0 == 1 == True).
	// The counts are equal and the answers' ids unique, so the sets are
	// equal exactly when both id lists agree position by position once
	// sorted (a repeated submission id leaves some answer id out).
	sID, _ := sub.Col("event_id")
	subIDs, ok := eventIDs(sID)
	idsDiffer := competition.Invalid("Submission event_ids do not match the expected event_ids")
	if !ok {
		return competition.Score{}, idsDiffer
	}
	order := increasingOrder(subIDs)
	for k := range subIDs {
		if at(subIDs, order, k) != at(aID.Ints, ansOrder, k) {
			return competition.Score{}, idsDiffer
		}
	}

	// Both sorted by event_id and paired positionally (unique ids: any
	// sort gives the same pairs).
	trueAz, trueZe := gather(ansAz, ansOrder), gather(ansZe, ansOrder)
	predAz, predZe := gather(subAz, order), gather(subZe, order)
	return competition.Numpy(AngularDistance(trueAz, trueZe, predAz, predZe)), nil
}

// AngularDistance is the host's angular_dist_score: the mean over events of
// |arccos(clip(dot, -1, 1))| of the unit vectors of the true and predicted
// (azimuth, zenith), in numpy's evaluation order and summation.
func AngularDistance(azTrue, zenTrue, azPred, zenPred []float64) float64 {
	d := make([]float64, len(azTrue))
	for i := range d {
		d[i] = angularError(azTrue[i], zenTrue[i], azPred[i], zenPred[i])
	}
	return metric.Mean(d)
}

// angularError is one event's |arccos(clip(dot, -1, 1))|.
func angularError(azTrue, zenTrue, azPred, zenPred float64) float64 {
	// math.Sincos gives math.Sin and math.Cos bit for bit
	// (TestSincosIsSinAndCos), at half the cost; metric.Sincos gives
	// math.Sincos bit for bit, without its octant branches (half the cost
	// again on angles in random order).
	sa1, ca1 := metric.Sincos(azTrue)
	sz1, cz1 := metric.Sincos(zenTrue)
	sa2, ca2 := metric.Sincos(azPred)
	sz2, cz2 := metric.Sincos(zenPred)
	dot := sz1*sz2*(ca1*ca2+sa1*sa2) + cz1*cz2
	dot = max(-1, min(1, dot))
	// metric.Acos is within an ulp of arccos, as numpy's libm call is
	// (math.Acos can be ~1e-13 off near ±1), at half math.Acos's cost.
	return math.Abs(metric.Acos(dot))
}

// increasingOrder is the row order sorting ids increasingly, nil when they
// already are (no ids repeat where it matters: ties may come in any order).
func increasingOrder(ids []int64) []int {
	for i := 1; i < len(ids); i++ {
		if ids[i] < ids[i-1] {
			return pandas.SortIndex(&table.Column{Kind: table.Int64, Ints: ids})
		}
	}
	return nil
}

// at is ids[order[k]], or ids[k] when order is nil (the identity).
func at(ids []int64, order []int, k int) int64 {
	if order == nil {
		return ids[k]
	}
	return ids[order[k]]
}

// gather is v in the given row order (v itself for the identity).
func gather(v []float64, order []int) []float64 {
	if order == nil {
		return v
	}
	out := make([]float64, len(order))
	for k, i := range order {
		out[k] = v[i]
	}
	return out
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func numbers(c *table.Column) []float64 {
	if c.Kind == table.Float64 {
		return c.Floats
	}
	out := make([]float64, len(c.Ints))
	for i, v := range c.Ints {
		out[i] = float64(v)
	}
	return out
}

// eventIDs returns the submission's ids as integers when every one equals an
// integer the way Python compares numbers (ints; integral floats; bools as
// 0/1); ok is false when some id can equal no int64 (text, NaN, fractions).
func eventIDs(c *table.Column) ([]int64, bool) {
	switch c.Kind {
	case table.Int64:
		return c.Ints, true
	case table.Bool:
		out := make([]int64, len(c.Bools))
		for i, b := range c.Bools {
			if b {
				out[i] = 1
			}
		}
		return out, true
	case table.Float64:
		out := make([]int64, len(c.Floats))
		for i, f := range c.Floats {
			if f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
				return nil, false
			}
			out[i] = int64(f)
		}
		return out, true
	}
	return nil, false
}
