// Package movie_review_sentiment_analysis_kernels_only is the movie-review-sentiment-analysis-kernels-only competition (the original's
// mlebench/competitions/movie-review-sentiment-analysis-kernels-only/): its prepare, grade and fake raw data.
//
// movie-review-sentiment-analysis-kernels-only:
// ../shared/spec/competitions/movie-review-sentiment-analysis-kernels-only.md
//
// Quirks reproduced:
//   - raw/train.tsv (from train.tsv.zip) is read with pandas' C-parser rules
//     for sep="\t": a '"' opens a quoted field only as the first character,
//     text after a closing quote is appended, default NA strings make a
//     Phrase NaN (written back as an empty field);
//   - train_test_split(test_size=0.3, random_state=0) at row level, rows in
//     RandomState(0) permutation order;
//   - answers.csv is comma-separated (Phrases with ',', '"' or line breaks
//     quoted), the public TSVs quote only on tab, '"' or line breaks and are
//     shipped as train.tsv.zip / test.tsv.zip (one member each, deflate;
//     member bytes identical to the original's, zip container not);
//   - the sample submission is Sentiment 2 everywhere;
//   - grading is the shared accuracy helper (PhraseId, Sentiment).
package movie_review_sentiment_analysis_kernels_only

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "movie-review-sentiment-analysis-kernels-only",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var columns = []string{"PhraseId", "SentenceId", "Phrase", "Sentiment"}
