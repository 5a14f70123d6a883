package detecting_insults_in_social_commentary

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (Insult,Date,Comment; default 40 rows)
// and raw/test_with_solutions.csv (plus Usage; default 30 rows) in the
// Kaggle form: every comment wrapped in literal double quotes (so the CSV
// cell reads """..."""; the test file quotes every field and uses CRLF), some holding commas, inner quotes and literal
// backslash escapes such as \xa0 and \n, some dates blank. Comments are
// unique across both files and the test labels hold both classes.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "detecting-insults-in-social-commentary")
	nTest := synth.Rows(opt.Rows, 30)
	nTrain := nTest*4/3 + 1
	words := []string{"you", "are", "a", "total", "idiot", "nice", "point", "thanks", "moron", "really",
		"the", "game", "was", "great", "stupid", "agree", "loser", "well", "said", "clown"}
	extras := []string{"", ",", " \\xa0", "\\n", " \\u2019s", " \"quoted\"", "!!", " ..."}
	comments, err := synth.Unique(nTrain+nTest, func() string {
		k := 3 + r.IntN(8)
		var b strings.Builder
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(synth.Pick(r, words))
			if r.IntN(4) == 0 {
				b.WriteString(synth.Pick(r, extras))
			}
		}
		return `"` + b.String() + `"`
	})
	if err != nil {
		return err
	}
	date := func() string {
		if r.IntN(4) == 0 {
			return ""
		}
		return fmt.Sprintf("2012%02d%02d%02d%02d%02dZ", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
	}
	train := synth.CSV{Header: []string{"Insult", "Date", "Comment"}}
	for i, l := range synth.Balanced(r, nTrain, []string{"0", "0", "1"}) {
		train.Add(l, date(), comments[i])
	}
	// The test file quotes every field and ends lines with CRLF, so the
	// re-serialised files differ from it and exercise the reader.
	test := synth.CSV{Header: []string{"Insult", "Date", "Comment", "Usage"}, QuoteAll: true, CRLF: true}
	for i, l := range synth.Balanced(r, nTest, []string{"0", "0", "1"}) {
		usage := "PublicTest"
		if r.IntN(3) == 0 {
			usage = "PrivateTest"
		}
		test.Add(l, date(), comments[nTrain+i], usage)
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return test.Write(filepath.Join(dir, "test_with_solutions.csv"))
}
