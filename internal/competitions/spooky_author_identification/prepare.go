package spooky_author_identification

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// priors are the sample submission's constants, one per class.
var priors = []float64{0.403493538995863, 0.287808366106543, 0.308698094897594}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.zip")
	df, err := zipfile.ReadCSV(src, "train.csv")
	if err != nil {
		return err
	}
	for _, c := range []string{"id", "text", "author"} {
		if !df.Has(c) {
			return fmt.Errorf("%s: train.csv has no %q column", src, c)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting train.csv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := df.Take(trainIdx), df.Take(testIdx)

	ids, _ := newTest.Col("id")
	authors, _ := newTest.Col("author")
	labels := make([]string, authors.Len())
	for i := range labels {
		if authors.IsNull(i) {
			// pandas would add a NaN-named column to the answers, which
			// makes every grading fail; refuse such a download instead.
			return fmt.Errorf("%s: test row %d has no author", src, i)
		}
		labels[i] = authors.Str(i)
	}
	answers, err := submission.OneHot(ids, "id", labels, classes)
	if err != nil {
		return fmt.Errorf("building answers: %w", err)
	}
	sampleCols := []*table.Column{ids}
	for k, c := range classes {
		v := make([]float64, newTest.Len())
		for i := range v {
			v[i] = priors[k]
		}
		sampleCols = append(sampleCols, table.Floats(c, v))
	}
	sample, err := table.New(sampleCols...)
	if err != nil {
		return err
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("author")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
	)
}
