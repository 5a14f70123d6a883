// Package seti_breakthrough_listen is the seti-breakthrough-listen competition (the original's
// mlebench/competitions/seti-breakthrough-listen/): its prepare, grade and fake raw data.
//
// seti-breakthrough-listen — spec: ../shared/spec/competitions/seti-breakthrough-listen.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) over the rows of
//     raw/train_labels.csv; both CSVs keep permutation order;
//   - raw/old_leaky_data is copied as a tree into public/old_leaky_data
//     (never inspected; a missing folder fails prepare after the CSVs are
//     written);
//   - the .npy files of both splits come from raw/train/<id[0]>/<id>.npy
//     and go to public/{train,test}/<id[0]>/<id>.npy;
//   - the sample submission is the test rows with target = 0.5;
//   - the asserts (disjoint ids, distinct file names under public/train and
//     public/test equal to the split sizes, disjoint name sets) run last;
//   - an id column pandas reads as numbers (every id all-digit) makes id[0]
//     a TypeError: prepare fails;
//   - grading: the shared AUROC helper (id, target), a NumPy float64.
//
// Deliberate difference: an id whose first character or file name is not a
// plain file name is refused.
package seti_breakthrough_listen

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "seti-breakthrough-listen",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
