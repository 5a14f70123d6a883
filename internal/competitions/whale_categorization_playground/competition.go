// Package whale_categorization_playground is the whale-categorization-playground competition (the original's
// mlebench/competitions/whale-categorization-playground/): its prepare, grade and fake raw data.
//
// whale-categorization-playground: ../shared/spec/competitions/whale-categorization-playground.md
//
// Quirks reproduced:
//   - per Id in first-appearance order: k ≥ 2 rows → a fresh
//     RandomState(0).permutation(k) (rows.sample(2, random_state=0)) sends
//     perm[0] to train and perm[1] to test; k = 1 → one double u from the
//     single shared default_rng(0) (PCG64), test iff u ≥ 0.9;
//   - the undecided rest goes through train_test_split(test_size=0.1,
//     random_state=0) (m < 2 raises, as scikit-learn does);
//   - train/answers are written in FILE order; answer Ids missing from the
//     train Ids become new_whale; the sample submission repeats the constant
//     "new_whale w_1287fbc w_98baff9 w_7554f44 w_1eafe46";
//   - images are byte copies raw/train/<Image> → public/train or public/test
//     with the original's *.jpg count asserts;
//   - grading: column set exactly {Image, Id}, row count, Image set → invalid;
//     both sorted by Image; predictions are str(Id).split(" ") (empty tokens
//     occupy positions, NaN → "nan"); MAP@5, a numpy float64.
//
// Deliberate difference: Image names that are not plain file names are refused.
package whale_categorization_playground

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "whale-categorization-playground",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
