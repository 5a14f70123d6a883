package iwildcam_2019_fgvc6

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Prepare splits raw/train.csv by camera location and packs the images of
// each split into public/train_images.zip and public/test_images.zip.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range []string{"id", "location", "category_id"} {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv has no %s column", c)
		}
	}
	idCol, _ := old.Col("id")
	locCol, _ := old.Col("location")

	// locations = unique values in first-appearance order (NaN once).
	var locs []string
	seen := map[string]bool{}
	for i := range old.Len() {
		k := locKey(locCol, i)
		if !seen[k] {
			seen[k] = true
			locs = append(locs, k)
		}
	}
	_, teI, err := pyrand.TrainTestSplit(len(locs), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 8})
	if err != nil {
		return fmt.Errorf("splitting locations: %w", err)
	}
	testLoc := map[string]bool{}
	for _, i := range teI {
		if locs[i] != nanKey {
			testLoc[locs[i]] = true // a NaN location is never "in" the array
		}
	}
	var trainRows, testRows []int
	for i := range old.Len() {
		if testLoc[locKey(locCol, i)] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	train, answers := old.Take(trainRows), old.Take(testRows)
	newTest := answers.Drop("category_id")
	ansID, _ := answers.Col("id")
	ansCat, _ := answers.Col("category_id")
	gold, err := table.New(ansID.Renamed("Id"), ansCat.Renamed("Category"))
	if err != nil {
		return err
	}
	sample, err := table.New(ansID.Renamed("Id"), table.Ints("Category", make([]int64, len(testRows))))
	if err != nil {
		return err
	}
	rowPos := make([]int64, len(testRows))
	for k, i := range testRows {
		rowPos[k] = int64(i)
	}

	z, err := zipfile.Open(filepath.Join(d.Raw, "train_images.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	uniq := map[string]bool{}
	for i := range old.Len() {
		uniq[idCol.Str(i)] = true
	}
	jpgs := 0
	for _, p := range z.Paths() {
		if !strings.Contains(p, "/") && strings.HasSuffix(p, ".jpg") {
			jpgs++
		}
	}
	if jpgs != len(uniq) {
		return fmt.Errorf("assertion failed: raw/train_images holds %d .jpg files, train.csv has %d unique ids", jpgs, len(uniq))
	}

	// The original's asserts.
	trainIDs, testIDs := strs(idCol, trainRows), strs(idCol, testRows)
	inTrain := map[string]bool{}
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q in both train and test", id)
		}
	}
	if len(trainRows)+len(testRows) != old.Len() {
		return fmt.Errorf("assertion failed: train and test sizes do not add up")
	}
	trainLoc := map[string]bool{}
	for _, i := range trainRows {
		trainLoc[locKey(locCol, i)] = true
	}
	for _, i := range testRows {
		if trainLoc[locKey(locCol, i)] {
			return fmt.Errorf("assertion failed: location %s in both train and test", locCol.Str(i))
		}
	}
	if len(trainRows) == 0 {
		return fmt.Errorf("assertion failed: no train rows (only %d location(s))", len(locs))
	}

	for _, w := range []struct {
		path string
		t    *table.Table
		opt  table.WriteOptions
	}{
		{filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}},
		{filepath.Join(d.Private, "answers.csv"), gold, table.WriteOptions{}},
		{filepath.Join(d.Public, "train.csv"), train, table.WriteOptions{}},
		{filepath.Join(d.Public, "test.csv"), newTest, table.WriteOptions{}},
		{filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{Index: table.Ints("", rowPos)}},
	} {
		if err := table.WriteFile(w.path, w.t, w.opt); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(w.path), err)
		}
	}

	for _, part := range []struct {
		ids []string
		zip string
	}{{trainIDs, "train_images.zip"}, {testIDs, "test_images.zip"}} {
		names := slices.Clone(part.ids)
		slices.Sort(names)
		names = slices.Compact(names)
		members := make([]zipfile.Source, len(names))
		for i, id := range names {
			name := id + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image id %q is not a plain file name", id)
			}
			if !z.Has(name) {
				return fmt.Errorf("copying image: raw/train_images/%s: no such file in train_images.zip", name)
			}
			members[i] = z.Source(name, name)
		}
		if err := zipfile.Write(ctx, filepath.Join(d.Public, part.zip), members); err != nil {
			return err
		}
	}
	return nil
}

const nanKey = "\x00nan"

// locKey is a hashable key of a location cell (missing cells share one).
func locKey(c *table.Column, i int) string {
	if c.IsNull(i) {
		return nanKey
	}
	if f, ok := c.Float(i); ok && c.Numeric() {
		return fmt.Sprintf("n%v", f)
	}
	return "s" + c.Str(i)
}

func strs(c *table.Column, rows []int) []string {
	out := make([]string, len(rows))
	for k, i := range rows {
		out[k] = c.Str(i)
	}
	return out
}
