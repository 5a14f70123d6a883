package imet_2020_fgvc7

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
	if !old.Has("id", "attribute_ids") {
		return fmt.Errorf("raw train.csv: need columns id and attribute_ids, got %v", old.Names())
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.15), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, answers := old.Take(trIdx), old.Take(teIdx)
	consts := make([]string, answers.Len())
	for i := range consts {
		consts[i] = "0 1 2"
	}
	sample, err := answers.With(table.Strings("attribute_ids", consts))
	if err != nil {
		return err
	}
	if train.Len()+answers.Len() != old.Len() {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", train.Len(), answers.Len(), old.Len())
	}
	trainIDs, _ := train.Col("id")
	testIDs, _ := answers.Col("id")
	seen := map[string]bool{}
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: id %s is in both train and answers", testIDs.Str(i))
		}
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(w.path), err)
		}
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "labels.csv"), filepath.Join(d.Public, "labels.csv")); err != nil {
		return fmt.Errorf("copying labels.csv: %w", err)
	}
	for _, part := range []struct {
		ids *table.Column
		dir string
	}{{trainIDs, "train"}, {testIDs, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var names []string
		for i := 0; i < part.ids.Len(); i++ {
			name := part.ids.Str(i) + ".png"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image id %q is not a plain file name", part.ids.Str(i))
			}
			names = append(names, name)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), dst, names); err != nil {
			return err
		}
		entries, err := os.ReadDir(dst)
		if err != nil {
			return err
		}
		count := 0
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".png") && !strings.HasPrefix(e.Name(), ".") {
				count++
			}
		}
		if count != part.ids.Len() {
			return fmt.Errorf("assertion failed: %d *.png files in public/%s, expected %d", count, part.dir, part.ids.Len())
		}
	}
	return nil
}
