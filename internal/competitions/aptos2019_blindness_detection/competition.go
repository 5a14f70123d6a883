// Package aptos2019_blindness_detection is the aptos2019-blindness-detection competition (the original's
// mlebench/competitions/aptos2019-blindness-detection/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/aptos2019-blindness-detection.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), rows in permutation
//     order; id_code keeps pandas' whole-column type inference, and image
//     file names are built from the id's text as pandas holds it
//     (str(id) + ".png");
//   - the original's asserts: disjoint train/test ids, one PNG per row in
//     each public folder, no name in both folders;
//   - the sample submission is the test rows with diagnosis = integer 0;
//   - grading: no row-count check — the id *sets* must match, so duplicated
//     ids reach cohen_kappa_score and fail its length check (plain error);
//     a missing id_code column is a KeyError (plain error, not invalid);
//     quadratic weights act on label indices of the sorted label union.
//
// Deliberate difference: ids that are not plain file names are refused.
package aptos2019_blindness_detection

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "aptos2019-blindness-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
