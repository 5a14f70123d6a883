package tweet_sentiment_extraction

// tweet-sentiment-extraction: ../shared/spec/competitions/tweet-sentiment-extraction.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; pandas re-serialisation (empty
//     text/selected_text cells read as NaN and written back empty, leading
//     spaces kept unquoted);
//   - the sample submission's selected_text is the empty string (`<id>,`);
//   - grading: textID then selected_text columns, row count, sorted-id match
//     (invalid); missing selected_text cells become "" and other cells
//     Python str() ("3.0" for a float column); per row the Jaccard of
//     set(s.lower().split()) with Python's Unicode lowering and whitespace;
//     both token sets empty is ZeroDivisionError → null score; the mean is
//     a Python float.

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "tweet-sentiment-extraction",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("textID", "selected_text") {
		return fmt.Errorf("raw train.csv: need columns textID and selected_text")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	ids, _ := newTest.Col("textID")
	sample := table.MustNew(ids, table.Strings("selected_text", make([]string, newTest.Len())))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("selected_text")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}

// cellText is a cell after fillna("") and astype(str).
func cellText(c *table.Column, i int) string {
	if c.IsNull(i) {
		return ""
	}
	if f, ok := c.Float(i); ok && math.IsNaN(f) {
		return ""
	}
	return c.Str(i)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("textID")
	ansSel, ok2 := ans.Col("selected_text")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns textID and selected_text")
	}
	subID, ok := sub.Col("textID")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'textID' column")
	}
	subSel, ok := sub.Col("selected_text")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'selected_text' column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same number of rows (%d, expected %d)", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers textID values do not match")
	}
	scores := make([]float64, len(subIdx))
	for k := range subIdx {
		j, err := metric.WordJaccard(cellText(subSel, subIdx[k]), cellText(ansSel, ansIdx[k]))
		if err != nil {
			return competition.Score{}, fmt.Errorf("jaccard of row with textID %s: %w", ansID.Str(ansIdx[k]), err)
		}
		scores[k] = j
	}
	if len(scores) == 0 {
		return competition.Score{}, fmt.Errorf("mean of an empty submission")
	}
	return competition.Float(metric.Mean(scores)), nil
}

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
