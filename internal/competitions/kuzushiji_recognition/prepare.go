package kuzushiji_recognition

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// sampleLabels is the sample submission's prediction on every page.
const sampleLabels = "U+003F 1 1 U+FF2F 2 2"

// Prepare writes the public and private files from the raw download (spec
// "Prepare" steps 1-9).
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range []string{"image_id", "labels"} {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: KeyError: '%s'", c)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	if err := write(filepath.Join(d.Public, "train.csv"), newTrain); err != nil {
		return err
	}
	if err := write(filepath.Join(d.Private, "test.csv"), newTest); err != nil {
		return err
	}

	z, err := zipfile.Open(filepath.Join(d.Raw, "train_images.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	for _, part := range []struct {
		t   *table.Table
		zip string
	}{{newTrain, "train_images.zip"}, {newTest, "test_images.zip"}} {
		ids, _ := part.t.Col("image_id")
		names := make([]string, ids.Len())
		for i := range names {
			names[i] = ids.Str(i) + ".jpg" // f"{image_id}.jpg"
			if !imagecopy.SafeName(names[i]) {
				return fmt.Errorf("image id %q is not a plain file name", ids.Str(i))
			}
			if !z.Has(names[i]) {
				return fmt.Errorf("copying image: raw/train/%s: no such file in train_images.zip", names[i])
			}
		}
		slices.Sort(names)
		names = slices.Compact(names)
		// The count of *.jpg files in the folder must equal the rows.
		if len(names) != part.t.Len() {
			return fmt.Errorf("assertion failed: %d images for %d rows in %s (duplicate image ids)", len(names), part.t.Len(), part.zip)
		}
		members := make([]zipfile.Source, len(names))
		for i, name := range names {
			members[i] = z.Source(name, name)
		}
		if err := zipfile.Write(ctx, filepath.Join(d.Public, part.zip), members); err != nil {
			return err
		}
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "unicode_translation.csv"), filepath.Join(d.Public, "unicode_translation.csv")); err != nil {
		return fmt.Errorf("copying unicode_translation.csv: %w", err)
	}

	testIDs, _ := newTest.Col("image_id")
	samples := make([]string, newTest.Len())
	for i := range samples {
		samples[i] = sampleLabels
	}
	if err := write(filepath.Join(d.Public, "sample_submission.csv"), table.MustNew(testIDs, table.Strings("labels", samples))); err != nil {
		return err
	}
	labels, _ := newTest.Col("labels")
	gold := make([]string, newTest.Len())
	for i := range gold {
		if gold[i], err = goldLabels(labels, i); err != nil {
			return fmt.Errorf("gold submission, row %d: %w", i, err)
		}
	}
	return write(filepath.Join(d.Private, "gold_submission.csv"), table.MustNew(testIDs, table.Strings("labels", gold)))
}

// goldLabels turns a true labels cell ("<unicode> X Y W H ...") into a
// prediction "<unicode> X+1 Y+1 ..." with Python int() coordinates.
func goldLabels(c *table.Column, i int) (string, error) {
	if c.IsNull(i) || c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
		return "", fmt.Errorf("AttributeError: labels %q have no split", c.Str(i))
	}
	tok := metric.PySplit(c.Text[i])
	if len(tok)%5 != 0 {
		return "", fmt.Errorf("assertion failed: %d label tokens, not a multiple of 5", len(tok))
	}
	out := make([]string, 0, len(tok)/5*3)
	for k := 0; k < len(tok); k += 5 {
		x, okX := pandas.PyInt(tok[k+1])
		y, okY := pandas.PyInt(tok[k+2])
		if !okX || !okY {
			return "", fmt.Errorf("ValueError: invalid literal for int() with base 10: %q", tok[k+1]+" "+tok[k+2])
		}
		out = append(out, tok[k], strconv.FormatInt(x+1, 10), strconv.FormatInt(y+1, 10))
	}
	return strings.Join(out, " "), nil
}

func write(path string, t *table.Table) error {
	if err := table.WriteFile(path, t, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
