package jigsaw_unintended_bias_in_toxicity_classification

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "test_private_expanded.csv")
	test, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw test_private_expanded.csv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := imagecopy.CopyFile(src, filepath.Join(d.Private, "test.csv")); err != nil {
		return fmt.Errorf("copying test_private_expanded.csv: %w", err)
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train.csv"), filepath.Join(d.Public, "train.csv")); err != nil {
		return fmt.Errorf("copying train.csv: %w", err)
	}
	pub, err := test.Select("id", "comment_text")
	if err != nil {
		return fmt.Errorf("raw test_private_expanded.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "test.csv"), pub, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing public test.csv: %w", err)
	}
	ids, _ := test.Col("id")
	sample := table.MustNew(ids, table.Floats("prediction", make([]float64, test.Len())))
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	if n := len(test.Columns()); n != 45 {
		return fmt.Errorf("raw test_private_expanded.csv has %d columns, expected 45", n)
	}
	return nil
}
