package predict_volcanic_eruptions_ingv_oe

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Prepare splits raw/train.csv 90/10, writes private/test.csv,
// public/train.csv and public/sample_submission.csv, and copies each
// segment's sensor CSV into public/train/ or public/test/.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	// The original asserts the columns of every output against this literal list.
	if want := []string{idCol, targetCol}; !slices.Equal(old.Names(), want) {
		return fmt.Errorf("raw train.csv: columns %v, want exactly %v", old.Names(), want)
	}
	ids, _ := old.Col(idCol)
	if ids.Kind != table.Int64 {
		return fmt.Errorf("raw train.csv: %s is %v, want integers", idCol, ids.Kind)
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	names := func(idx []int) []string {
		out := make([]string, len(idx))
		for i, r := range idx {
			out[i] = strconv.FormatInt(ids.Ints[r], 10) + ".csv"
		}
		return out
	}
	trainFiles, testFiles := names(trainIdx), names(testIdx)
	seen := make(map[string]bool, len(trainFiles)+len(testFiles))
	for _, n := range append(slices.Clone(trainFiles), testFiles...) {
		if seen[n] {
			// Within a split the original's file-count assert fails, across
			// the split its disjointness assert does.
			return fmt.Errorf("raw train.csv: segment_id %s repeated", n[:len(n)-4])
		}
		seen[n] = true
	}

	newTrain, answers := old.Take(trainIdx), old.Take(testIdx)
	testIDs, _ := answers.Col(idCol)
	sample := table.MustNew(testIDs, table.Ints(targetCol, make([]int64, answers.Len())))
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}

	src := filepath.Join(d.Raw, "train")
	if err := copyParallel(ctx, src, filepath.Join(d.Public, "train"), trainFiles); err != nil {
		return fmt.Errorf("copying train segments: %w", err)
	}
	if err := copyParallel(ctx, src, filepath.Join(d.Public, "test"), testFiles); err != nil {
		return fmt.Errorf("copying test segments: %w", err)
	}
	for _, c := range []struct {
		dir  string
		want int
	}{{filepath.Join(d.Public, "train"), len(trainFiles)}, {filepath.Join(d.Public, "test"), len(testFiles)}} {
		n, err := imagecopy.CountTopFiles(c.dir, ".csv")
		if err != nil {
			return fmt.Errorf("counting segments: %w", err)
		}
		if n != c.want {
			return fmt.Errorf("%s holds %d segment files, want %d", c.dir, n, c.want)
		}
	}
	return nil
}

// copyParallel copies names from srcDir to dstDir on all cores (the real
// segments are about 30 GB in all); the first error stops the rest.
func copyParallel(ctx context.Context, srcDir, dstDir string, names []string) error {
	return imagecopy.CopyNamed(ctx, srcDir, dstDir, names)
}
