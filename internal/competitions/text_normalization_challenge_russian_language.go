// text-normalization-challenge-russian-language: ../shared/spec/competitions/text-normalization-challenge-russian-language.md
//
// Prepare and grade are shared with the English challenge
// (shared_c3_textnorm.go, which lists the quirks reproduced): pandas NA
// parsing of tokens ("NA", "None", "" → NaN → `""`), per-block dtype
// inference, a split over sentence ids in first-appearance order,
// per-part renumbering, QUOTE_NONNUMERIC output, stored public zips, and
// exact-match accuracy of str() values as a Python float.

package competitions

import (
	"context"

	"github.com/mlebench/mlebench/internal/competition"
)

func init() {
	register(&competition.Impl{
		ID:      "text-normalization-challenge-russian-language",
		Prepare: textNormRuPrepare,
		Grade:   c3TextNormGrade,
		FakeRaw: textNormRuFakeRaw,
	})
}

// textNormRuZips are the raw zips, in the order the original extracts them.
var textNormRuZips = []string{"ru_test_2.csv.zip", "ru_train.csv.zip", "ru_sample_submission_2.csv.zip"}

func textNormRuPrepare(ctx context.Context, d competition.Dirs) error {
	return c3TextNormPrepare(ctx, d, "ru", textNormRuZips)
}

// textNormRuVocab are Russian fake tokens (class, before, after).
var textNormRuVocab = append([]c3TextNormToken{
	{"PLAIN", "по", "по"}, {"PLAIN", "в", "в"}, {"PLAIN", "году", "году"},
	{"PLAIN", "Москва", "Москва"}, {"PLAIN", "и", "и"}, {"PLAIN", "был", "был"},
	{"PLAIN", "город", "город"}, {"PLAIN", "на", "на"}, {"PLAIN", "реке", "реке"},
	{"DATE", "2012", "две тысячи двенадцатом"}, {"DATE", "1 января", "первого января"},
	{"CARDINAL", "42", "сорок два"}, {"CARDINAL", "1 000", "одна тысяча"},
	{"MEASURE", "10 км", "десять километров"}, {"ORDINAL", "3-й", "третий"},
	{"LETTERS", "СССР", "с с с р"}, {"MONEY", "5 руб.", "пять рублей"},
	{"DECIMAL", "2,5", "две целых и пять десятых"}, {"TIME", "10:30", "десять часов тридцать минут"},
	{"ELECTRONIC", "www.ru", "w w w точка r u"}, {"VERBATIM", "ё", "ё"},
	{"PLAIN", "Hello", "х_trans е_trans л_trans л_trans о_trans"},
}, c3TextNormCommon...)

func textNormRuFakeRaw(dir string, opt competition.FakeOptions) error {
	return c3TextNormFakeRaw(dir, "ru", opt, textNormRuVocab)
}
