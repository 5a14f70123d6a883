// Package aptos2019_blindness_detection is the aptos2019-blindness-detection competition (the original's
// mlebench/competitions/aptos2019-blindness-detection/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/aptos2019-blindness-detection.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), rows in permutation
//     order; id_code keeps pandas' whole-column type inference, and image
//     file names are built from the id's text as pandas holds it
//     (str(id) + ".png");
//   - the original's asserts: disjoint train/test ids, one PNG per row in
//     each public folder, no name in both folders;
//   - the sample submission is the test rows with diagnosis = integer 0;
//   - grading: no row-count check — the id *sets* must match, so duplicated
//     ids reach cohen_kappa_score and fail its length check (plain error);
//     a missing id_code column is a KeyError (plain error, not invalid);
//     quadratic weights act on label indices of the sorted label union.
//
// Deliberate difference: ids that are not plain file names are refused.
package aptos2019_blindness_detection

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "aptos2019-blindness-detection",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("id_code", "diagnosis") {
		return fmt.Errorf("raw train.csv: need columns id_code and diagnosis, got %v", old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testNoLabels := test.Drop("diagnosis")

	trainIDs, testIDs := iDs(train), iDs(test)
	for _, part := range []struct {
		ids []string
		dir string
	}{{trainIDs, "train_images"}, {testIDs, "test_images"}} {
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train_images"), filepath.Join(d.Public, part.dir), imagecopy.WithExt(part.ids, ".png")); err != nil {
			return err
		}
	}
	if err := asserts(d.Public, trainIDs, testIDs); err != nil {
		return err
	}
	if testNoLabels.Len() != test.Len() {
		return fmt.Errorf("assertion failed: public and private test sizes differ")
	}

	sample, err := test.With(table.Ints("diagnosis", make([]int64, test.Len())))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Private, "test.csv"), test},
		{filepath.Join(d.Public, "test.csv"), testNoLabels},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(f.path), err)
		}
	}
	return nil
}

// iDs returns the id_code cells as pandas' str() gives them (the file
// name stem).
func iDs(t *table.Table) []string {
	c, _ := t.Col("id_code")
	out := make([]string, c.Len())
	for i := range out {
		out[i] = c.Str(i)
	}
	return out
}

// asserts are the original's sanity checks on the copied images.
func asserts(public string, trainIDs, testIDs []string) error {
	inTrain := make(map[string]bool, len(trainIDs))
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q is in both train and test", id)
		}
	}
	names := map[string]map[string]bool{}
	for _, part := range []struct {
		dir string
		n   int
	}{{"train_images", len(trainIDs)}, {"test_images", len(testIDs)}} {
		entries, err := os.ReadDir(filepath.Join(public, part.dir))
		if err != nil {
			return err
		}
		set := map[string]bool{}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".png") {
				set[e.Name()] = true
			}
		}
		if len(set) != part.n {
			return fmt.Errorf("assertion failed: %d PNG files in public/%s, expected %d", len(set), part.dir, part.n)
		}
		names[part.dir] = set
	}
	for n := range names["test_images"] {
		if names["train_images"][n] {
			return fmt.Errorf("assertion failed: %s is in both image folders", n)
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subDiag, ok := sub.Col("diagnosis")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must contain a 'diagnosis' column")
	}
	ansDiag, ok := ans.Col("diagnosis")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers must contain a 'diagnosis' column")
	}
	if sub.Len() == 0 {
		return competition.Score{}, competition.Invalid("Submission is empty")
	}
	if ans.Len() == 0 {
		return competition.Score{}, fmt.Errorf("answers are empty")
	}
	subID, ok := sub.Col("id_code")
	if !ok {
		return competition.Score{}, fmt.Errorf("KeyError: 'id_code'")
	}
	ansID, ok := ans.Col("id_code")
	if !ok {
		return competition.Score{}, fmt.Errorf("KeyError: 'id_code'")
	}
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission id_code values do not match the answers' id_code values")
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	kappa, err := metric.CohenKappa(pandas.Labels(subDiag.Take(subIdx)), pandas.Labels(ansDiag.Take(ansIdx)), "quadratic")
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(kappa), nil
}

// FakeRaw writes raw/train.csv (id_code as 12 hex digits with a
// letter, diagnosis 0-4 balanced; default 120 rows) and an 8×8 RGB PNG
// raw/train_images/<id_code>.png per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "aptos2019-blindness-detection")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.HexIDs(r, n, 12)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []string{"0", "0", "1", "2", "2", "3", "4"})
	csv := synth.CSV{Header: []string{"id_code", "diagnosis"}}
	for i, id := range ids {
		csv.Add(id, labels[i])
		img, err := synth.PNG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", id+".png"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
