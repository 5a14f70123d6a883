// Package aerial_cactus_identification is the aerial-cactus-identification competition (the original's
// mlebench/competitions/aerial-cactus-identification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/aerial-cactus-identification.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.19, random_state=0), rows in permutation
//     order; the sample submission is the test rows with has_cactus = 0.5;
//   - the asserts of the original (sizes, train longer than test, equal
//     column lists of train/test/original/sample — so a raw train.csv
//     without has_cactus fails —, disjoint and unique ids);
//   - images are byte copies of raw/train.zip's train/<id> members, packed
//     into public/train.zip and public/test.zip as bare <id> entries.
//
// Deliberate differences: the members are read straight from raw/train.zip
// (the original extracts it into raw/ and deletes the extracted folder at
// the end, leaving the same raw directory); the public zips list their
// members sorted by name with a fixed timestamp (the original's are in
// filesystem order with file mtimes, not checksummed); ids that are not
// plain file names are refused.
//
// Grading: the shared AUROC helper (id, has_cactus) and binary ROC AUC, a
// NumPy float64.
package aerial_cactus_identification

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "aerial-cactus-identification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
