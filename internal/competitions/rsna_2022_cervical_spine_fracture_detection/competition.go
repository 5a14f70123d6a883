// Package rsna_2022_cervical_spine_fracture_detection is the
// rsna-2022-cervical-spine-fracture-detection competition (spec:
// ../shared/spec/competitions/rsna-2022-cervical-spine-fracture-detection.md).
//
// Prepare keeps round(0.1·N) studies as the new train set, drawn with one
// Python random.Random(0) in four sample calls (studies with both boxes
// and segmentations, segmentation-only, box-only, then the rest), writes
// the train CSVs, melts the remaining ~90 % of studies into the long
// answers (patient_overall, C1..C7 per study), and copies the
// segmentations and DICOM study folders. Grade is the per-study
// normalised weighted binary log loss.
//
// Quirks reproduced:
//   - the "train ratio" 0.1 is the share kept for training: about 90 % of
//     the studies become test studies, all copied from raw/train_images;
//   - segmentations are listed with the exact pattern *.nii;
//   - grading has no row-count check: another length is a plain error
//     (NumPy cannot compare the id arrays), except a single row, which is
//     broadcast and so invalid; text predictions are a plain error;
//   - the loss is normalised per study, then averaged over studies.
package rsna_2022_cervical_spine_fracture_detection

import "github.com/mlebench/mlebench/internal/competition"

// Competition is rsna-2022-cervical-spine-fracture-detection.
var Competition = &competition.Impl{
	ID:        "rsna-2022-cervical-spine-fracture-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
