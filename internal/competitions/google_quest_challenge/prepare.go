package google_quest_challenge

import (
	"context"
	"fmt"
	"math"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// nunique is pandas Series.nunique() of a column's rows idx: distinct
// non-missing values.
func nunique(c *table.Column, idx []int) (int, error) {
	v, err := pandas.Floats(c.Take(idx))
	if err != nil {
		return 0, err
	}
	seen := map[float64]bool{}
	for _, x := range v {
		if !math.IsNaN(x) {
			seen[x] = true
		}
	}
	return len(seen), nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has(append([]string{"qa_id"}, classes...)...) {
		return fmt.Errorf("raw train.csv: need qa_id and the 30 target columns")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	spelling, _ := old.Col("question_type_spelling")
	if k, err := nunique(spelling, testIdx); err != nil {
		return fmt.Errorf("question_type_spelling: %w", err)
	} else if k == 1 {
		v, err := pandas.Floats(spelling.Take(trainIdx))
		if err != nil {
			return err
		}
		r := -1
		for i, x := range v {
			if x != 0 { // NaN != 0 too
				r = i
				break
			}
		}
		if r < 0 {
			return fmt.Errorf("index 0 is out of bounds: no train row with question_type_spelling != 0 to swap into the test split")
		}
		// Whole rows exchange contents: swapping the source rows is the same.
		testIdx[0], trainIdx[r] = trainIdx[r], testIdx[0]
	}
	newTrain, test := old.Take(trainIdx), old.Take(testIdx)
	publicTest := test
	for _, c := range classes {
		publicTest = publicTest.Drop(c)
	}
	private, err := test.Select(append([]string{"qa_id"}, classes...)...)
	if err != nil {
		return err
	}
	if len(publicTest.Names()) != 11 || len(newTrain.Names()) != 41 {
		return fmt.Errorf("assertion failed: public test has %d columns (want 11), train %d (want 41)", len(publicTest.Names()), len(newTrain.Names()))
	}
	all := make([]int, test.Len())
	for i := range all {
		all[i] = i
	}
	for _, name := range classes {
		c, _ := private.Col(name)
		k, err := nunique(c, all)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if k <= 1 {
			return fmt.Errorf("assertion failed: column %s has a single value in the test split", name)
		}
	}
	m := test.Len()
	lin := make([]float64, m)
	if m > 1 {
		step := 1.0 / float64(m-1)
		for i := range lin {
			lin[i] = float64(i) * step
		}
		lin[m-1] = 1
	}
	qa, _ := private.Col("qa_id")
	cols := []*table.Column{qa}
	for _, name := range classes {
		cols = append(cols, table.Floats(name, lin))
	}
	sample := table.MustNew(cols...)
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: private},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}
