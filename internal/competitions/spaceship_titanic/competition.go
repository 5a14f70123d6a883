// Package spaceship_titanic is the spaceship-titanic competition (the original's
// mlebench/competitions/spaceship-titanic/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/spaceship-titanic.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0): new test/train rows in
//     RandomState(0).permutation order (not the raw order);
//   - everything is a pandas re-serialisation of raw/train.csv: floats in
//     shortest-repr form ("39" in the raw becomes "39.0" when the column has
//     a float dtype), CryoSleep/VIP object columns of bools with missing
//     cells written True/False/empty;
//   - the sample submission is every test PassengerId with Transported False;
//   - grading is the shared accuracy helper (PassengerId, Transported) with
//     scikit-learn 1.5 target checks: 0/1 ints or floats compare equal to the
//     bool answers, a column with a missing cell or ≤ 2 distinct strings
//     raises (null score), more than 2 distinct strings score as all wrong.
package spaceship_titanic

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "spaceship-titanic",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	id     = "PassengerId"
	target = "Transported"
)
