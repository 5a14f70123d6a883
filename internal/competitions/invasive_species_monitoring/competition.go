// Package invasive_species_monitoring is the invasive-species-monitoring competition (the original's
// mlebench/competitions/invasive-species-monitoring/): its prepare, grade and fake raw data.
//
// invasive-species-monitoring:
// ../shared/spec/competitions/invasive-species-monitoring.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.2, random_state=0) of train_labels.csv,
//     rows in RandomState(0).permutation order; the sample submission (in
//     both private/ and public/) is the answers with invasive 0.5;
//   - the public CSVs ship only inside shutil.make_archive zips holding one
//     DEFLATE member each (sample_submission.csv.zip, train_labels.csv.zip);
//   - the upstream py7zr defect: public/train.7z and public/test.7z each hold
//     a single empty directory entry named after the absolute path of
//     public/train (resp. public/test) with its leading '/' removed, and no
//     images. Every image is still required in raw/train/ (the original
//     copies them before archiving and deleting the folders);
//   - grading is the shared AUROC helper on name/invasive.
package invasive_species_monitoring

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "invasive-species-monitoring",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
	// Prepare unpacks nested archives into raw.
	WritesRaw: true,
}
