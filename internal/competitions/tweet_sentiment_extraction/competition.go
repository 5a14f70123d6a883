// Package tweet_sentiment_extraction is the tweet-sentiment-extraction competition (the original's
// mlebench/competitions/tweet-sentiment-extraction/): its prepare, grade and fake raw data.
//
// tweet-sentiment-extraction: ../shared/spec/competitions/tweet-sentiment-extraction.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; pandas re-serialisation (empty
//     text/selected_text cells read as NaN and written back empty, leading
//     spaces kept unquoted);
//   - the sample submission's selected_text is the empty string (`<id>,`);
//   - grading: textID then selected_text columns, row count, sorted-id match
//     (invalid); missing selected_text cells become "" and other cells
//     Python str() ("3.0" for a float column); per row the Jaccard of
//     set(s.lower().split()) with Python's Unicode lowering and whitespace;
//     both token sets empty is ZeroDivisionError → null score; the mean is
//     a Python float.
package tweet_sentiment_extraction

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "tweet-sentiment-extraction",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
