// Package learning_agency_lab_automated_essay_scoring_2 is the learning-agency-lab-automated-essay-scoring-2 competition (the original's
// mlebench/competitions/learning-agency-lab-automated-essay-scoring-2/): its prepare, grade and fake raw data.
//
// learning-agency-lab-automated-essay-scoring-2:
// ../shared/spec/competitions/learning-agency-lab-automated-essay-scoring-2.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; essays re-serialised by pandas
//     (quoted only when holding a comma, a quote or a newline);
//   - the sample submission's scores are RandomState(42).randint(1, 7, n);
//   - grading has no explicit length check: the sorted id arrays are compared
//     with numpy broadcasting (a one-row submission against many answers is
//     invalid; m rows repeating the single answer id pass and then fail in
//     cohen_kappa_score; other length mismatches raise ValueError), so every
//     length mismatch is a null score, logged as invalid or as an error as
//     in the original;
//   - QWK over label indices of the observed union (sklearn), NaN when both
//     vectors are the same constant; a numpy float64.
package learning_agency_lab_automated_essay_scoring_2

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "learning-agency-lab-automated-essay-scoring-2",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
