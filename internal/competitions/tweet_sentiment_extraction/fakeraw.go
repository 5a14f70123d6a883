package tweet_sentiment_extraction

import (
	"math"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// FakeRaw writes raw/train.csv (default 100 rows): 10-hex textIDs with
// a letter, tweets with commas, quotes, leading spaces and non-ASCII case
// (İ, Σ), selected_text a run of the tweet's words. One row has empty text
// and selected_text, like Kaggle's row 314; it is placed at a raw position
// that RandomState(0).permutation sends to the train split, so the empty
// sample submission still grades (to 0.0). Raw test.csv and
// sample_submission.csv are written in their Kaggle layout too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "tweet-sentiment-extraction")
	n := synth.Rows(opt.Rows, 100)
	ids, err := synth.Unique(n+5, func() string {
		for {
			s := synth.Hex(r, 10)
			if strings.ContainsAny(s, "abcdef") {
				return s
			}
		}
	})
	if err != nil {
		return err
	}
	emptyRow := -1
	if n >= 2 {
		nTest := int(math.Ceil(0.1 * float64(n)))
		perm := pyrand.NewRandomState(0).Permutation(n)
		emptyRow = perm[nTest+(n-nTest)/2]
	}
	words := []string{"I", "love", "this", "SO", "much!", "sad,", "today", "İstanbul", "ΣΑΣ", "`not`", "good", "\"great\"", "day", "http://t.co/x", "_", "ugh...", "miss", "you"}
	sentiments := []string{"neutral", "positive", "negative"}
	train := synth.CSV{Header: []string{"textID", "text", "selected_text", "sentiment"}}
	tweet := func() []string {
		w := make([]string, 3+r.IntN(8))
		for k := range w {
			w[k] = synth.Pick(r, words)
		}
		return w
	}
	for i := 0; i < n; i++ {
		if i == emptyRow {
			train.Add(ids[i], "", "", "neutral")
			continue
		}
		w := tweet()
		lo := r.IntN(len(w))
		hi := lo + 1 + r.IntN(len(w)-lo)
		text := strings.Join(w, " ")
		if r.IntN(5) == 0 {
			text = " " + text
		}
		train.Add(ids[i], text, strings.Join(w[lo:hi], " "), synth.Pick(r, sentiments))
	}
	test := synth.CSV{Header: []string{"textID", "text", "sentiment"}}
	sample := synth.CSV{Header: []string{"textID", "selected_text"}}
	for i := n; i < n+5; i++ {
		test.Add(ids[i], strings.Join(tweet(), " "), synth.Pick(r, sentiments))
		sample.Add(ids[i], "")
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
