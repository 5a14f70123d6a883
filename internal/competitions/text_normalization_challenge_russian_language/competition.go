// Package text_normalization_challenge_russian_language is the text-normalization-challenge-russian-language competition (the original's
// mlebench/competitions/text-normalization-challenge-russian-language/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/text-normalization-challenge-russian-language.md
//
// Prepare and grade are shared with the English challenge
// (package textnorm, which lists the quirks reproduced): pandas NA
// parsing of tokens ("NA", "None", "" → NaN → `""`), per-block dtype
// inference, a split over sentence ids in first-appearance order,
// per-part renumbering, QUOTE_NONNUMERIC output, stored public zips, and
// exact-match accuracy of str() values as a Python float.
package text_normalization_challenge_russian_language

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:         "text-normalization-challenge-russian-language",
	Prepare:    Prepare,
	Grade:      textnorm.Grade,
	GradeFiles: textnorm.GradeFiles,
	TypedRead:  true,
	FakeRaw:    FakeRaw,
}
