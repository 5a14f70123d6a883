// Package bms_molecular_translation is the bms-molecular-translation
// competition (the original's mlebench/competitions/bms-molecular-translation/):
// its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/bms-molecular-translation.md
//
// Prepare splits raw/train_labels.csv with train_test_split(test_size=0.2,
// random_state=0), copies each image raw/train/<a>/<b>/<c>/<id>.png into
// public/train or public/test (same nesting, on all cores, in bounded
// batches), writes the labels, the answers and a constant sample
// submission, and copies extra_approved_InChIs.csv verbatim.
//
// Quirks reproduced:
//   - both splits come out in RandomState(0).permutation order, not file order;
//   - ids are text even when some are all digits ("000000123456" keeps its
//     zeros), as pandas reads a column with any hex letter as str;
//   - InChI fields with commas are written quoted (pandas QUOTE_MINIMAL);
//   - the PNG count asserts count files ending in .png anywhere under
//     public/train and public/test, so a duplicated id fails prepare;
//   - grading compares str() of both InChI columns: an empty prediction is
//     the 3-character string "nan"; distances are over code points.
//
// Refused where the original would write outside its folders: ids (or their
// first three characters) that are not plain file names.
package bms_molecular_translation

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "bms-molecular-translation",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	idCol     = "image_id"
	targetCol = "InChI"
	// sampleInChI is the sample submission's constant prediction.
	sampleInChI = "InChI=1S/H2O/h1H2"
)
