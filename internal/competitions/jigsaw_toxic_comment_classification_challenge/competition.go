// Package jigsaw_toxic_comment_classification_challenge is the jigsaw-toxic-comment-classification-challenge competition (the original's
// mlebench/competitions/jigsaw-toxic-comment-classification-challenge/): its prepare, grade and fake raw data.
//
// jigsaw-toxic-comment-classification-challenge — spec: ../shared/spec/competitions/jigsaw-toxic-comment-classification-challenge.md
//
// Quirks reproduced:
//   - no re-split: the Kaggle test set and its released labels are used; the
//     four CSVs are read from their zips (root members) and re-written by
//     pandas, so NA strings ("NA", "null", …) in comments become empty
//     fields and numbers are re-printed; the sample's six class columns are
//     set to 0.5 by name (a missing one is appended);
//   - asserts: answers and sample of equal length; sorted id lists of
//     answers, test and sample equal (duplicates count); train and test ids
//     disjoint;
//   - grading: a length mismatch is an AssertionError (plain error, not an
//     invalid submission); rows whose six labels sum below 0 (the all −1
//     unscored rows) are dropped from the answers and, by id alignment, from
//     the submission (an id unknown to the answers is pandas'
//     "Unalignable boolean Series" error); the kept rows are paired by
//     position in sorted-id order, without a duplicate check (duplicates
//     keep the order of pandas' sort_index: unchanged when the ids are
//     already sorted, else numpy's unstable quicksort, reproduced);
//   - columns are paired by position: y_true is every answers column but id,
//     y_score every submission column but id, in the submission's order
//     (reordered class columns score silently wrong; an extra column is
//     numpy's IndexError);
//   - score: roc_auc_score(average="macro"), a numpy float64.
package jigsaw_toxic_comment_classification_challenge

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "jigsaw-toxic-comment-classification-challenge",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var classes = []string{"toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"}
