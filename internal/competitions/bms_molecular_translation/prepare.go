package bms_molecular_translation

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// copyBatch bounds how many copy jobs (and their path strings) exist at
// once; the copies of a batch run on all cores.
const copyBatch = 4096

// Prepare is the original's prepare.py (spec's Prepare section): labels
// and answers first, then the image copies, the sample submission, the
// extra InChIs and the PNG count asserts.
func Prepare(ctx context.Context, d competition.Dirs) error {
	labels, err := table.ReadFile(filepath.Join(d.Raw, "train_labels.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	if !labels.Has(idCol, targetCol) {
		return fmt.Errorf("raw train_labels.csv: need columns %s and %s, have %v", idCol, targetCol, labels.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(labels.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	ids, _ := labels.Col(idCol)
	newTrain, newTest := labels.Take(trainIdx), labels.Take(testIdx)
	if err := table.WriteFile(filepath.Join(d.Public, "train_labels.csv"), newTrain, table.WriteOptions{}); err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), newTest, table.WriteOptions{}); err != nil {
		return err
	}

	for _, split := range []struct {
		name string
		rows []int
	}{{"train", trainIdx}, {"test", testIdx}} {
		if err := copyImages(ctx, ids, split.rows, filepath.Join(d.Raw, "train"), filepath.Join(d.Public, split.name)); err != nil {
			return err
		}
	}

	testIDs, _ := newTest.Col(idCol)
	constant := make([]string, newTest.Len())
	for i := range constant {
		constant[i] = sampleInChI
	}
	sample := table.MustNew(testIDs, table.Strings(targetCol, constant))
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return err
	}
	if err := filecopy.Run(ctx, []filecopy.Job{{
		Src: filepath.Join(d.Raw, "extra_approved_InChIs.csv"),
		Dst: filepath.Join(d.Public, "extra_approved_InChIs.csv"),
	}}); err != nil {
		return err
	}

	for _, split := range []struct {
		name string
		want int
	}{{"train", len(trainIdx)}, {"test", len(testIdx)}} {
		n, err := imagecopy.CountFiles(filepath.Join(d.Public, split.name), ".png")
		if err != nil {
			return fmt.Errorf("counting public/%s images: %w", split.name, err)
		}
		if n != split.want {
			return fmt.Errorf("public/%s holds %d .png files, want %d (duplicated image ids?)", split.name, n, split.want)
		}
	}
	return nil
}

// imageDir returns the nested folder <a>/<b>/<c> of an image id (its first
// three characters) and whether the id is usable as a path.
func imageDir(id string) (string, bool) {
	r := []rune(id)
	if len(r) < 3 || !imagecopy.SafeName(id) {
		return "", false
	}
	parts := make([]string, 3)
	for k := range parts {
		parts[k] = string(r[k])
		if !imagecopy.SafeName(parts[k]) {
			return "", false
		}
	}
	return filepath.Join(parts...), true
}

// copyImages copies srcRoot/<a>/<b>/<c>/<id>.png to the same place under
// dstRoot for the given rows, creating the folders first.
func copyImages(ctx context.Context, ids *table.Column, rows []int, srcRoot, dstRoot string) error {
	if ids.Kind != table.String || ids.Mixed != nil {
		return fmt.Errorf("raw train_labels.csv: image_id is read as %s, not text: 'int' object is not subscriptable", ids.Kind)
	}
	made := map[string]bool{}
	for _, i := range rows {
		if ids.IsNull(i) {
			return fmt.Errorf("raw train_labels.csv: row %d has no image_id", i)
		}
		sub, ok := imageDir(ids.Text[i])
		if !ok {
			return fmt.Errorf("raw train_labels.csv: image_id %q is shorter than 3 characters or not a plain file name", ids.Text[i])
		}
		if !made[sub] {
			if err := os.MkdirAll(filepath.Join(dstRoot, sub), 0o755); err != nil {
				return err
			}
			made[sub] = true
		}
	}
	jobs := make([]filecopy.Job, 0, min(copyBatch, len(rows)))
	for start := 0; start < len(rows); start += copyBatch {
		jobs = jobs[:0]
		for _, i := range rows[start:min(start+copyBatch, len(rows))] {
			id := ids.Text[i]
			sub, _ := imageDir(id)
			name := filepath.Join(sub, id+".png")
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(srcRoot, name), Dst: filepath.Join(dstRoot, name)})
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
	}
	return nil
}
