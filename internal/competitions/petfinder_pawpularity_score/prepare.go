package petfinder_pawpularity_score

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	names := old.Names()
	if !old.Has("Id") || len(names) == 0 || names[len(names)-1] != "Pawpularity" {
		return fmt.Errorf("raw train.csv: need an Id column and Pawpularity as the last column")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	u, err := pyrand.NewGenerator(0).UniformN(1, 100, newTest.Len())
	if err != nil {
		return fmt.Errorf("sample values: %w", err)
	}
	for i := range u {
		u[i] = pyfloat.RoundNumpy(u[i], 2)
	}
	testIDs, _ := newTest.Col("Id")
	trainIDs, _ := newTrain.Col("Id")
	sample := table.MustNew(testIDs, table.Floats("Pawpularity", u))
	seen := make(map[string]bool, trainIDs.Len())
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: Id %s is in both train and test", testIDs.Str(i))
		}
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("Pawpularity")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	for _, split := range []struct {
		dir string
		ids *table.Column
	}{{"train", trainIDs}, {"test", testIDs}} {
		dst := filepath.Join(d.Public, split.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var names []string
		for i := 0; i < split.ids.Len(); i++ {
			name := split.ids.Str(i) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("unsafe image name %q", name)
			}
			names = append(names, name)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), dst, names); err != nil {
			return err
		}
		got, err := imagecopy.CountTopFiles(dst, ".jpg")
		if err != nil {
			return err
		}
		if got != split.ids.Len() {
			return fmt.Errorf("assertion failed: public/%s has %d images for %d rows", split.dir, got, split.ids.Len())
		}
	}
	return nil
}
