package paddy_disease_classification

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	rawSample, err := table.ReadFile(filepath.Join(d.Raw, "sample_submission.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw sample_submission.csv: %w", err)
	}
	ids, ok1 := old.Col("image_id")
	labels, ok2 := old.Col("label")
	if !ok1 || !ok2 {
		return fmt.Errorf("raw train.csv: need columns image_id and label")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TrainSize: pyrand.Fraction(0.75), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testIDs, _ := test.Col("image_id")
	empty := make([]string, test.Len())
	sample := table.MustNew(testIDs, table.Strings("label", empty))
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
	); err != nil {
		return err
	}

	cellText := func(c *table.Column, i int) (string, error) {
		if c.IsNull(i) {
			return "", fmt.Errorf("raw train.csv row %d: missing %s (the image path would hold nan)", i, c.Name)
		}
		s := c.Str(i)
		if !imagecopy.SafeName(s) {
			return "", fmt.Errorf("raw train.csv row %d: %s %q is not a file name", i, c.Name, s)
		}
		return s, nil
	}
	var jobs []filecopy.Job
	planned := map[string]bool{}
	copyImage := func(i int, dstDir string) error {
		id, err := cellText(ids, i)
		if err != nil {
			return err
		}
		label, err := cellText(labels, i)
		if err != nil {
			return err
		}
		src := filepath.Join(d.Raw, "train_images", label, id)
		if _, err := os.Stat(src); err != nil {
			return fmt.Errorf("raw image %s: %w", src, err)
		}
		dst := filepath.Join(dstDir, id)
		if _, err := os.Lstat(dst); err == nil || planned[dst] {
			return fmt.Errorf("copying %s: destination %s already exists (duplicate image_id)", src, dst)
		}
		planned[dst] = true
		if err := os.MkdirAll(dstDir, 0o755); err != nil {
			return err
		}
		jobs = append(jobs, filecopy.Job{Src: src, Dst: dst})
		return nil
	}
	for k, i := range trainIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		label, err := cellText(labels, i)
		if err != nil {
			return err
		}
		if err := copyImage(i, filepath.Join(d.Public, "train_images", label)); err != nil {
			return err
		}
	}
	for k, i := range testIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := copyImage(i, filepath.Join(d.Public, "test_images")); err != nil {
			return err
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}

	// Asserts, in the original's order.
	if train.Len()+test.Len() != old.Len() {
		return fmt.Errorf("split sizes do not add up")
	}
	trainIDs, _ := train.Col("image_id")
	if !pandas.Disjoint(trainIDs, testIDs) {
		return fmt.Errorf("train and test image_id sets overlap")
	}
	if !sameNames(rawSample.Names(), []string{"image_id", "label"}) {
		return fmt.Errorf("raw sample_submission.csv columns %v, want exactly image_id and label", rawSample.Names())
	}
	for _, g := range []struct {
		pattern string
		want    int
	}{
		{filepath.Join(d.Public, "train_images", "*", "*.jpg"), train.Len()},
		{filepath.Join(d.Public, "test_images", "*.jpg"), test.Len()},
	} {
		m, err := filepath.Glob(g.pattern)
		if err != nil {
			return err
		}
		if len(m) != g.want {
			return fmt.Errorf("%s: %d images, want %d", g.pattern, len(m), g.want)
		}
	}
	return nil
}

// sameNames is set(a) == set(b).
func sameNames(a, b []string) bool {
	in := func(x []string, s string) bool {
		for _, v := range x {
			if v == s {
				return true
			}
		}
		return false
	}
	for _, s := range a {
		if !in(b, s) {
			return false
		}
	}
	for _, s := range b {
		if !in(a, s) {
			return false
		}
	}
	return true
}
