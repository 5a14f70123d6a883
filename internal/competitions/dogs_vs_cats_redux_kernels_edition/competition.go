// Package dogs_vs_cats_redux_kernels_edition is the dogs-vs-cats-redux-kernels-edition competition (the original's
// mlebench/competitions/dogs-vs-cats-redux-kernels-edition/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/dogs-vs-cats-redux-kernels-edition.md
//
// Quirks reproduced:
//   - the split is over the code-point-sorted raw/train/*.jpg names (from
//     raw/train.zip), train_test_split(test_size=0.1, random_state=0);
//   - train images are renamed cat.<k>.jpg / dog.<k>.jpg in split order by
//     whether the name contains "cat" (anything else is a dog), test images
//     1.jpg … N.jpg, and the answers label a test image 1 when its original
//     name contains "dog" (the asymmetric rules of the original);
//   - public/train.zip and public/test.zip hold bare member names and the
//     unzipped public/train/ and public/test/ folders stay;
//   - raw/test.zip must exist and create raw/test/ when extracted, else the
//     original's final deletion of raw/test/ fails;
//   - grading: id/label columns, equal id *sets*, row count, every label in
//     [0, 1] (NaN fails → invalid, text → TypeError → null), then
//     scikit-learn 1.5 binary log_loss (ε = float64 eps, no renormalisation),
//     a Python float.
//
// Deliberate differences: raw/train.zip is read in place instead of being
// extracted into raw/ and deleted again; the public zips list their members
// sorted by name with a fixed timestamp.
package dogs_vs_cats_redux_kernels_edition

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "dogs-vs-cats-redux-kernels-edition",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	trainZip, err := zipfile.Open(filepath.Join(d.Raw, "train.zip"))
	if err != nil {
		return err
	}
	defer trainZip.Close()
	if err := checkTestZip(filepath.Join(d.Raw, "test.zip")); err != nil {
		return err
	}
	var all []string // raw/train/*.jpg names, sorted
	for _, p := range trainZip.Paths() {
		if name, ok := strings.CutPrefix(p, "train/"); ok && !strings.Contains(name, "/") && strings.HasSuffix(name, ".jpg") {
			all = append(all, name)
		}
	}
	slices.Sort(all)
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(all), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}

	pubTrain, pubTest := filepath.Join(d.Public, "train"), filepath.Join(d.Public, "test")
	for _, dir := range []string{pubTrain, pubTest} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	cats, dogs := 0, 0
	for _, i := range trainIdx {
		if err := ctx.Err(); err != nil {
			return err
		}
		var dst string
		if strings.Contains(all[i], "cat") {
			dst = "cat." + strconv.Itoa(cats) + ".jpg"
			cats++
		} else {
			dst = "dog." + strconv.Itoa(dogs) + ".jpg"
			dogs++
		}
		if err := trainZip.ExtractTo("train/"+all[i], filepath.Join(pubTrain, dst)); err != nil {
			return fmt.Errorf("copying train image %s: %w", all[i], err)
		}
	}
	if cats+dogs != len(trainIdx) {
		return fmt.Errorf("assertion failed: %d cats + %d dogs != %d train images", cats, dogs, len(trainIdx))
	}
	ids := make([]int64, len(testIdx))
	labels := make([]int64, len(testIdx))
	for k, i := range testIdx {
		if err := ctx.Err(); err != nil {
			return err
		}
		ids[k] = int64(k + 1)
		if strings.Contains(all[i], "dog") {
			labels[k] = 1
		}
		if err := trainZip.ExtractTo("train/"+all[i], filepath.Join(pubTest, strconv.Itoa(k+1)+".jpg")); err != nil {
			return fmt.Errorf("copying test image %s: %w", all[i], err)
		}
	}
	for _, part := range []struct{ dir, zip string }{{pubTrain, "train.zip"}, {pubTest, "test.zip"}} {
		if err := zipDir(ctx, part.dir, filepath.Join(d.Public, part.zip)); err != nil {
			return err
		}
	}

	half := make([]float64, len(ids))
	for i := range half {
		half[i] = 0.5
	}
	answers := table.MustNew(table.Ints("id", ids), table.Ints("label", labels))
	sample := table.MustNew(table.Ints("id", ids), table.Floats("label", half))
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

// checkTestZip fails unless raw/test.zip is a readable zip that
// would create raw/test/ when extracted (a member under test/ or the test/
// directory entry): the original deletes raw/test/ at the end and fails
// when it does not exist.
func checkTestZip(path string) error {
	z, err := zipfile.Open(path)
	if err != nil {
		return err
	}
	defer z.Close()
	for _, c := range z.Entries() {
		if c == "test" || strings.HasPrefix(c, "test/") {
			return nil
		}
	}
	return fmt.Errorf("%s does not create raw/test/ when extracted: FileNotFoundError deleting it", path)
}

// zipDir packs the files of dir (flat) into a zip with bare member
// names, sorted.
func zipDir(ctx context.Context, dir, zipPath string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var members []zipfile.Source
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		members = append(members, zipfile.Source{Name: e.Name(), Open: func() (io.ReadCloser, error) { return os.Open(p) }})
	}
	return zipfile.Write(ctx, zipPath, members)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("id")
	ansLabel, ok2 := ans.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have id and label columns")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subLabel, ok := sub.Col("label")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'label' column")
	}
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if pandas.HasText(subLabel) {
		return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int'")
	}
	p, err := pandas.Floats(subLabel)
	if err != nil {
		return competition.Score{}, err
	}
	for i, v := range p {
		if !(v >= 0 && v <= 1) {
			return competition.Score{}, competition.Invalid("Submission labels must be probabilities in [0, 1] (row %d: %v)", i, v)
		}
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	yPred, err := pandas.Floats(subLabel.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := pandas.Floats(ansLabel.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers label: %w", err)
	}
	loss, err := metric.LogLossBinary(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}

// FakeRaw writes raw/train.zip (a train/ directory entry and
// default 40 4×4 JPEGs, train/cat.<k>.jpg and train/dog.<k>.jpg, k from 0,
// so the sorted order is cat.0, cat.1, cat.10, …) and raw/test.zip with
// test/1.jpg and test/2.jpg.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "dogs-vs-cats-redux-kernels-edition")
	n := synth.Rows(opt.Rows, 40)
	train := []synth.ZipEntry{{Name: "train/"}}
	for i := range n {
		kind := "cat"
		if i%2 == 1 {
			kind = "dog"
		}
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		train = append(train, synth.ZipEntry{Name: fmt.Sprintf("train/%s.%d.jpg", kind, i/2), Data: img})
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.zip"), train); err != nil {
		return err
	}
	var test []synth.ZipEntry
	for i := 1; i <= 2; i++ {
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		test = append(test, synth.ZipEntry{Name: fmt.Sprintf("test/%d.jpg", i), Data: img})
	}
	return synth.WriteZip(filepath.Join(dir, "test.zip"), test)
}
