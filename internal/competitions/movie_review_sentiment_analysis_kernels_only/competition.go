package movie_review_sentiment_analysis_kernels_only

// movie-review-sentiment-analysis-kernels-only:
// ../shared/spec/competitions/movie-review-sentiment-analysis-kernels-only.md
//
// Quirks reproduced:
//   - raw/train.tsv (from train.tsv.zip) is read with pandas' C-parser rules
//     for sep="\t": a '"' opens a quoted field only as the first character,
//     text after a closing quote is appended, default NA strings make a
//     Phrase NaN (written back as an empty field);
//   - train_test_split(test_size=0.3, random_state=0) at row level, rows in
//     RandomState(0) permutation order;
//   - answers.csv is comma-separated (Phrases with ',', '"' or line breaks
//     quoted), the public TSVs quote only on tab, '"' or line breaks and are
//     shipped as train.tsv.zip / test.tsv.zip (one member each, deflate;
//     member bytes identical to the original's, zip container not);
//   - the sample submission is Sentiment 2 everywhere;
//   - grading is the shared accuracy helper (PhraseId, Sentiment).

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "movie-review-sentiment-analysis-kernels-only",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var columns = []string{"PhraseId", "SentenceId", "Phrase", "Sentiment"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	zipPath := filepath.Join(d.Raw, "train.tsv.zip")
	z, err := zipfile.Open(zipPath)
	if err != nil {
		return err
	}
	defer z.Close()
	rc, err := z.Open("train.tsv")
	if err != nil {
		return fmt.Errorf("raw train.tsv.zip: %w", err)
	}
	data, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		return fmt.Errorf("reading train.tsv from %s: %w", zipPath, err)
	}
	old, err := table.ReadBytes(data, table.ReadOptions{Sep: '\t', Path: "train.tsv"})
	if err != nil {
		return fmt.Errorf("reading raw train.tsv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.3), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	newTest := test.Drop("Sentiment")

	// Asserts of the original, in its order.
	for _, s := range []struct {
		name string
		t    *table.Table
	}{{"train", train}, {"test", newTest}} {
		ids, ok := s.t.Col("PhraseId")
		if !ok {
			return fmt.Errorf("raw train.tsv has no PhraseId column")
		}
		if !pandas.Unique(ids) {
			return fmt.Errorf("PhraseId values in %s are not unique", s.name)
		}
	}
	trainIDs, _ := train.Col("PhraseId")
	testIDs, _ := newTest.Col("PhraseId")
	if !pandas.Disjoint(trainIDs, testIDs) {
		return fmt.Errorf("PhraseId values overlap between train and test")
	}
	if !slices.Equal(train.Names(), old.Names()) {
		return fmt.Errorf("train columns %v differ from the raw columns", train.Names())
	}
	if want := columns[:3]; !slices.Equal(newTest.Names(), want) {
		return fmt.Errorf("raw train.tsv: test columns %v, want %v", newTest.Names(), want)
	}

	twos := make([]int64, test.Len())
	for i := range twos {
		twos[i] = 2
	}
	sample := table.MustNew(testIDs, table.Ints("Sentiment", twos))
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	for _, f := range []struct {
		name string
		t    *table.Table
	}{{"train.tsv", train}, {"test.tsv", newTest}} {
		var buf bytes.Buffer
		if err := f.t.WriteCSV(&buf, table.WriteOptions{Sep: '\t'}); err != nil {
			return fmt.Errorf("writing %s: %w", f.name, err)
		}
		b := buf.Bytes()
		src := zipfile.Source{Name: f.name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }}
		if err := zipfile.Write(ctx, filepath.Join(d.Public, f.name+".zip"), []zipfile.Source{src}); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sampleSubmission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sampleSubmission.csv: %w", err)
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, "Sentiment", "PhraseId")
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

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
	train := tsvLine(columns...)
	test := tsvLine(columns[:3]...)
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
		train += tsvLine(id, strconv.Itoa(sentence), phrase, strconv.Itoa(sentiments[i]))
		if i < 10 {
			tid := strconv.Itoa(n + 1000 + i)
			test += tsvLine(tid, strconv.Itoa(sentence+100), phrase)
			sample.Add(tid, "2")
		}
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.tsv.zip"), []synth.ZipEntry{{Name: "train.tsv", Data: []byte(train)}}); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "test.tsv.zip"), []synth.ZipEntry{{Name: "test.tsv", Data: []byte(test)}}); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sampleSubmission.csv"))
}
