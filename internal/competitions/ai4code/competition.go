// Package ai4code is the AI4Code competition (the original's
// mlebench/competitions/AI4Code/): its prepare, grade and fake raw data.
//
// AI4Code: ../shared/spec/competitions/AI4Code.md
//
// Quirks reproduced:
//   - the split shuffles train_ancestors.csv with RandomState(0).permutation
//     and walks the fork families (ancestor_id) in order of first appearance,
//     greedily taking whole families while the test set stays <= 20000
//     notebooks (rejected families do not stop the walk); exactly 20000 test
//     notebooks are asserted;
//   - public/train_ancestors.csv keeps the shuffled order, the two orders
//     files keep the original train_orders.csv order;
//   - the sample submission is each test notebook's cell_type keys in JSON
//     document order (code cells in order, markdown shuffled);
//   - grading: row count, columns, id set, then per-notebook token counts
//     (invalid); a true cell id missing from the submitted order is
//     Python's ValueError (a plain error, null score); the score is
//     1 - 4*sum(inversions)/sum(n(n-1)) with integer sums.
package ai4code

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{ID: "AI4Code", Prepare: Prepare, Grade: Grade, TypedRead: true, FakeRaw: FakeRaw}

// testSize is the literal test size of the upstream split.
const testSize = 20000
