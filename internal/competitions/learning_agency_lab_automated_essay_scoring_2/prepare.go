package learning_agency_lab_automated_essay_scoring_2

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("essay_id", "score") {
		return fmt.Errorf("raw train.csv: need columns essay_id and score")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, answers := old.Take(trainIdx), old.Take(testIdx)
	newTest := answers.Drop("score")
	if got := newTest.Names(); !slices.Equal(got, []string{"essay_id", "full_text"}) {
		return fmt.Errorf("assertion failed: test columns are %v, want [essay_id full_text]", got)
	}
	trainIDs, _ := newTrain.Col("essay_id")
	testIDs, _ := answers.Col("essay_id")
	seen := make(map[string]bool, trainIDs.Len())
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: essay_id %s is in both train and test", testIDs.Str(i))
		}
	}
	scores, err := pyrand.NewRandomState(42).RandintN(1, 7, answers.Len())
	if err != nil {
		return fmt.Errorf("sample scores: %w", err)
	}
	sample := table.MustNew(testIDs, table.Ints("score", scores))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}
