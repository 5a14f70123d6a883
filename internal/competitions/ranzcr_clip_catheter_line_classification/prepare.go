package ranzcr_clip_catheter_line_classification

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	uids, ok := df.Col(id)
	if !ok {
		return fmt.Errorf("train.csv has no %s column", id)
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	newTrain, newTest := df.Take(train), df.Take(test)

	ann, err := table.ReadFile(filepath.Join(d.Raw, "train_annotations.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	annUIDs, ok := ann.Col(id)
	if !ok {
		return fmt.Errorf("train_annotations.csv has no %s column", id)
	}
	inTrain := map[any]bool{}
	for _, r := range train {
		if k, ok := pandas.CellKey(uids, r); ok {
			inTrain[k] = true
		}
	}
	var keep []int
	for i := 0; i < ann.Len(); i++ {
		if k, ok := pandas.CellKey(annUIDs, i); ok && inTrain[k] {
			keep = append(keep, i)
		}
	}
	trainAnn := ann.Take(keep)

	for _, part := range []struct {
		dir  string
		rows []int
	}{{filepath.Join(d.Public, "train"), train}, {filepath.Join(d.Public, "test"), test}} {
		if err := os.MkdirAll(part.dir, 0o755); err != nil {
			return err
		}
		var names []string
		for _, r := range part.rows {
			name := uids.Str(r) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			names = append(names, name)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), part.dir, names); err != nil {
			return err
		}
		n, err := imagecopy.CountTopFiles(part.dir, ".jpg")
		if err != nil {
			return err
		}
		if n != len(part.rows) {
			return fmt.Errorf("%s holds %d .jpg files for %d rows", part.dir, n, len(part.rows))
		}
	}

	testUIDs, _ := newTest.Col(id)
	zeros := make([]int64, newTest.Len())
	sampleCols := []*table.Column{testUIDs}
	for _, c := range classes {
		if !newTest.Has(c) {
			return fmt.Errorf("train.csv has no %q column", c)
		}
		sampleCols = append(sampleCols, table.Ints(c, zeros))
	}
	sample := table.MustNew(sampleCols...)
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "train_annotations.csv"), trainAnn},
		{filepath.Join(d.Private, "test.csv"), newTest},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}
