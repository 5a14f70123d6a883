package seti_breakthrough_listen

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train_labels.csv")
	old, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	idCol, ok := old.Col("id")
	if !ok {
		return fmt.Errorf("%s: no %q column", src, "id")
	}
	if !old.Has("target") {
		return fmt.Errorf("%s: no %q column", src, "target")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train_labels.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
	); err != nil {
		return err
	}
	if err := copyTree(ctx, filepath.Join(d.Raw, "old_leaky_data"), filepath.Join(d.Public, "old_leaky_data")); err != nil {
		return err
	}
	ids := func(rows []int) ([]string, error) {
		out := make([]string, len(rows))
		for k, i := range rows {
			if idCol.Kind != table.String || idCol.IsNull(i) || idCol.Mixed != nil && idCol.Mixed[i] != table.String {
				return nil, fmt.Errorf("id %s is not a string: 'id[0]' is a TypeError", idCol.Str(i))
			}
			out[k] = idCol.Text[i]
		}
		return out, nil
	}
	trainIDs, err := ids(trainIdx)
	if err != nil {
		return err
	}
	testIDs, err := ids(testIdx)
	if err != nil {
		return err
	}
	for _, part := range []struct {
		ids []string
		dir string
	}{{trainIDs, "train"}, {testIDs, "test"}} {
		jobs := make([]filecopy.Job, len(part.ids))
		for k, id := range part.ids {
			sub := id[:1]
			if !imagecopy.SafeName(sub) {
				return fmt.Errorf("id %q: its first character is not a folder name", id)
			}
			if name := id + ".npy"; !imagecopy.SafeName(name) {
				return fmt.Errorf("image %q is not a plain file name", name)
			}
			jobs[k] = filecopy.Job{Src: filepath.Join(d.Raw, "train", sub, id+".npy"), Dst: filepath.Join(d.Public, part.dir, sub, id+".npy"), MkdirAll: true}
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return fmt.Errorf("copying image: %w", err)
		}
	}
	sample, err := test.With(table.Floats("target", halves(test.Len())))
	if err != nil {
		return err
	}
	if err := csvout.Write(csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample}); err != nil {
		return err
	}
	inTrain := map[string]bool{}
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q is in both train and test", id)
		}
	}
	names := map[string]map[string]bool{}
	for _, c := range []struct {
		dir  string
		want int
	}{{"train", len(trainIDs)}, {"test", len(testIDs)}} {
		set, err := fileNames(filepath.Join(d.Public, c.dir))
		if err != nil {
			return err
		}
		if len(set) != c.want {
			return fmt.Errorf("assertion failed: %d distinct files under public/%s, expected %d", len(set), c.dir, c.want)
		}
		names[c.dir] = set
	}
	for name := range names["test"] {
		if names["train"][name] {
			return fmt.Errorf("assertion failed: file %s is in both public/train and public/test", name)
		}
	}
	return nil
}

func halves(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 0.5
	}
	return v
}

// fileNames is the set of file names under dir, recursively.
func fileNames(dir string) (map[string]bool, error) {
	set := map[string]bool{}
	err := filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() {
			set[e.Name()] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	return set, nil
}

// copyTree is shutil.copytree(src, dst, dirs_exist_ok=True): every file
// and folder, byte for byte.
func copyTree(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("copying tree: %w", err)
	}
	var jobs []filecopy.Job
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		jobs = append(jobs, filecopy.Job{Src: path, Dst: target})
		return nil
	})
	if err != nil {
		return err
	}
	return filecopy.Run(ctx, jobs)
}
