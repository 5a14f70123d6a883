// Package plant_pathology_2021_fgvc8 is the plant-pathology-2021-fgvc8 competition (the original's
// mlebench/competitions/plant-pathology-2021-fgvc8/): its prepare, grade and fake raw data.
//
// plant-pathology-2021-fgvc8 — spec: ../shared/spec/competitions/plant-pathology-2021-fgvc8.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.2, random_state=0) of raw train.csv; the
//     sample submission is the whole answers table with labels = "healthy"
//     (every raw column carried over);
//   - column asserts on the new train and the sample (not on the answers),
//     then the image copies train_images/ and test_images/ with *.jpg counts;
//   - grading: image and labels present, same length, images equal after
//     sorting both by image; micro F1 over the answers' sorted token
//     vocabulary (MultiLabelBinarizer(classes=...)): unknown predicted
//     tokens are dropped, not false positives; duplicate tokens count once;
//     an empty answers cell (NaN token in the vocabulary set) makes sorting
//     raise TypeError — a plain error; a non-text labels column (numbers,
//     booleans) breaks the .str accessor — invalid.
package plant_pathology_2021_fgvc8

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "plant-pathology-2021-fgvc8",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
