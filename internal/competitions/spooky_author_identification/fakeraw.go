package spooky_author_identification

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// words is the fake sentences' vocabulary: plain words, words with
// non-ASCII letters, and punctuation that forces quoting (commas, quotes).
var words = []string{
	"the", "night", "was", "dark", "and", "I", "beheld", "a", "dreadful", "shape", "upon", "moor",
	"cyclopean", "eldritch", "madness", "of", "ancient", "gods", "whose", "name", "none", "dare", "speak",
	"my", "heart", "sank", "within", "me", "as", "father", "spoke", "to", "Elizabeth",
	"however,", "indeed,", "\"Alas!\"", "said", "he,", "naïve", "café", "Müller", "—", "déjà", "vu",
	"it's", "'twas", "o'er", "e'en",
}

// FakeRaw writes raw/train.zip (root member train.csv, every field
// quoted as in the Kaggle file, including the header) with a default of 200
// rows, plus small test.zip and sample_submission.zip in their Kaggle
// layout, which prepare never opens. Texts contain commas, double quotes and
// non-ASCII letters; a few are pandas NA strings ("NA", "null", "None") to exercise
// re-serialisation of missing text.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "spooky-author-identification")
	n := synth.Rows(opt.Rows, 200)
	if n < 2 {
		n = 2
	}
	gen := func() string { return "id" + synth.Digits(r, 5) }
	ids, err := synth.Unique(n+n/4+1, gen)
	if err != nil {
		return err
	}
	sentence := func() string {
		k := 3 + r.IntN(14)
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		first, size := utf8.DecodeRuneInString(w[0])
		w[0] = string(unicode.ToUpper(first)) + w[0][size:]
		return strings.Join(w, " ") + "."
	}
	train := synth.CSV{Header: []string{"id", "text", "author"}, QuoteAll: true}
	for i := 0; i < n; i++ {
		text := sentence()
		switch r.IntN(60) {
		case 0:
			text = "NA"
		case 1:
			text = "null"
		case 2:
			text = "None" // NA since pandas 2.0
		}
		train.Add(ids[i], text, synth.Pick(r, classes))
	}
	test := synth.CSV{Header: []string{"id", "text"}, QuoteAll: true}
	sample := synth.CSV{Header: []string{"id", "EAP", "HPL", "MWS"}}
	for _, id := range ids[n:] {
		test.Add(id, sentence())
		sample.Add(id, "0.403493538995863", "0.287808366106543", "0.308698094897594")
	}
	for _, z := range []struct {
		name, member string
		csv          *synth.CSV
	}{
		{"train.zip", "train.csv", &train},
		{"test.zip", "test.csv", &test},
		{"sample_submission.zip", "sample_submission.csv", &sample},
	} {
		if err := synth.WriteZip(filepath.Join(dir, z.name), []synth.ZipEntry{{Name: z.member, Data: z.csv.Bytes()}}); err != nil {
			return err
		}
	}
	return nil
}
