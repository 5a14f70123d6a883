// Package jigsaw_unintended_bias_in_toxicity_classification is the jigsaw-unintended-bias-in-toxicity-classification competition (the original's
// mlebench/competitions/jigsaw-unintended-bias-in-toxicity-classification/): its prepare, grade and fake raw data.
//
// jigsaw-unintended-bias-in-toxicity-classification:
// ../shared/spec/competitions/jigsaw-unintended-bias-in-toxicity-classification.md
//
// Quirks reproduced:
//   - no split: private/test.csv and public/train.csv are byte copies of
//     raw/test_private_expanded.csv and raw/train.csv; public/test.csv is the
//     pandas re-serialisation of [id, comment_text] (NA-like comments become
//     empty fields, minimal quoting with '\r' quoted as in CPython ≥ 3.11.9);
//     the 45-column assert runs after every file is written;
//   - the sample submission is id plus prediction 0.0;
//   - grading accepts `prediction` or `toxicity`; both together is an error;
//     there is no length check: the sorted-id comparison broadcasts (one row
//     against many is invalid unless every id equals it, different lengths
//     otherwise raise, a plain error);
//   - the submission is binarised at 0.5 (NaN → 0; text → TypeError) before
//     every AUC, as are the answers' toxicity and identity columns;
//   - an AUC of 0 is not an error: 0**-5 = inf makes that generalized mean 0.
package jigsaw_unintended_bias_in_toxicity_classification

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "jigsaw-unintended-bias-in-toxicity-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	// Grade reads only the answers' id, toxicity and identity columns
	// (private/test.csv also holds the comment texts and 30 other columns).
	LoadAnswers: func(path string) (*table.Table, error) {
		return submission.KeepAnswerColumns(append([]string{"id", "toxicity"}, identities...)...)(path)
	},
	FakeRaw: FakeRaw,
}

// identities are the identity columns in the metric's order.
var identities = []string{"male", "female", "homosexual_gay_or_lesbian", "christian", "jewish",
	"muslim", "black", "white", "psychiatric_or_mental_illness"}
