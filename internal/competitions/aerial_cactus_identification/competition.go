// Package aerial_cactus_identification is the aerial-cactus-identification competition (the original's
// mlebench/competitions/aerial-cactus-identification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/aerial-cactus-identification.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.19, random_state=0), rows in permutation
//     order; the sample submission is the test rows with has_cactus = 0.5;
//   - the asserts of the original (sizes, train longer than test, equal
//     column lists of train/test/original/sample — so a raw train.csv
//     without has_cactus fails —, disjoint and unique ids);
//   - images are byte copies of raw/train.zip's train/<id> members, packed
//     into public/train.zip and public/test.zip as bare <id> entries.
//
// Deliberate differences: the members are read straight from raw/train.zip
// (the original extracts it into raw/ and deletes the extracted folder at
// the end, leaving the same raw directory); the public zips list their
// members sorted by name with a fixed timestamp (the original's are in
// filesystem order with file mtimes, not checksummed); ids that are not
// plain file names are refused.
//
// Grading: the shared AUROC helper (id, has_cactus) and binary ROC AUC, a
// NumPy float64.
package aerial_cactus_identification

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "aerial-cactus-identification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.19), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	if !old.Has("id") {
		return fmt.Errorf("raw train.csv has no id column")
	}
	// The sample submission: the test rows with has_cactus set to 0.5 (a new
	// last column when the raw file had none, which the column assert below
	// then rejects, as in the original).
	half := make([]float64, test.Len())
	for i := range half {
		half[i] = 0.5
	}
	sample, err := test.With(table.Floats("has_cactus", half))
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Public, "train.csv"), train, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing train.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}

	trainIDs, testIDs := iDs(train), iDs(test)
	z, err := zipfile.Open(filepath.Join(d.Raw, "train.zip"))
	if err != nil {
		return err
	}
	defer z.Close()
	for _, part := range []struct {
		ids []string
		zip string
	}{{trainIDs, "train.zip"}, {testIDs, "test.zip"}} {
		names := slices.Clone(part.ids)
		slices.Sort(names)
		names = slices.Compact(names)
		members := make([]zipfile.Source, len(names))
		for i, id := range names {
			if !imagecopy.SafeName(id) {
				return fmt.Errorf("image id %q is not a plain file name", id)
			}
			if !z.Has("train/" + id) {
				return fmt.Errorf("copying image: raw/train/%s: no such file in train.zip", id)
			}
			members[i] = z.Source(id, "train/"+id)
		}
		if err := zipfile.Write(ctx, filepath.Join(d.Public, part.zip), members); err != nil {
			return err
		}
	}

	// The original's asserts.
	switch {
	case train.Len()+test.Len() != old.Len():
		return fmt.Errorf("assertion failed: train and test sizes do not add up to the original's")
	case train.Len() <= test.Len():
		return fmt.Errorf("assertion failed: train (%d rows) must be larger than test (%d rows)", train.Len(), test.Len())
	case sample.Len() != test.Len():
		return fmt.Errorf("assertion failed: sample submission and test sizes differ")
	case !slices.Equal(train.Names(), test.Names()) || !slices.Equal(test.Names(), old.Names()) || !slices.Equal(old.Names(), sample.Names()):
		return fmt.Errorf("assertion failed: columns of train, test, original and sample submission differ (%v, %v)", old.Names(), sample.Names())
	}
	inTrain := make(map[string]bool, len(trainIDs))
	for _, id := range trainIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: duplicate id %q in train", id)
		}
		inTrain[id] = true
	}
	inTest := make(map[string]bool, len(testIDs))
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q in both train and test", id)
		}
		if inTest[id] {
			return fmt.Errorf("assertion failed: duplicate id %q in test", id)
		}
		inTest[id] = true
	}
	return nil
}

// iDs returns the id column as text (str() of each cell).
func iDs(t *table.Table) []string {
	c, _ := t.Col("id")
	out := make([]string, c.Len())
	for i := range out {
		out[i] = c.Str(i)
	}
	return out
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "id", "has_cactus")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train.csv (id,has_cactus; default 60 rows, 40 %
// without cactus) and raw/train.zip with a train/ directory entry and a
// 32×32 JPEG train/<id> per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "aerial-cactus-identification")
	n := synth.Rows(opt.Rows, 60)
	hex, err := synth.HexIDs(r, n, 32)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []string{"1", "1", "1", "0", "0"})
	csv := synth.CSV{Header: []string{"id", "has_cactus"}}
	entries := []synth.ZipEntry{{Name: "train/"}}
	for i := range n {
		id := hex[i] + ".jpg"
		csv.Add(id, labels[i])
		img, err := synth.JPEG(synth.RGB(r, 32, 32))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: "train/" + id, Data: img})
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "train.zip"), entries)
}
