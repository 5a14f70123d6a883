// Package plant_seedlings_classification is the plant-seedlings-classification competition (the original's
// mlebench/competitions/plant-seedlings-classification/): its prepare, grade and fake raw data.
//
// plant-seedlings-classification:
// ../shared/spec/competitions/plant-seedlings-classification.md
//
// Quirks reproduced:
//   - the table is built from raw/train/<species>/*.png, both levels sorted
//     by code point, only directories as species and only names ending in
//     ".png";
//   - train_test_split(test_size=0.14, random_state=0) with n_test =
//     ceil(0.14·n) in float64 (666 for n = 4,750), perm order;
//   - answers.csv (file, species) and the "Sugar beet" sample submission;
//     no train CSV: train images keep their species folder, test images
//     are flattened into public/test/;
//   - grading is micro F1 of Python lists: a species column with some text
//     becomes a numpy str array (an empty cell is the text "nan", wrong),
//     an all-numeric or all-empty column raises (null score).
package plant_seedlings_classification

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "plant-seedlings-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
