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
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
