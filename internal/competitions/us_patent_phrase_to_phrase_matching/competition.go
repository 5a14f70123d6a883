// Package us_patent_phrase_to_phrase_matching is the us-patent-phrase-to-phrase-matching competition (the original's
// mlebench/competitions/us-patent-phrase-to-phrase-matching/): its prepare, grade and fake raw data.
//
// us-patent-phrase-to-phrase-matching:
// ../shared/spec/competitions/us-patent-phrase-to-phrase-matching.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv: rows
//     in RandomState(0).permutation order, everything a pandas
//     re-serialisation (score float64 printed 0.0/0.25/…; NA-token phrases
//     become empty fields);
//   - the sample submission's score is the integer 0, so it grades NaN
//     (constant predictions), a valid score that reaches no medal;
//   - grading: row count, id/score columns, sorted-id match (invalid), then
//     scipy.stats.pearsonr (NaN/inf predictions raise as in scipy 1.10 →
//     null score; text → error), returned as a numpy float64.
package us_patent_phrase_to_phrase_matching

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "us-patent-phrase-to-phrase-matching",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
