// Package spooky_author_identification is the spooky-author-identification competition (the original's
// mlebench/competitions/spooky-author-identification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/spooky-author-identification.md
//
// Quirks reproduced:
//   - raw/train.zip is read in place (its root member train.csv), which is
//     what the original reads right after extracting it into raw/;
//   - train_test_split(test_size=0.1, random_state=0): rows in
//     RandomState(0).permutation order;
//   - text is re-serialised by pandas: minimal quoting instead of the raw
//     file's quote-everything, pandas' NA strings in a text cell become empty;
//   - answers are a one-hot table of integer 0/1 columns EAP, HPL, MWS; an
//     author outside those three adds a fourth (float) column, as in pandas;
//   - the sample submission holds three fixed priors printed as Python repr;
//   - grading checks are partly positional: the shape must be (n, 4), the
//     columns after the FIRST must sum to 1 (numpy isclose, rtol 1e-5,
//     atol 1e-6, NaN skipped) and lie in [0, 1]; a text column among them
//     is pandas' TypeError (null score, not an invalid submission);
//   - then the shared one-hot helper (missing columns / id → invalid, id
//     mismatch after sorting → assertion error) and scikit-learn 1.5
//     log_loss: clip at float64 eps, no renormalisation, Python float.
package spooky_author_identification

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "spooky-author-identification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

// classes are the answer columns, in order.
var classes = []string{"EAP", "HPL", "MWS"}
