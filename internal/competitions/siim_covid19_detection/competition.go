// Package siim_covid19_detection is the siim-covid19-detection competition
// (spec: ../shared/spec/competitions/siim-covid19-detection.md).
//
// Prepare splits the studies of raw/train_study_level.csv with
// train_test_split(test_size=0.1, random_state=0), sorts each part by id,
// assigns every image of raw/train_image_level.csv to its study's part,
// copies each study's DICOM tree raw/train/<study> into public/train or
// public/test, and writes the answers: per test study its class ("<label>
// 1 0 0 1 1") and per test image its raw label text. Grade is the
// original's VOC-style mAP over the pooled study and image rows.
//
// Quirks reproduced:
//   - the boxes column is never parsed: its text is written back as read;
//   - test study folders come from raw/train;
//   - negative and none are ordinary classes; every row without a pair for
//     a class adds (0, 0), and each missed ground-truth box (1, 0), before
//     scikit-learn's average_precision_score;
//   - predicted labels outside the answers' classes are ignored;
//   - every failure while grading (unparsable numbers, token counts that
//     are not multiples of 6, empty cells, NaN or infinite confidences,
//     all-positive y_true) is an invalid submission.
package siim_covid19_detection

import "github.com/mlebench/mlebench/internal/competition"

// Competition is siim-covid19-detection.
var Competition = &competition.Impl{
	ID:        "siim-covid19-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
