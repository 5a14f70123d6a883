package tgs_salt_identification_challenge

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	archive   = "competition_data.zip"
	trainCSV  = "competition_data/train.csv"
	imagesDir = "competition_data/train/images"
	masksDir  = "competition_data/train/masks"
)

// Prepare writes the public and private files from the raw download (spec
// "Prepare" steps 1-9).
func Prepare(ctx context.Context, d competition.Dirs) error {
	zipPath := filepath.Join(d.Raw, archive)
	z, err := zipfile.Open(zipPath)
	if err != nil {
		return err
	}
	defer z.Close()
	old, err := zipfile.ReadTable(z, trainCSV, zipPath)
	if err != nil {
		return err
	}
	old, err = fillEmpty(old)
	if err != nil {
		return err
	}
	if !old.Has("id", "rle_mask") {
		return fmt.Errorf("raw %s: KeyError: need columns id and rle_mask (has %v)", trainCSV, old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.25), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	trainIDs, testIDs := textIDs(newTrain), textIDs(newTest)
	inTrain, inTest := setOf(trainIDs), setOf(testIDs)
	for id := range inTest {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: `id` is not disjoint between train and test sets (%s)", id)
		}
	}
	sortedTest := newTest.Take(sortByID(testIDs))
	if err := writeCSV(filepath.Join(d.Public, "train.csv"), newTrain.Take(sortByID(trainIDs))); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(d.Private, "test.csv"), sortedTest); err != nil {
		return err
	}

	// The images: every PNG directly in train/images must be a train or a
	// test id.
	var pngs []string
	for _, name := range z.Paths() {
		dir, base := path.Split(name)
		if dir == imagesDir+"/" && strings.HasSuffix(base, ".png") {
			pngs = append(pngs, base)
		}
	}
	if len(pngs) != old.Len() {
		return fmt.Errorf("assertion failed: The number of images in the old train set doesn't match the number of training images! (%d images, %d rows)", len(pngs), old.Len())
	}
	var trainPNGs, testPNGs []string
	for _, name := range pngs {
		stem := strings.TrimSuffix(name, ".png")
		switch {
		case inTrain[stem]:
			trainPNGs = append(trainPNGs, name)
		case inTest[stem]:
			testPNGs = append(testPNGs, name)
		}
	}
	if len(trainPNGs)+len(testPNGs) != len(pngs) {
		return fmt.Errorf("assertion failed: Some images were lost when creating the new train and test sets! (%d images are not an id of train.csv)", len(pngs)-len(trainPNGs)-len(testPNGs))
	}
	for _, c := range []struct {
		names    []string
		src, dst string
	}{
		{trainPNGs, imagesDir, "train/images"},
		{trainPNGs, masksDir, "train/masks"},
		{testPNGs, imagesDir, "test/images"},
	} {
		dst := filepath.Join(d.Public, filepath.FromSlash(c.dst))
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for _, name := range c.names {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := z.ExtractTo(c.src+"/"+name, filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying %s: %w", c.dst, err)
			}
		}
	}

	sample, err := sortedTest.Drop("rle_mask").With(table.Strings("rle_mask", repeat("1 1", sortedTest.Len())))
	if err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(d.Public, "sample_submission.csv"), sample); err != nil {
		return err
	}

	depths, err := table.ReadFile(filepath.Join(d.Raw, "depths.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw depths.csv: %w", err)
	}
	depthIDs, ok := depths.Col("id")
	if !ok {
		return fmt.Errorf("raw depths.csv: KeyError: 'id'")
	}
	var keep []int
	var keptIDs []string
	for i := range depthIDs.Len() {
		if isText(depthIDs, i) && inTrain[depthIDs.Text[i]] {
			keep = append(keep, i)
			keptIDs = append(keptIDs, depthIDs.Text[i])
		}
	}
	order := sortByID(keptIDs)
	for k, i := range order {
		order[k] = keep[i]
	}
	if err := writeCSV(filepath.Join(d.Public, "depths.csv"), depths.Take(order)); err != nil {
		return err
	}
	return checkPrepared(d, trainIDs, testIDs)
}

// checkPrepared is the original's sanity asserts on the written files.
func checkPrepared(d competition.Dirs, trainIDs, testIDs []string) error {
	stems := func(dir string) (map[string]bool, error) {
		entries, err := os.ReadDir(filepath.Join(d.Public, dir))
		if err != nil {
			return nil, err
		}
		out := map[string]bool{}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".png") {
				out[strings.TrimSuffix(e.Name(), ".png")] = true
			}
		}
		return out, nil
	}
	trainImgs, err := stems("train/images")
	if err != nil {
		return err
	}
	trainMasks, err := stems("train/masks")
	if err != nil {
		return err
	}
	testImgs, err := stems("test/images")
	if err != nil {
		return err
	}
	if len(trainImgs) != len(trainIDs) || len(trainMasks) != len(trainIDs) {
		return fmt.Errorf("assertion failed: The number of images in the train set doesn't match the number of training images!")
	}
	for _, id := range trainIDs {
		if !trainImgs[id] || !trainMasks[id] {
			return fmt.Errorf("assertion failed: Expected `%s.png` to exist in train images and masks, but it doesn't!", id)
		}
	}
	if _, err := os.Stat(filepath.Join(d.Public, "test", "masks")); err == nil {
		return fmt.Errorf("assertion failed: Expected `public / test / masks` to not exist, but it does!")
	}
	if len(testImgs) != len(testIDs) {
		return fmt.Errorf("assertion failed: The number of images in the test set doesn't match the number of test images!")
	}
	for id := range testImgs {
		if trainImgs[id] {
			return fmt.Errorf("assertion failed: Expected no overlap in images between the new train and test sets, but there is!")
		}
	}
	// The re-read sample submission and answers: same length, same id set,
	// and the answers' ids (as pandas reads them) are the test image stems.
	sample, err := table.ReadFile(filepath.Join(d.Public, "sample_submission.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	test, err := table.ReadFile(filepath.Join(d.Private, "test.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	if sample.Len() != test.Len() || test.Len() != len(testImgs) {
		return fmt.Errorf("assertion failed: The number of samples in the sample submission doesn't match the number of samples in the test set!")
	}
	sampleIDs, _ := sample.Col("id")
	reread, _ := test.Col("id")
	for i := range reread.Len() {
		if !isText(reread, i) || !isText(sampleIDs, i) || !testImgs[reread.Text[i]] || sampleIDs.Text[i] != reread.Text[i] {
			return fmt.Errorf("assertion failed: The ids in the test set don't match the test images!")
		}
	}
	return nil
}

// fillEmpty is old_train.fillna("") followed by the final assert that every
// cell is a str: missing cells become "", a column with any number or bool
// fails.
func fillEmpty(t *table.Table) (*table.Table, error) {
	cols := make([]*table.Column, 0, len(t.Names()))
	for _, c := range t.Columns() {
		v := make([]string, c.Len())
		for i := range v {
			switch {
			case c.IsNull(i):
			case isText(c, i):
				v[i] = c.Text[i]
			default:
				return nil, fmt.Errorf("assertion failed: Not all elements in the DataFrame are strings! (column %s has dtype %s)", c.Name, c.Kind)
			}
		}
		cols = append(cols, table.Strings(c.Name, v))
	}
	return table.New(cols...)
}

func isText(c *table.Column, i int) bool {
	return !c.IsNull(i) && c.Kind == table.String && (c.Mixed == nil || c.Mixed[i] == table.String)
}

func textIDs(t *table.Table) []string {
	c, _ := t.Col("id")
	return slices.Clone(c.Text)
}

func setOf(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func writeCSV(path string, t *table.Table) error {
	if err := table.WriteFile(path, t, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
