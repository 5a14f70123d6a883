package hubmap_kidney_segmentation

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

const infoFile = "HuBMAP-20-dataset_information.csv"

// imageFiles are the names of one image's files, in copy order.
func imageFiles(id string) []string {
	return []string{id + ".tiff", id + ".json", id + "-anatomical-structure.json"}
}

// Prepare writes the public and private files from the raw download (spec
// "Prepare" steps 1-11).
func Prepare(ctx context.Context, d competition.Dirs) error {
	oldTrain, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	info, err := table.ReadFile(filepath.Join(d.Raw, infoFile), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw %s: %w", infoFile, err)
	}
	if !slices.Equal(oldTrain.Names(), []string{"id", "encoding"}) {
		return fmt.Errorf("assertion failed: train.csv must have exactly the columns id, encoding (has %v)", oldTrain.Names())
	}
	ids, _ := oldTrain.Col("id")
	if ids.Kind != table.String || ids.Mixed != nil || ids.HasNull() {
		// pandas would merge an int64 id column with the text helper id
		// and raise; a missing id would name a file "nan.tiff".
		return fmt.Errorf("raw train.csv: every id must be text (column has dtype %s or a missing cell)", ids.Kind)
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(oldTrain.Len(), pyrand.SplitOptions{
		TrainSize: pyrand.Count(12), TestSize: pyrand.Count(3), RandomState: 0,
	})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := oldTrain.Take(trainIdx), oldTrain.Take(testIdx)

	// The helper id: image_file without ".tiff"; keep the rows of raw
	// train.csv's images, in file order.
	helper, err := helperIDs(info)
	if err != nil {
		return err
	}
	rawIDs := make(map[string]bool, ids.Len())
	for _, id := range ids.Text {
		rawIDs[id] = true
	}
	var keep []int
	for i, h := range helper {
		if h.ok && rawIDs[h.s] {
			keep = append(keep, i)
		}
	}
	width, okW := info.Col("width_pixels")
	height, okH := info.Col("height_pixels")
	if !okW || !okH {
		return fmt.Errorf("raw %s: KeyError: need columns width_pixels and height_pixels", infoFile)
	}
	// new_test.merge(info[[id, width_pixels, height_pixels]], on="id"): an
	// inner merge, rows in test order, each with its matches in file order.
	var left, right []int
	testIDs, _ := newTest.Col("id")
	for i := range testIDs.Len() {
		for _, k := range keep {
			if helper[k].s == testIDs.Text[i] {
				left = append(left, i)
				right = append(right, k)
			}
		}
	}
	test, err := table.New(append(newTest.Take(left).Columns(),
		width.Take(right), height.Take(right))...)
	if err != nil {
		return fmt.Errorf("merging the test rows with their sizes: %w", err)
	}
	helperCol := make([]string, len(helper))
	for i, h := range helper {
		helperCol[i] = h.s
	}
	withHelper, err := info.With(table.Strings("id", helperCol))
	if err != nil {
		return err
	}
	publicInfo := withHelper.Take(keep).Drop("id")

	finalIDs, _ := test.Col("id")
	encoding, _ := test.Col("encoding")
	sample := table.MustNew(finalIDs, table.Strings("predicted", make([]string, test.Len())))
	gold := table.MustNew(finalIDs, encoding.Renamed("predicted"))
	for _, o := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, infoFile), publicInfo},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Private, "test.csv"), test},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "gold_submission.csv"), gold},
	} {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}

	trainIDs, _ := newTrain.Col("id")
	for _, part := range []struct {
		dir string
		ids []string
	}{{"train", trainIDs.Text}, {"test", finalIDs.Text}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var names []string
		for _, id := range part.ids {
			if !imagecopy.SafeName(id) {
				return fmt.Errorf("image id %q is not a plain file name", id)
			}
			names = append(names, imageFiles(id)...)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), dst, names); err != nil {
			return fmt.Errorf("copying %s image files: %w", part.dir, err)
		}
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Public, "sample_submission.csv"), filepath.Join(d.Public, "test", "sample_submission.csv")); err != nil {
		return fmt.Errorf("copying the sample submission into test/: %w", err)
	}
	return checkPrepared(d.Public, oldTrain.Len(), newTrain, test)
}

// checkPrepared is the original's asserts at the end of prepare.
func checkPrepared(public string, nOld int, train, test *table.Table) error {
	if train.Len()+test.Len() != nOld {
		return fmt.Errorf("assertion failed: Length of new_train and new_test should equal length of old_train (%d + %d != %d)", train.Len(), test.Len(), nOld)
	}
	trainIDs, _ := train.Col("id")
	inTrain := make(map[string]bool, train.Len())
	for _, id := range trainIDs.Text {
		inTrain[id] = true
	}
	testIDs, _ := test.Col("id")
	for _, id := range testIDs.Text {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: Train and test ids should not overlap (%s)", id)
		}
	}
	for _, c := range []struct {
		dir, pattern string
		want         int
		msg          string
	}{
		{"train", "*.tiff", train.Len(), "Missing train tiff files"},
		{"train", "*-anatomical-structure.json", train.Len(), "Missing train structure json files"},
		{"train", "*.json", 2 * train.Len(), "Missing train json files"},
		{"test", "*.tiff", test.Len(), "Missing test tiff files"},
		{"test", "*-anatomical-structure.json", test.Len(), "Missing test structure json files"},
	} {
		n, err := countMatches(filepath.Join(public, c.dir), c.pattern)
		if err != nil {
			return err
		}
		if n != c.want {
			return fmt.Errorf("assertion failed: %s (%d files match %s in public/%s, want %d)", c.msg, n, c.pattern, c.dir, c.want)
		}
	}
	return nil
}

// countMatches counts the entries of dir whose name matches pattern
// (pathlib's non-recursive glob, which also matches dot files).
func countMatches(dir, pattern string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if ok, _ := filepath.Match(pattern, e.Name()); ok {
			n++
		}
	}
	return n, nil
}

// helperID is one cell of the helper id column: text, or missing (NaN).
type helperID struct {
	s  string
	ok bool
}

// helperIDs is info["image_file"].str.replace(".tiff", "") with pandas 2's
// literal replacement: missing and non-text cells give NaN; a column that is
// not text at all cannot use the .str accessor.
func helperIDs(info *table.Table) ([]helperID, error) {
	c, ok := info.Col("image_file")
	if !ok {
		return nil, fmt.Errorf("raw %s: KeyError: 'image_file'", infoFile)
	}
	if c.Kind != table.String {
		return nil, fmt.Errorf("raw %s: image_file: Can only use .str accessor with string values!", infoFile)
	}
	out := make([]helperID, c.Len())
	for i := range out {
		if c.IsNull(i) || (c.Mixed != nil && c.Mixed[i] != table.String) {
			continue
		}
		out[i] = helperID{strings.ReplaceAll(c.Text[i], ".tiff", ""), true}
	}
	return out, nil
}
