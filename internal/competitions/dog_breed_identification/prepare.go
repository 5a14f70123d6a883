package dog_breed_identification

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "labels.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw labels.csv: %w", err)
	}
	_, ok1 := old.Col("id")
	breedCol, ok2 := old.Col("breed")
	if !ok1 || !ok2 {
		return fmt.Errorf("raw labels.csv: need columns id and breed, got %v", old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testIDs, _ := test.Col("id")
	testBreeds := breedCol.Take(testIdx)
	labels := make([]string, test.Len())
	for i := range labels {
		labels[i] = testBreeds.Str(i)
	}
	oneHot, err := submission.OneHot(testIDs, "id", labels, Breeds)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Public, "labels.csv"), train, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing labels.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), oneHot, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}

	for _, part := range []struct {
		t   *table.Table
		dir string
	}{{train, "train"}, {test, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		ids, _ := part.t.Col("id")
		names := make([]string, ids.Len())
		for i := range names {
			names[i] = ids.Str(i) + ".jpg"
			if !imagecopy.SafeName(ids.Str(i)) {
				return fmt.Errorf("image id %q is not a plain file name", ids.Str(i))
			}
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), dst, names); err != nil {
			return err
		}
		n, err := imagecopy.CountJPG(dst)
		if err != nil {
			return err
		}
		if n != part.t.Len() {
			return fmt.Errorf("assertion failed: %d images in public/%s, expected %d", n, part.dir, part.t.Len())
		}
	}

	// Sample submission: the one-hot table with every breed at 1/120.
	cols := oneHot.Columns()
	sampleCols := []*table.Column{cols[0]}
	for _, c := range cols[1:] {
		v := make([]float64, c.Len())
		for i := range v {
			v[i] = 1.0 / 120
		}
		sampleCols = append(sampleCols, table.Floats(c.Name, v))
	}
	sample, err := table.New(sampleCols...)
	if err != nil {
		return err
	}
	if sample.Len() != test.Len() || len(sample.Columns()) != 121 {
		return fmt.Errorf("assertion failed: sample submission shape (%d, %d), expected (%d, 121)", sample.Len(), len(sample.Columns()), test.Len())
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}
