package plant_pathology_2021_fgvc8

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	newTrain, answers := df.Take(train), df.Take(test)
	healthy := make([]string, answers.Len())
	for i := range healthy {
		healthy[i] = "healthy"
	}
	var sample *table.Table
	if answers.Has("labels") {
		sample, err = answers.With(table.Strings("labels", healthy))
	} else {
		// sample["labels"] = "healthy" appends the column.
		sample, err = table.New(append(append([]*table.Column{}, answers.Columns()...), table.Strings("labels", healthy))...)
	}
	if err != nil {
		return err
	}
	img, ok := df.Col("image")
	if ok {
		seen := map[string]bool{}
		for _, r := range train {
			seen[img.Str(r)] = true
		}
		for _, r := range test {
			if seen[img.Str(r)] {
				return fmt.Errorf("image %q is in both the train and test split", img.Str(r))
			}
		}
	}
	if !newTrain.Has("image", "labels") {
		return fmt.Errorf("train.csv must have columns image and labels, has %v", df.Names())
	}
	if !sample.Has("image", "labels") {
		return fmt.Errorf("sample submission must have columns image and labels, has %v", sample.Names())
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	for _, part := range []struct {
		rows []int
		dir  string
	}{{train, "train_images"}, {test, "test_images"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var names []string
		for _, r := range part.rows {
			name := img.Str(r)
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image %q is not a plain file name", name)
			}
			names = append(names, name)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train_images"), dst, names); err != nil {
			return err
		}
		n, err := imagecopy.CountFiles(dst, ".jpg")
		if err != nil {
			return err
		}
		if n != len(part.rows) {
			return fmt.Errorf("%s has %d .jpg files, expected %d", part.dir, n, len(part.rows))
		}
	}
	return nil
}
