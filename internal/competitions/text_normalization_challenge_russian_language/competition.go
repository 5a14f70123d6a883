// Package text_normalization_challenge_russian_language is the text-normalization-challenge-russian-language competition (the original's
// mlebench/competitions/text-normalization-challenge-russian-language/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/text-normalization-challenge-russian-language.md
//
// Prepare and grade are shared with the English challenge
// (shared_c3_textnorm.go, which lists the quirks reproduced): pandas NA
// parsing of tokens ("NA", "None", "" → NaN → `""`), per-block dtype
// inference, a split over sentence ids in first-appearance order,
// per-part renumbering, QUOTE_NONNUMERIC output, stored public zips, and
// exact-match accuracy of str() values as a Python float.
package text_normalization_challenge_russian_language

import (
	"context"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/textnorm"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "text-normalization-challenge-russian-language",
	Prepare: Prepare,
	Grade:   textnorm.Grade,
	FakeRaw: FakeRaw,
}

// zips are the raw zips, in the order the original extracts them.
var zips = []string{"ru_test_2.csv.zip", "ru_train.csv.zip", "ru_sample_submission_2.csv.zip"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	return textnorm.Prepare(ctx, d, "ru", zips)
}

// vocab are Russian fake tokens (class, before, after).
var vocab = append([]textnorm.Token{
	{Class: "PLAIN", Before: "по", After: "по"}, {Class: "PLAIN", Before: "в", After: "в"}, {Class: "PLAIN", Before: "году", After: "году"},
	{Class: "PLAIN", Before: "Москва", After: "Москва"}, {Class: "PLAIN", Before: "и", After: "и"}, {Class: "PLAIN", Before: "был", After: "был"},
	{Class: "PLAIN", Before: "город", After: "город"}, {Class: "PLAIN", Before: "на", After: "на"}, {Class: "PLAIN", Before: "реке", After: "реке"},
	{Class: "DATE", Before: "2012", After: "две тысячи двенадцатом"}, {Class: "DATE", Before: "1 января", After: "первого января"},
	{Class: "CARDINAL", Before: "42", After: "сорок два"}, {Class: "CARDINAL", Before: "1 000", After: "одна тысяча"},
	{Class: "MEASURE", Before: "10 км", After: "десять километров"}, {Class: "ORDINAL", Before: "3-й", After: "третий"},
	{Class: "LETTERS", Before: "СССР", After: "с с с р"}, {Class: "MONEY", Before: "5 руб.", After: "пять рублей"},
	{Class: "DECIMAL", Before: "2,5", After: "две целых и пять десятых"}, {Class: "TIME", Before: "10:30", After: "десять часов тридцать минут"},
	{Class: "ELECTRONIC", Before: "www.ru", After: "w w w точка r u"}, {Class: "VERBATIM", Before: "ё", After: "ё"},
	{Class: "PLAIN", Before: "Hello", After: "х_trans е_trans л_trans л_trans о_trans"},
}, textnorm.CommonTokens...)

func FakeRaw(dir string, opt competition.FakeOptions) error {
	return textnorm.FakeRaw(dir, "ru", opt, vocab)
}
