package lmsys_chatbot_arena

import (
	"context"
	"fmt"
	"path/filepath"

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
	if !old.Has("id", "prompt", "response_a", "response_b", "winner_model_a", "winner_model_b", "winner_tie") {
		return fmt.Errorf("raw train.csv: need columns id, prompt, response_a, response_b and the winner columns")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, answers := old.Take(trainIdx), old.Take(testIdx)
	newTest, err := answers.Select("id", "prompt", "response_a", "response_b")
	if err != nil {
		return err
	}
	trainIDs, _ := newTrain.Col("id")
	testIDs, _ := answers.Col("id")
	seen := make(map[string]bool, trainIDs.Len())
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: id %s is in both train and test", testIDs.Str(i))
		}
	}
	cols := []*table.Column{testIDs}
	for _, c := range classes {
		v := make([]float64, answers.Len())
		for i := range v {
			v[i] = 0.3333333333333333
		}
		cols = append(cols, table.Floats(c, v))
	}
	sample := table.MustNew(cols...)
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}
