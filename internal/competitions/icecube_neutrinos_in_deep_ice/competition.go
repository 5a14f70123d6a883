// Package icecube_neutrinos_in_deep_ice is the icecube-neutrinos-in-deep-ice
// competition (../../../../shared/spec/competitions/icecube-neutrinos-in-deep-ice.md):
// batches of neutrino events split by batch, graded by the mean angular
// distance between true and predicted directions.
//
// Quirks reproduced:
//   - the split is train_test_split over the distinct batch ids (first
//     appearance order), test_size=0.1, random_state=0; rows keep file order;
//   - no dtype is touched: every meta column keeps its stored width in the
//     public parquet files, and private/test.csv prints float32 angles by
//     their own shortest repr (numpy's astype(str)), float64 ones by Python
//     repr;
//   - the sample submission has the integer 1 for both angles;
//   - batch files are copied by the integer after the last '_' of their
//     stem (Python int(), so " 7" and "+7" parse); a name that does not parse
//     fails the prepare; files of batches absent from the metadata are
//     skipped;
//   - grading rejects bool and text angle columns (numpy's np.number test)
//     and non-finite angles; predictions are not range-checked.
//
// Not reproduced: the parquet bytes (fastparquet's own output differs between
// its versions; upstream's checksums for them do not match either). The
// files hold the same columns, types, values and row order, without index.
//
// Grading: files of the prepared form (plain numbers, the answers' ids
// increasing, the submission's the same row for row) are graded in one
// pass over both, without tables (gradefiles.go); Grade decides the rest.
//
// The meta file (about 132 M rows upstream) is streamed in batches of 64 Ki
// rows, page by page (parquetcols): pass 1 reads batch_id, pass 2 writes the
// four outputs, pass 3 checks that no train event_id is a test one. Memory
// is bounded by the writers' row groups (1 Mi rows) plus the sorted test
// event ids (8 bytes per test row), whatever the raw file's row groups are:
// see BenchmarkPrepare.
package icecube_neutrinos_in_deep_ice

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the registered implementation.
var Competition = &competition.Impl{
	ID:         "icecube-neutrinos-in-deep-ice",
	Prepare:    Prepare,
	Grade:      Grade,
	GradeFiles: gradeFiles,
	TypedRead:  true,
	FakeRaw:    FakeRaw,
}
