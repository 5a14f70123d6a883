package icecube_neutrinos_in_deep_ice

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
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
	row := make(map[int64]int, ans.Len())
	for i, id := range aID.Ints {
		if _, dup := row[id]; dup {
			return competition.Score{}, fmt.Errorf("answers repeat event_id %d", id)
		}
		row[id] = i
	}

	// The event id sets must be equal (Python compares 1.0 == 1 == True).
	sID, _ := sub.Col("event_id")
	subIDs, ok := eventIDs(sID)
	idsDiffer := competition.Invalid("Submission event_ids do not match the expected event_ids")
	if !ok {
		return competition.Score{}, idsDiffer
	}
	covered := make([]bool, ans.Len())
	for _, id := range subIDs {
		i, found := row[id]
		if !found {
			return competition.Score{}, idsDiffer
		}
		covered[i] = true
	}
	for _, c := range covered {
		if !c {
			return competition.Score{}, idsDiffer
		}
	}

	// Sort both by event_id and pair positionally. With equal lengths and
	// sets and unique answer ids the submission ids are unique too.
	order := make([]int, sub.Len())
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return subIDs[order[a]] < subIDs[order[b]] })
	ansOrder := make([]int, ans.Len())
	for i := range ansOrder {
		ansOrder[i] = i
	}
	sort.SliceStable(ansOrder, func(a, b int) bool { return aID.Ints[ansOrder[a]] < aID.Ints[ansOrder[b]] })
	trueAz, trueZe := make([]float64, len(order)), make([]float64, len(order))
	predAz, predZe := make([]float64, len(order)), make([]float64, len(order))
	for k := range order {
		trueAz[k], trueZe[k] = ansAz[ansOrder[k]], ansZe[ansOrder[k]]
		predAz[k], predZe[k] = subAz[order[k]], subZe[order[k]]
	}
	return competition.Numpy(AngularDistance(trueAz, trueZe, predAz, predZe)), nil
}

// AngularDistance is the host's angular_dist_score: the mean over events of
// |arccos(clip(dot, -1, 1))| of the unit vectors of the true and predicted
// (azimuth, zenith), in numpy's evaluation order and summation.
func AngularDistance(azTrue, zenTrue, azPred, zenPred []float64) float64 {
	d := make([]float64, len(azTrue))
	for i := range d {
		sa1, ca1 := math.Sin(azTrue[i]), math.Cos(azTrue[i])
		sz1, cz1 := math.Sin(zenTrue[i]), math.Cos(zenTrue[i])
		sa2, ca2 := math.Sin(azPred[i]), math.Cos(azPred[i])
		sz2, cz2 := math.Sin(zenPred[i]), math.Cos(zenPred[i])
		dot := sz1*sz2*(ca1*ca2+sa1*sa2) + cz1*cz2
		dot = max(-1, min(1, dot))
		d[i] = math.Abs(math.Acos(dot))
	}
	return metric.Mean(d)
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
