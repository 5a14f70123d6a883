// Package histopathologic_cancer_detection is the histopathologic-cancer-detection competition (the original's
// mlebench/competitions/histopathologic-cancer-detection/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/histopathologic-cancer-detection.md
//
// Quirks reproduced:
//   - the test size is the raw test share, num_test / (n + num_test), with
//     num_test the number of raw/test/*.tif files (never opened); zero test
//     files make train_test_split reject test_size 0.0;
//   - the split is over the id column, but the written CSVs select rows by
//     id membership and so keep the raw file order (only the image copies
//     run in permutation order); a duplicated id breaks the disjointness
//     assert as in the original;
//   - both public image folders are filled from raw/train/<id>.tif;
//   - the sample submission is the test rows with label = integer 0;
//   - grading: the shared AUROC helper (id, label), a NumPy float64.
//
// Deliberate differences: ids that are not plain file names are refused;
// raw/test/*.tif is counted with pathlib's glob semantics (names starting
// with "." included).
package histopathologic_cancer_detection

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "histopathologic-cancer-detection",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train_labels.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	idCol, ok := old.Col("id")
	if !ok || !old.Has("label") {
		return fmt.Errorf("raw train_labels.csv: need columns id and label, got %v", old.Names())
	}
	numTest, err := countTIF(filepath.Join(d.Raw, "test"))
	if err != nil {
		return err
	}
	n := old.Len()
	ratio := float64(numTest) / float64(n+numTest)
	trainIdx, testIdx, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(ratio), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting with test_size=%v: %w", ratio, err)
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = idCol.Str(i)
	}
	trainIDs, testIDs := make([]string, len(trainIdx)), make([]string, len(testIdx))
	inTrain, inTest := map[string]bool{}, map[string]bool{}
	for k, i := range trainIdx {
		trainIDs[k] = ids[i]
		inTrain[ids[i]] = true
	}
	for k, i := range testIdx {
		testIDs[k] = ids[i]
		inTest[ids[i]] = true
	}
	var newTrain, newTest []int // membership filters, raw order
	for i, id := range ids {
		if inTrain[id] {
			newTrain = append(newTrain, i)
		}
		if inTest[id] {
			newTest = append(newTest, i)
		}
	}
	for id := range inTest {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q is in both train and test", id)
		}
	}
	if len(newTrain)+len(newTest) != n {
		return fmt.Errorf("assertion failed: %d train + %d test rows != %d", len(newTrain), len(newTest), n)
	}

	for _, part := range []struct {
		ids []string
		dir string
	}{{trainIDs, "train"}, {testIDs, "test"}} {
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), filepath.Join(d.Public, part.dir), imagecopy.WithExt(part.ids, ".tif")); err != nil {
			return err
		}
	}

	train, test := old.Take(newTrain), old.Take(newTest)
	sample, err := test.With(table.Ints("label", make([]int64, test.Len())))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train_labels.csv"), train},
		{filepath.Join(d.Private, "answers.csv"), test},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(f.path), err)
		}
	}

	for _, c := range []struct {
		dir  string
		want int
	}{{"train", len(trainIDs)}, {"test", len(testIDs)}} {
		got, err := countTIF(filepath.Join(d.Public, c.dir))
		if err != nil {
			return err
		}
		if got != c.want {
			return fmt.Errorf("assertion failed: %d .tif files in public/%s, expected %d", got, c.dir, c.want)
		}
	}
	return nil
}

// countTIF counts dir/*.tif (non-recursive, case-sensitive).
func countTIF(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", dir, err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tif") {
			n++
		}
	}
	return n, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "id", "label")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train_labels.csv (40-hex ids, balanced 0/1
// labels; default 80 rows), a 4×4 RGB TIFF raw/train/<id>.tif per row, and
// n/4 placeholder raw/test/<hex>.tif files (only counted by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "histopathologic-cancer-detection")
	n := synth.Rows(opt.Rows, 80)
	ids, err := synth.HexIDs(r, n+max(n/4, 1), 40)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "label"}}
	for i, l := range synth.Balanced(r, n, []string{"0", "1"}) {
		csv.Add(ids[i], l)
		img, err := synth.TIFF(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", ids[i]+".tif"), img); err != nil {
			return err
		}
	}
	for _, id := range ids[n:] {
		img, err := synth.TIFF(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test", id+".tif"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train_labels.csv"))
}
