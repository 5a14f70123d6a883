package jigsaw_toxic_comment_classification_challenge

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	read := func(name string) (*table.Table, error) {
		zipPath := filepath.Join(d.Raw, name+".zip")
		z, err := zipfile.Open(zipPath)
		if err != nil {
			return nil, err
		}
		defer z.Close()
		return zipfile.ReadTable(z, name, zipPath)
	}
	// The original extracts all four zips before reading any.
	for _, name := range []string{"train.csv", "test.csv", "test_labels.csv", "sample_submission.csv"} {
		if err := zipfile.Check(filepath.Join(d.Raw, name+".zip")); err != nil {
			return err
		}
	}
	train, err := read("train.csv")
	if err != nil {
		return err
	}
	test, err := read("test.csv")
	if err != nil {
		return err
	}
	answers, err := read("test_labels.csv")
	if err != nil {
		return err
	}
	sample, err := read("sample_submission.csv")
	if err != nil {
		return err
	}
	half := make([]float64, sample.Len())
	for i := range half {
		half[i] = 0.5
	}
	for _, c := range classes {
		if sample, err = sample.With(table.Floats(c, half)); err != nil {
			return err
		}
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Public, "test.csv"), test},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), answers},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	if answers.Len() != sample.Len() {
		return fmt.Errorf("answers have %d rows, sample submission %d", answers.Len(), sample.Len())
	}
	ids := func(t *table.Table, name string) (*table.Column, error) {
		c, ok := t.Col("id")
		if !ok {
			return nil, fmt.Errorf("%s has no id column", name)
		}
		return c, nil
	}
	ansIDs, err := ids(answers, "test_labels.csv")
	if err != nil {
		return err
	}
	testIDs, err := ids(test, "test.csv")
	if err != nil {
		return err
	}
	sampleIDs, err := ids(sample, "sample_submission.csv")
	if err != nil {
		return err
	}
	sortedA, err := pandas.SortedKeys(ansIDs)
	if err != nil {
		return err
	}
	for _, other := range []*table.Column{testIDs, sampleIDs} {
		sortedO, err := pandas.SortedKeys(other)
		if err != nil {
			return err
		}
		if !slices.Equal(sortedA, sortedO) {
			return fmt.Errorf("the sorted ids of test_labels.csv, test.csv and sample_submission.csv differ")
		}
	}
	trainIDs, err := ids(train, "train.csv")
	if err != nil {
		return err
	}
	testSet := map[any]bool{}
	for i := 0; i < testIDs.Len(); i++ {
		if k, ok := pandas.CellKey(testIDs, i); ok {
			testSet[k] = true
		}
	}
	for i := 0; i < trainIDs.Len(); i++ {
		if k, ok := pandas.CellKey(trainIDs, i); ok && testSet[k] {
			return fmt.Errorf("train and test ids overlap (%s)", trainIDs.Str(i))
		}
	}
	return nil
}
