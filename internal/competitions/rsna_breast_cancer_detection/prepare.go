package rsna_breast_cancer_detection

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// testColumns are the test-side columns (public/test.csv without cancer,
// plus prediction_id).
var testColumns = []string{"site_id", "patient_id", "image_id", "laterality", "view", "age", "implant", "machine_id", "cancer"}

// Prepare is the original's prepare.py.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{NoLowMemory: true})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range append(testColumns, "cancer") {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: no column %s", c)
		}
	}
	pid, _ := old.Col("patient_id")
	img, _ := old.Col("image_id")
	lat, _ := old.Col("laterality")
	for _, c := range []*table.Column{pid, img} {
		if c.Kind != table.Int64 {
			return fmt.Errorf("raw train.csv: %s must hold integers without missing values (got %v)", c.Name, c.Kind)
		}
	}
	if lat.Kind != table.String || lat.HasNull() {
		return fmt.Errorf("raw train.csv: laterality must be non-missing text")
	}

	// Distinct patients in first-appearance order, split by position.
	var patients []int64
	seen := map[int64]bool{}
	for _, p := range pid.Ints {
		if !seen[p] {
			seen[p] = true
			patients = append(patients, p)
		}
	}
	trainPos, testPos, err := pyrand.TrainTestSplit(len(patients), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 42})
	if err != nil {
		return fmt.Errorf("splitting %d patients: %w", len(patients), err)
	}
	testSet := map[int64]bool{}
	for _, k := range testPos {
		testSet[patients[k]] = true
	}
	_ = trainPos // the train patients are all the others
	var trainRows, testRows []int
	for i, p := range pid.Ints {
		if testSet[p] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}

	newTrain := old.Take(trainRows)
	testSide, err := old.Take(testRows).Select(testColumns...)
	if err != nil {
		return err
	}
	predIDs := make([]string, len(testRows))
	for k, i := range testRows {
		predIDs[k] = fmt.Sprintf("%d_%s", pid.Ints[i], lat.Str(i))
	}
	testSide, err = testSide.With(table.Strings("prediction_id", predIDs))
	if err != nil {
		return err
	}
	publicTest, err := testSide.Select(append(slices.Clone(testColumns[:len(testColumns)-1]), "prediction_id")...)
	if err != nil {
		return err
	}

	// Answers: groupby(prediction_id).first() of cancer, sorted by id.
	cancer, _ := testSide.Col("cancer")
	firstRow := map[string]int{}
	for k, id := range predIDs {
		if j, ok := firstRow[id]; !ok || (cancer.IsNull(j) && !cancer.IsNull(k)) {
			firstRow[id] = k
		}
	}
	groups := make([]string, 0, len(firstRow))
	for id := range firstRow {
		groups = append(groups, id)
	}
	slices.Sort(groups)
	pick := make([]int, len(groups))
	for g, id := range groups {
		pick[g] = firstRow[id]
	}
	answers := table.MustNew(table.Strings("prediction_id", groups), cancer.Take(pick))

	// Sample: the mean of cancer over the train rows.
	trainCancer, _ := newTrain.Col("cancer")
	rate, err := mean(trainCancer)
	if err != nil {
		return err
	}
	fill := make([]float64, len(groups))
	for i := range fill {
		fill[i] = rate
	}
	sample := table.MustNew(table.Strings("prediction_id", groups), table.Floats("cancer", fill))

	if sample.Len() != answers.Len() {
		return fmt.Errorf("assertion failed: sample rows %d != answers rows %d", sample.Len(), answers.Len())
	}
	if answers.Len() >= publicTest.Len() {
		return fmt.Errorf("assertion failed: answers rows %d not fewer than public test rows %d", answers.Len(), publicTest.Len())
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}

	for _, part := range []struct {
		dir  string
		rows []int
	}{{"train_images", trainRows}, {"test_images", testRows}} {
		jobs := make([]filecopy.Job, len(part.rows))
		for k, i := range part.rows {
			p := fmt.Sprint(pid.Ints[i])
			name := fmt.Sprintf("%d.dcm", img.Ints[i])
			jobs[k] = filecopy.Job{
				Src:      filepath.Join(d.Raw, "train_images", p, name),
				Dst:      filepath.Join(d.Public, part.dir, p, name),
				MkdirAll: true,
			}
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
		n, err := countDCM(filepath.Join(d.Public, part.dir))
		if err != nil {
			return err
		}
		if n != len(part.rows) {
			return fmt.Errorf("assertion failed: %d .dcm files in public/%s, expected %d", n, part.dir, len(part.rows))
		}
	}
	return nil
}

// mean is Series.mean(): the sum of the non-missing values over their
// count (NaN when none).
func mean(c *table.Column) (float64, error) {
	var sum float64
	n := 0
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			continue
		}
		v, ok := c.Float(i)
		if !ok {
			return 0, fmt.Errorf("raw train.csv: cancer value %q is not a number", c.Str(i))
		}
		sum += v
		n++
	}
	if n == 0 {
		return 0, fmt.Errorf("raw train.csv: no cancer values in the train split")
	}
	return sum / float64(n), nil
}

// countDCM counts the files matching <dir>/*/*.dcm.
func countDCM(dir string) (int, error) {
	n := 0
	subs, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", dir, err)
	}
	for _, s := range subs {
		if !s.IsDir() || strings.HasPrefix(s.Name(), ".") {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, s.Name()))
		if err != nil {
			return 0, fmt.Errorf("listing %s: %w", s.Name(), err)
		}
		for _, f := range files {
			if strings.HasSuffix(f.Name(), ".dcm") && !strings.HasPrefix(f.Name(), ".") {
				n++
			}
		}
	}
	return n, nil
}
