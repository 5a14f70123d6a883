package leaf_classification

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	csvZipPath := filepath.Join(d.Raw, "train.csv.zip")
	csvZip, err := zipfile.Open(csvZipPath)
	if err != nil {
		return err
	}
	defer csvZip.Close()
	images, err := zipfile.Open(filepath.Join(d.Raw, "images.zip"))
	if err != nil {
		return err
	}
	defer images.Close()
	df, err := zipfile.ReadTable(csvZip, "train.csv", csvZipPath)
	if err != nil {
		return err
	}
	ids, ok1 := df.Col("id")
	species, ok2 := df.Col("species")
	if !ok1 || !ok2 {
		return fmt.Errorf("train.csv needs id and species columns")
	}
	train, test, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return err
	}
	newTrain, newTest := df.Take(train), df.Take(test)
	if err := table.WriteFile(filepath.Join(d.Public, "test.csv"), newTest.Drop("species"), table.WriteOptions{}); err != nil {
		return err
	}
	testSpecies := species.Take(test)
	labels := make([]string, len(test))
	for i := range labels {
		labels[i] = testSpecies.Str(i)
	}
	answers, err := submission.OneHot(ids.Take(test), "id", labels, classes)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return err
	}

	pubImages := filepath.Join(d.Public, "images")
	for _, dir := range []string{pubImages, filepath.Join(d.Private, "images")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, rows := range [][]int{train, test} {
		for _, r := range rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := ids.Str(r) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			if err := images.ExtractTo("images/"+name, filepath.Join(pubImages, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
	}
	if answers.Len() != newTest.Len() {
		return fmt.Errorf("answers have %d rows, test %d", answers.Len(), newTest.Len())
	}
	n, err := imagecopy.CountTopFiles(pubImages, ".jpg")
	if err != nil {
		return err
	}
	if n != len(train)+len(test) {
		return fmt.Errorf("public/images holds %d .jpg files, expected %d", n, len(train)+len(test))
	}

	sample := answers
	p := make([]float64, answers.Len())
	for i := range p {
		p[i] = 1.0 / 99
	}
	for _, c := range classes {
		if sample, err = sample.With(table.Floats(c, p)); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return err
	}
	return table.WriteFile(filepath.Join(d.Public, "train.csv"), newTrain, table.WriteOptions{})
}
