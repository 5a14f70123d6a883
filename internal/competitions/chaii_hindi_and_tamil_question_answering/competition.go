// Package chaii_hindi_and_tamil_question_answering is the chaii-hindi-and-tamil-question-answering competition (the original's
// mlebench/competitions/chaii-hindi-and-tamil-question-answering/): its prepare, grade and fake raw data.
//
// chaii-hindi-and-tamil-question-answering:
// ../shared/spec/competitions/chaii-hindi-and-tamil-question-answering.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order, every field re-serialised by
//     pandas (NA-like cells written empty, minimal quoting);
//   - private/test.csv is [id, answer_text] renamed to id, PredictionString;
//     the sample submission has PredictionString "dummy text" everywhere;
//   - grading: row count, PredictionString, id (in that order), then the
//     sorted-id match; NaN predictions count as "", a column with non-string
//     values fails on .lower() (error, null score);
//   - word-level Jaccard over Python str.lower() + str.split() word sets
//     (an empty-vs-empty row scores 0), averaged as numpy does; a vocabulary
//     (both sides together) of fewer than 2 words makes scikit-learn raise.
package chaii_hindi_and_tamil_question_answering

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "chaii-hindi-and-tamil-question-answering",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
