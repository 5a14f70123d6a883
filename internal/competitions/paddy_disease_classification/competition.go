// Package paddy_disease_classification is the paddy-disease-classification competition (the original's
// mlebench/competitions/paddy-disease-classification/): its prepare, grade and fake raw data.
//
// paddy-disease-classification:
// ../shared/spec/competitions/paddy-disease-classification.md
//
// Quirks reproduced:
//   - train_test_split(train_size=0.75, random_state=0): n_train =
//     floor(0.75·n), the test rows are the first n − n_train permutation
//     entries;
//   - the sample submission is test image_id with an empty label field;
//   - train images keep their label folder, test images are flattened into
//     public/test_images/ (a duplicate image_id aborts the copy);
//   - the raw sample_submission.csv must have exactly the columns image_id
//     and label (column-set assert, the only use of that file);
//   - grading fills NaN labels with "" and passes a Python list: a column
//     with missing cells becomes numpy strings (1.0 → "1.0"), so numbers
//     only raise when they stay numeric (no NaN) and the target is binary,
//     or when they are non-integral floats ("continuous").
package paddy_disease_classification

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "paddy-disease-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
