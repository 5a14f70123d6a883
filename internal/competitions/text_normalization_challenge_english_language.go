// text-normalization-challenge-english-language: ../shared/spec/competitions/text-normalization-challenge-english-language.md
//
// Prepare and grade are shared with the Russian challenge
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
		ID:      "text-normalization-challenge-english-language",
		Prepare: textNormEnPrepare,
		Grade:   c3TextNormGrade,
		FakeRaw: textNormEnFakeRaw,
	})
}

// textNormEnZips are the raw zips, in the order the original extracts them.
var textNormEnZips = []string{"en_test_2.csv.zip", "en_train.csv.zip", "en_sample_submission_2.csv.zip"}

func textNormEnPrepare(ctx context.Context, d competition.Dirs) error {
	return c3TextNormPrepare(ctx, d, "en", textNormEnZips)
}

// textNormEnVocab are English fake tokens (class, before, after).
var textNormEnVocab = append([]c3TextNormToken{
	{"PLAIN", "Brillantaisia", "Brillantaisia"}, {"PLAIN", "is", "is"}, {"PLAIN", "a", "a"},
	{"PLAIN", "genus", "genus"}, {"PLAIN", "of", "of"}, {"PLAIN", "plant", "plant"},
	{"PLAIN", "the", "the"}, {"PLAIN", "in", "in"}, {"PLAIN", "family", "family"},
	{"DATE", "2006", "two thousand six"}, {"DATE", "May 3, 2012", "may third twenty twelve"},
	{"LETTERS", "BBC", "b b c"}, {"CARDINAL", "1,000", "one thousand"},
	{"MEASURE", "10 km", "ten kilometers"}, {"ORDINAL", "3rd", "third"},
	{"MONEY", "$5", "five dollars"}, {"TELEPHONE", "0-19-852-3", "o sil one nine sil eight five two sil three"},
	{"ELECTRONIC", "www.example.com", "w w w dot e x a m p l e dot c o m"},
	{"DECIMAL", "2.5", "two point five"}, {"CARDINAL", "42", "forty two"},
	{"FRACTION", "1/2", "one half"}, {"TIME", "10:30", "ten thirty"},
	{"VERBATIM", "é", "é"}, {"PLAIN", "naïve", "naïve"},
}, c3TextNormCommon...)

func textNormEnFakeRaw(dir string, opt competition.FakeOptions) error {
	return c3TextNormFakeRaw(dir, "en", opt, textNormEnVocab)
}
