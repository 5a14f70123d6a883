// Package lmsys_chatbot_arena is the lmsys-chatbot-arena competition (the original's
// mlebench/competitions/lmsys-chatbot-arena/): its prepare, grade and fake raw data.
//
// lmsys-chatbot-arena: ../shared/spec/competitions/lmsys-chatbot-arena.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; JSON-list-like text fields
//     re-serialised by pandas (quoted for commas, quotes, newlines);
//   - the sample submission is 0.3333333333333333 in each class column
//     (ln 3 = 1.09861 on any answers);
//   - grading: required columns, row count, every cell in [0, 1] (NaN fails;
//     text is a TypeError → null), per-row sums rounded to 6 decimals with
//     rint must equal exactly 1.0, sorted-id match, then the shared one-hot
//     log-loss inputs and scikit-learn 1.5's log_loss (ε = float64 eps, no
//     renormalisation), a Python float.
package lmsys_chatbot_arena

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "lmsys-chatbot-arena",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var classes = []string{"winner_model_a", "winner_model_b", "winner_tie"}
