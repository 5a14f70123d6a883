// Package playground_series_s3e18 is the playground-series-s3e18 competition (the original's
// mlebench/competitions/playground-series-s3e18/): its prepare, grade and fake raw data.
//
// playground-series-s3e18: ../shared/spec/competitions/playground-series-s3e18.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0): n_test = ceil(0.1·n)
//     in float64 (1,484 for n = 14,838), rows in permutation order;
//   - the CSVs are pandas re-serialisations (floats as repr of the parsed
//     double, "1.50" becomes "1.5"; int columns stay ints);
//   - the raw file must have exactly 38 columns (hard-coded 38/32 asserts);
//   - the sample submission is id, EC1, EC2 (raw relative order) at 0.5;
//   - grading: a missing id in the submission OR the answers is invalid
//     (checked first); then EC1/EC2, row count, sorted-id match; the score
//     is macro ROC AUC over EC1 and EC2 with no range check on the scores.
package playground_series_s3e18

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "playground-series-s3e18",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var targets = []string{"EC1", "EC2", "EC3", "EC4", "EC5", "EC6"}
