// Package imet_2020_fgvc7 is the imet-2020-fgvc7 competition (the original's
// mlebench/competitions/imet-2020-fgvc7/): its prepare, grade and fake raw data.
//
// imet-2020-fgvc7: ../shared/spec/competitions/imet-2020-fgvc7.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.15, random_state=0), both sides in
//     permutation order with every raw column (extra columns are carried,
//     also into the sample submission, whose attribute_ids is "0 1 2");
//   - raw/labels.csv is copied byte for byte, never parsed; images are byte
//     copies raw/train/<id>.png → public/train or public/test with the
//     original's *.png count asserts;
//   - grading: missing id / attribute_ids, row count, id mismatch after
//     sorting → invalid; an attribute_ids column pandas would read as
//     numbers (every non-empty cell a single number) breaks the string
//     handling → plain error (null score), while an all-empty column is
//     valid; cells split on whitespace, tokens compared as text; tokens
//     outside the answers' class set are dropped (no false positives);
//     duplicates count once; micro F1 = 2·TP / (|true| + |pred|), 0.0 when
//     both are empty, a numpy float64.
//
// Deliberate difference: ids that are not plain file names are refused.
package imet_2020_fgvc7

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "imet-2020-fgvc7",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
