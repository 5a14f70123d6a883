package plant_pathology_2020_fgvc7

// plant-pathology-2020-fgvc7 — spec: ../shared/spec/competitions/plant-pathology-2020-fgvc7.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0); both parts must have
//     exactly the five columns (as a set);
//   - ids are renamed Train_0, Train_1, … (unique train ids in permutation
//     order) and Test_0, … (test ids): one simultaneous lookup per cell, so
//     new names colliding with old ones never chain (old Train_9 may become
//     Train_5 while old Train_5 becomes Test_3);
//   - images are copied for every row of the original train.csv in file
//     order, each old id asserted to start with "Train_" and to have
//     raw/images/<old>.jpg; Kaggle's Test_*.jpg are not copied;
//   - grading: exact column set, length, ids compared after sorting both by
//     image_id as text ("Test_10" < "Test_2"; an id column mixing text and
//     numbers makes the sort raise TypeError, a plain error); the score is
//     numpy's mean of the four per-class binary ROC AUCs (a numpy float64);
//     no range check.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "plant-pathology-2020-fgvc7",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var (
	classes = []string{"healthy", "multiple_diseases", "rust", "scab"}
	columns = append([]string{"image_id"}, classes...)
)

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	if !pandas.SameNameSet(df.Names(), columns) {
		return fmt.Errorf("train.csv columns %v, expected the set %v", df.Names(), columns)
	}
	newTrain, answers := df.Take(train), df.Take(test)
	oldIDs, _ := df.Col("image_id")

	// Mapping: unique ids in order, Train_k then Test_k; the test mapping is
	// merged last.
	mapping := map[any]string{}
	for _, part := range []struct {
		rows   []int
		prefix string
	}{{train, "Train_"}, {test, "Test_"}} {
		seen := map[any]bool{}
		k := 0
		for _, r := range part.rows {
			key, ok := pandas.CellKey(oldIDs, r)
			if !ok || seen[key] {
				continue // a float NaN never equals itself; unique() keeps one NaN
			}
			seen[key] = true
			mapping[key] = fmt.Sprintf("%s%d", part.prefix, k)
			k++
		}
	}
	rename := func(t *table.Table, rows []int) (*table.Table, error) {
		ids := make([]string, len(rows))
		for i, r := range rows {
			key, ok := pandas.CellKey(oldIDs, r)
			newID, found := mapping[key]
			if !ok || !found {
				return nil, fmt.Errorf("image id %s has no new name", oldIDs.Str(r))
			}
			ids[i] = newID
		}
		return t.With(table.Strings("image_id", ids))
	}
	if newTrain, err = rename(newTrain, train); err != nil {
		return err
	}
	if answers, err = rename(answers, test); err != nil {
		return err
	}
	newIDs, _ := answers.Col("image_id")
	newTest := table.MustNew(newIDs)
	quarter := make([]float64, answers.Len())
	for i := range quarter {
		quarter[i] = 0.25
	}
	sampleCols := []*table.Column{newIDs}
	for _, c := range classes {
		sampleCols = append(sampleCols, table.Floats(c, quarter))
	}
	sample := table.MustNew(sampleCols...)

	images := filepath.Join(d.Public, "images")
	if err := os.MkdirAll(images, 0o755); err != nil {
		return err
	}
	for r := 0; r < df.Len(); r++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		old := oldIDs.Str(r)
		if !strings.HasPrefix(old, "Train_") || oldIDs.IsNull(r) {
			return fmt.Errorf("image id %q does not start with Train_", old)
		}
		src := filepath.Join(d.Raw, "images", old+".jpg")
		if !imagecopy.SafeName(old + ".jpg") {
			return fmt.Errorf("image id %q is not a plain file name", old)
		}
		key, _ := pandas.CellKey(oldIDs, r)
		if err := imagecopy.CopyFile(src, filepath.Join(images, mapping[key]+".jpg")); err != nil {
			return fmt.Errorf("copying image: %w", err)
		}
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "test.csv"), answers},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Public, "test.csv"), newTest},
		{filepath.Join(d.Public, "train.csv"), newTrain},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !pandas.SameNameSet(ans.Names(), columns) {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns %v", columns)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if !pandas.SameNameSet(sub.Names(), columns) {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns %s", strings.Join(columns, ", "))
	}
	subID, _ := sub.Col("image_id")
	ansID, _ := ans.Col("image_id")
	// Check 4 sorts both tables first: an id column mixing text and numbers
	// is sort_values' TypeError (a plain error), not an id mismatch.
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission image_id values do not match the answers")
	}
	var yTrue, yScore [][]float64
	for _, c := range classes {
		a, _ := ans.Col(c)
		s, _ := sub.Col(c)
		at, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", c, err)
		}
		st, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, at), append(yScore, st)
	}
	v, err := metric.MeanColumnwiseROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}

// FakeRaw writes raw/train.csv (image_id Train_0…, one-hot labels over
// the four classes; 120 rows by default) and raw/images/Train_*.jpg for
// every row plus a few unused Test_*.jpg. The labels of the rows the seed-0
// split puts in the test part cover every class, so each class column has
// both 0 and 1 there.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	labels := make([]int, n)
	for i := range labels {
		labels[i] = r.IntN(4)
	}
	if _, test, err := split(n); err == nil && len(test) >= 2 {
		for k, row := range test[:min(4, len(test))] {
			labels[row] = k
		}
	}
	c := &synth.CSV{Header: columns}
	for i := 0; i < n; i++ {
		row := []string{fmt.Sprintf("Train_%d", i), "0", "0", "0", "0"}
		row[1+labels[i]] = "1"
		c.Add(row...)
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "images", row[0]+".jpg"), img); err != nil {
			return err
		}
	}
	for i := 0; i < 3; i++ {
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "images", fmt.Sprintf("Test_%d.jpg", i)), img); err != nil {
			return err
		}
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
