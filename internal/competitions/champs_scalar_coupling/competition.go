// Package champs_scalar_coupling is the champs-scalar-coupling competition (the original's
// mlebench/competitions/champs-scalar-coupling/): its prepare, grade and fake raw data.
//
// champs-scalar-coupling — spec: ../shared/spec/competitions/champs-scalar-coupling.md
//
// Quirks reproduced:
//   - train.csv grouped by molecule_name (sorted names; rows keep file
//     order; a missing name is dropped as groupby does), the list of groups
//     split with train_test_split(test_size=0.1, random_state=0) and
//     concatenated in permutation order;
//   - test = answers without scalar_coupling_constant; sample = id + integer
//     0; the hard-coded column counts (6/5/2) are asserted;
//   - the six auxiliary CSVs are filtered to train molecules only (test
//     molecules vanish from structures.csv too, upstream issue #70), each
//     asserted to hold exactly the train molecule set; structures/<name>.xyz
//     copied for train molecules only;
//   - grading: scalar_coupling_constant then id present, set(ids) equal (no
//     length check: duplicated ids duplicate merged rows), inner merge in
//     answers order, per type (sorted) MAE with numpy pairwise sums, np.log
//     (MAE 0 gives −inf, a valid score), np.mean over types; NaN/inf or
//     non-numeric predictions are plain errors (sklearn's checks).
package champs_scalar_coupling

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "champs-scalar-coupling",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const target = "scalar_coupling_constant"

// pyCompare compares cells i and j of c as Python's sort does;
// ok=false when they cannot be ordered (text vs number).
func pyCompare(c *table.Column, i, j int) (int, bool) {
	a, ok1 := pandas.PyValueOf(c, i)
	b, ok2 := pandas.PyValueOf(c, j)
	if !ok1 || !ok2 {
		return 0, false
	}
	return pandas.PyCompare(a, b)
}
