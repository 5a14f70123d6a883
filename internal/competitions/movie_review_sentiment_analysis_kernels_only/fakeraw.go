package movie_review_sentiment_analysis_kernels_only

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.tsv.zip (member train.tsv; default
// 200 rows, sequential PhraseIds, sentences of a few phrases, Sentiment
// 0..4 balanced) plus the unused test.tsv.zip and sampleSubmission.csv.
// Phrases exercise the parser: commas, inner double quotes, the Stanford
// backtick and apostrophe quote pairs, leading/trailing spaces, NA tokens (null, NA, n/a), an
// empty quoted field, and a field starting with a quote followed by more
// text ("Good" movie → Good movie).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "movie-review-sentiment-analysis-kernels-only")
	n := synth.Rows(opt.Rows, 200)
	words := []string{"the", "movie", "is", "a", "film", "good", "bad", "boring", "charming", "plot", "actors", "of", "and", ",", "'s", "``", "''", "-LRB-", "-RRB-", "...", "not", "funny"}
	special := []string{`"Good" movie`, `null`, `NA`, `n/a`, `""`, ` `, `an "inner" quote`, `say "hi`, `"quoted, with comma"`, `trailing space `}
	sentiments := synth.Balanced(r, n, []int{0, 1, 2, 3, 4})
	tsvLine := func(cells ...string) string { return strings.Join(cells, "\t") + "\n" }
	var train, test strings.Builder // a string += per row was quadratic at the real 156k rows
	train.WriteString(tsvLine(columns...))
	test.WriteString(tsvLine(columns[:3]...))
	sample := synth.CSV{Header: []string{"PhraseId", "Sentiment"}}
	sentence := 1
	for i := range n {
		if r.IntN(4) == 0 {
			sentence++
		}
		var phrase string
		if i%17 == 5 {
			phrase = special[(i/17)%len(special)]
		} else {
			k := 1 + r.IntN(6)
			for j := range k {
				if j > 0 {
					phrase += " "
				}
				phrase += synth.Pick(r, words)
			}
		}
		id := strconv.Itoa(i + 1)
		train.WriteString(tsvLine(id, strconv.Itoa(sentence), phrase, strconv.Itoa(sentiments[i])))
		if i < 10 {
			tid := strconv.Itoa(n + 1000 + i)
			test.WriteString(tsvLine(tid, strconv.Itoa(sentence+100), phrase))
			sample.Add(tid, "2")
		}
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.tsv.zip"), []synth.ZipEntry{{Name: "train.tsv", Data: []byte(train.String())}}); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "test.tsv.zip"), []synth.ZipEntry{{Name: "test.tsv", Data: []byte(test.String())}}); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sampleSubmission.csv"))
}
