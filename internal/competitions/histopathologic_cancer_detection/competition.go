// Package histopathologic_cancer_detection is the histopathologic-cancer-detection competition (the original's
// mlebench/competitions/histopathologic-cancer-detection/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/histopathologic-cancer-detection.md
//
// Quirks reproduced:
//   - the test size is the raw test share, num_test / (n + num_test), with
//     num_test the number of raw/test/*.tif files (never opened); zero test
//     files make train_test_split reject test_size 0.0;
//   - the split is over the id column, but the written CSVs select rows by
//     id membership and so keep the raw file order (only the image copies
//     run in permutation order); a duplicated id breaks the disjointness
//     assert as in the original;
//   - both public image folders are filled from raw/train/<id>.tif;
//   - the sample submission is the test rows with label = integer 0;
//   - grading: the shared AUROC helper (id, label), a NumPy float64.
//
// Deliberate differences: ids that are not plain file names are refused;
// raw/test/*.tif is counted with pathlib's glob semantics (names starting
// with "." included).
package histopathologic_cancer_detection

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "histopathologic-cancer-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
