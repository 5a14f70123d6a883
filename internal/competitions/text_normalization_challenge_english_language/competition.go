// Package text_normalization_challenge_english_language is the text-normalization-challenge-english-language competition (the original's
// mlebench/competitions/text-normalization-challenge-english-language/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/text-normalization-challenge-english-language.md
//
// Prepare and grade are shared with the Russian challenge
// (shared_c3_textnorm.go, which lists the quirks reproduced): pandas NA
// parsing of tokens ("NA", "None", "" → NaN → `""`), per-block dtype
// inference, a split over sentence ids in first-appearance order,
// per-part renumbering, QUOTE_NONNUMERIC output, stored public zips, and
// exact-match accuracy of str() values as a Python float.
package text_normalization_challenge_english_language

import (
	"context"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "text-normalization-challenge-english-language",
	Prepare: Prepare,
	Grade:   textnorm.Grade,
	FakeRaw: FakeRaw,
}

// zips are the raw zips, in the order the original extracts them.
var zips = []string{"en_test_2.csv.zip", "en_train.csv.zip", "en_sample_submission_2.csv.zip"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	return textnorm.Prepare(ctx, d, "en", zips)
}

// vocab are English fake tokens (class, before, after).
var vocab = append([]textnorm.Token{
	{Class: "PLAIN", Before: "Brillantaisia", After: "Brillantaisia"}, {Class: "PLAIN", Before: "is", After: "is"}, {Class: "PLAIN", Before: "a", After: "a"},
	{Class: "PLAIN", Before: "genus", After: "genus"}, {Class: "PLAIN", Before: "of", After: "of"}, {Class: "PLAIN", Before: "plant", After: "plant"},
	{Class: "PLAIN", Before: "the", After: "the"}, {Class: "PLAIN", Before: "in", After: "in"}, {Class: "PLAIN", Before: "family", After: "family"},
	{Class: "DATE", Before: "2006", After: "two thousand six"}, {Class: "DATE", Before: "May 3, 2012", After: "may third twenty twelve"},
	{Class: "LETTERS", Before: "BBC", After: "b b c"}, {Class: "CARDINAL", Before: "1,000", After: "one thousand"},
	{Class: "MEASURE", Before: "10 km", After: "ten kilometers"}, {Class: "ORDINAL", Before: "3rd", After: "third"},
	{Class: "MONEY", Before: "$5", After: "five dollars"}, {Class: "TELEPHONE", Before: "0-19-852-3", After: "o sil one nine sil eight five two sil three"},
	{Class: "ELECTRONIC", Before: "www.example.com", After: "w w w dot e x a m p l e dot c o m"},
	{Class: "DECIMAL", Before: "2.5", After: "two point five"}, {Class: "CARDINAL", Before: "42", After: "forty two"},
	{Class: "FRACTION", Before: "1/2", After: "one half"}, {Class: "TIME", Before: "10:30", After: "ten thirty"},
	{Class: "VERBATIM", Before: "é", After: "é"}, {Class: "PLAIN", Before: "naïve", After: "naïve"},
}, textnorm.CommonTokens...)

func FakeRaw(dir string, opt competition.FakeOptions) error {
	return textnorm.FakeRaw(dir, "en", opt, vocab)
}
