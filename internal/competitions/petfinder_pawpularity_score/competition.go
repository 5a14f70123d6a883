// Package petfinder_pawpularity_score is the petfinder-pawpularity-score competition (the original's
// mlebench/competitions/petfinder-pawpularity-score/): its prepare, grade and fake raw data.
//
// petfinder-pawpularity-score: ../shared/spec/competitions/petfinder-pawpularity-score.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order, all columns re-serialised;
//   - the sample submission's Pawpularity is default_rng(0).uniform(1, 100,
//     n_test) rounded to 2 decimals with numpy's rint rule;
//   - raw/train/<Id>.jpg copied byte for byte to public/train/ or
//     public/test/; the original's asserts on the column layout
//     (Pawpularity last), disjoint ids and *.jpg counts per folder;
//   - grading: Id and Pawpularity columns, 1 ≤ v ≤ 100 (NaN fails; text is
//     a TypeError → null), sorted-id match with numpy broadcasting and no
//     length check (a one-row submission is invalid, other length
//     mismatches are errors), then RMSE as a numpy float64.
package petfinder_pawpularity_score

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "petfinder-pawpularity-score",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
