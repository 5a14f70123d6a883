// Package rsna_breast_cancer_detection is the rsna-breast-cancer-detection
// competition (spec: ../shared/spec/competitions/rsna-breast-cancer-detection.md).
//
// Prepare splits the distinct patients (first-appearance order) with
// train_test_split(test_size=0.1, random_state=42), writes the train
// patients' rows as public/train.csv, the test patients' rows (nine
// columns plus prediction_id = "<patient_id>_<laterality>") as
// public/test.csv, the answers as the first non-null cancer per
// prediction_id sorted by prediction_id, a sample submission holding the
// train cancer rate, and copies every image
// raw/train_images/<patient_id>/<image_id>.dcm into train_images/ or
// test_images/. Grade is the competition's probabilistic F1 (β = 1).
//
// Quirks reproduced:
//   - column dtypes are inferred over the whole raw file, so a column with a
//     missing cell anywhere is written as floats in every output;
//   - test images are copied from raw/train_images (raw test data is never
//     read);
//   - the pF1 clip uses Python's max/min: out-of-range predictions become
//     the Python ints 0 and 1, so all-negative predictions, or answers
//     without a positive, divide Python ints by zero (a plain error, null
//     score); any NaN prediction gives 0; the else branch is the int 0, and
//     a score from clipped ints only is a Python float;
//   - text predictions fail in the clip (a plain error, not invalid).
package rsna_breast_cancer_detection

import "github.com/mlebench/mlebench/internal/competition"

// Competition is rsna-breast-cancer-detection.
var Competition = &competition.Impl{
	ID:        "rsna-breast-cancer-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
