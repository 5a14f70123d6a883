package aptos2019_blindness_detection

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("id_code", "diagnosis") {
		return fmt.Errorf("raw train.csv: need columns id_code and diagnosis, got %v", old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testNoLabels := test.Drop("diagnosis")

	trainIDs, testIDs := iDs(train), iDs(test)
	for _, part := range []struct {
		ids []string
		dir string
	}{{trainIDs, "train_images"}, {testIDs, "test_images"}} {
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train_images"), filepath.Join(d.Public, part.dir), imagecopy.WithExt(part.ids, ".png")); err != nil {
			return err
		}
	}
	if err := asserts(d.Public, trainIDs, testIDs); err != nil {
		return err
	}
	if testNoLabels.Len() != test.Len() {
		return fmt.Errorf("assertion failed: public and private test sizes differ")
	}

	sample, err := test.With(table.Ints("diagnosis", make([]int64, test.Len())))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Private, "test.csv"), test},
		{filepath.Join(d.Public, "test.csv"), testNoLabels},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(f.path), err)
		}
	}
	return nil
}

// iDs returns the id_code cells as pandas' str() gives them (the file
// name stem).
func iDs(t *table.Table) []string {
	c, _ := t.Col("id_code")
	out := make([]string, c.Len())
	for i := range out {
		out[i] = c.Str(i)
	}
	return out
}

// asserts are the original's sanity checks on the copied images.
func asserts(public string, trainIDs, testIDs []string) error {
	inTrain := make(map[string]bool, len(trainIDs))
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q is in both train and test", id)
		}
	}
	names := map[string]map[string]bool{}
	for _, part := range []struct {
		dir string
		n   int
	}{{"train_images", len(trainIDs)}, {"test_images", len(testIDs)}} {
		entries, err := os.ReadDir(filepath.Join(public, part.dir))
		if err != nil {
			return err
		}
		set := map[string]bool{}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".png") {
				set[e.Name()] = true
			}
		}
		if len(set) != part.n {
			return fmt.Errorf("assertion failed: %d PNG files in public/%s, expected %d", len(set), part.dir, part.n)
		}
		names[part.dir] = set
	}
	for n := range names["test_images"] {
		if names["train_images"][n] {
			return fmt.Errorf("assertion failed: %s is in both image folders", n)
		}
	}
	return nil
}
