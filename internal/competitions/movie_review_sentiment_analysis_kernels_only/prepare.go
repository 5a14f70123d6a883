package movie_review_sentiment_analysis_kernels_only

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
