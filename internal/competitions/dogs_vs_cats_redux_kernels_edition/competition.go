// Package dogs_vs_cats_redux_kernels_edition is the dogs-vs-cats-redux-kernels-edition competition (the original's
// mlebench/competitions/dogs-vs-cats-redux-kernels-edition/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/dogs-vs-cats-redux-kernels-edition.md
//
// Quirks reproduced:
//   - the split is over the code-point-sorted raw/train/*.jpg names (from
//     raw/train.zip), train_test_split(test_size=0.1, random_state=0);
//   - train images are renamed cat.<k>.jpg / dog.<k>.jpg in split order by
//     whether the name contains "cat" (anything else is a dog), test images
//     1.jpg … N.jpg, and the answers label a test image 1 when its original
//     name contains "dog" (the asymmetric rules of the original);
//   - public/train.zip and public/test.zip hold bare member names and the
//     unzipped public/train/ and public/test/ folders stay;
//   - raw/test.zip must exist and create raw/test/ when extracted, else the
//     original's final deletion of raw/test/ fails;
//   - grading: id/label columns, equal id *sets*, row count, every label in
//     [0, 1] (NaN fails → invalid, text → TypeError → null), then
//     scikit-learn 1.5 binary log_loss (ε = float64 eps, no renormalisation),
//     a Python float.
//
// Deliberate differences: raw/train.zip is read in place instead of being
// extracted into raw/ and deleted again; the public zips list their members
// sorted by name with a fixed timestamp.
package dogs_vs_cats_redux_kernels_edition

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "dogs-vs-cats-redux-kernels-edition",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
