package playground_series_s3e18

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range append([]string{"id"}, targets...) {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: no %s column", c)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	halves := make([]float64, test.Len())
	for i := range halves {
		halves[i] = 0.5
	}
	var sampleCols []*table.Column
	for _, name := range old.Names() {
		switch name {
		case "id":
			c, _ := test.Col("id")
			sampleCols = append(sampleCols, c)
		case "EC1", "EC2":
			sampleCols = append(sampleCols, table.Floats(name, halves))
		}
	}
	sample := table.MustNew(sampleCols...)
	publicTest := test.Drop(targets...)
	if n := len(publicTest.Names()); n != 32 {
		return fmt.Errorf("raw train.csv: public test would have %d columns, the original asserts 32", n)
	}
	if n := len(train.Names()); n != 38 {
		return fmt.Errorf("raw train.csv: %d columns, the original asserts 38", n)
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
	)
}
