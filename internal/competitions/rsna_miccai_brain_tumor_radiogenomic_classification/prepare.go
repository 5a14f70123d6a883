package rsna_miccai_brain_tumor_radiogenomic_classification

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	idColumn     = "BraTS21ID"
	targetColumn = "MGMT_value"
)

// Prepare is the original's prepare.py.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train_labels.csv"), table.ReadOptions{
		Dtype: map[string]table.Kind{idColumn: table.String, targetColumn: table.Int64},
	})
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	ids, ok := old.Col(idColumn)
	if !ok || !old.Has(targetColumn) {
		return fmt.Errorf("raw train_labels.csv: need columns %s and %s, got %v", idColumn, targetColumn, old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting train_labels.csv: %w", err)
	}
	for _, part := range []struct {
		dir string
		idx []int
	}{{"train", trainIdx}, {"test", testIdx}} {
		dst := filepath.Join(d.Public, part.dir)
		var jobs []filecopy.Job
		for _, i := range part.idx {
			if err := ctx.Err(); err != nil {
				return err
			}
			if ids.IsNull(i) {
				return fmt.Errorf("raw train_labels.csv row %d: missing %s", i, idColumn)
			}
			id := ids.Str(i)
			if id == "" || id == "." || id == ".." || strings.ContainsAny(id, `/\`) {
				return fmt.Errorf("raw train_labels.csv: %s %q is not a folder name", idColumn, id)
			}
			caseJobs, err := treeJobs(filepath.Join(d.Raw, "train", id), filepath.Join(dst, id))
			if err != nil {
				return err
			}
			jobs = append(jobs, caseJobs...)
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
		n, err := globCount(dst)
		if err != nil {
			return err
		}
		if n != len(part.idx) {
			return fmt.Errorf("assertion failed: %d entries in public/%s, expected %d", n, part.dir, len(part.idx))
		}
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	half := make([]float64, test.Len())
	for i := range half {
		half[i] = 0.5
	}
	sample, err := test.With(table.Floats(targetColumn, half))
	if err != nil {
		return err
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train_labels.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}

// treeJobs creates dst and the folders of the tree src (as copytree
// does) and returns the copies of its files. A missing src is an error.
func treeJobs(src, dst string) ([]filecopy.Job, error) {
	var jobs []filecopy.Job
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(target, 0o755)
		case e.Type().IsRegular():
			jobs = append(jobs, filecopy.Job{Src: path, Dst: target})
			return nil
		default:
			return fmt.Errorf("%s: not a regular file or folder", path)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("copying case folder %s: %w", src, err)
	}
	return jobs, nil
}

// globCount is len(glob(dir/*)): the entries whose name does not start
// with ".".
func globCount(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", dir, err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n, nil
}
