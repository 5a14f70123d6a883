// Package kuzushiji_recognition is the competition kuzushiji-recognition,
// specified in ../shared/spec/competitions/kuzushiji-recognition.md.
//
// Prepare splits raw/train.csv with train_test_split(test_size=0.1,
// random_state=0), packs each side's page images (members of
// raw/train_images.zip) into public/train_images.zip and
// public/test_images.zip, and writes the answers, a gold submission of the
// boxes' top-left corners moved by one pixel, and a constant sample
// submission. Grade is Kaggle's kuzushiji F1 over all pages: a predicted
// centre point matches the first unused prediction of the same label
// strictly inside a true box.
//
// Quirks reproduced:
//   - train and test rows stay in permutation order; empty labels are empty
//     fields; an empty label in the test split makes prepare fail (the gold
//     submission splits a NaN) after the other files were written;
//   - the sample submission is "U+003F 1 1 U+FF2F 2 2" on every row;
//   - grading: the row count, then the two columns, then the ids after
//     sorting are InvalidSubmissionErrors, as is a prediction whose
//     single-space token count is not a multiple of 3; a coordinate that
//     Python's float() rejects or a non-text labels cell is a plain error
//     (null score); empty cells are "no predictions";
//   - F1 via precision and recall (not 2TP/(2TP+FP+FN)), a Python float.
//
// Deliberate differences: images are copied from the raw zip straight into
// the public zips (the original extracts, copies, zips and deletes the
// folders; members sorted by name with a fixed time here); image ids that
// are not plain file names are refused.
package kuzushiji_recognition

import "github.com/mlebench/mlebench/internal/competition"

// Competition is kuzushiji-recognition's implementation.
var Competition = &competition.Impl{
	ID:        "kuzushiji-recognition",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
