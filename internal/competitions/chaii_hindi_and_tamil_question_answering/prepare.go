package chaii_hindi_and_tamil_question_answering

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
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !df.Has("id", "answer_text", "answer_start") {
		return fmt.Errorf("raw train.csv: need columns id, answer_text and answer_start")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := df.Take(trainIdx), df.Take(testIdx)
	ids, _ := newTest.Col("id")
	answerText, _ := newTest.Col("answer_text")
	answers := table.MustNew(ids, answerText.Renamed("PredictionString"))
	dummy := make([]string, newTest.Len())
	for i := range dummy {
		dummy[i] = "dummy text"
	}
	sample := table.MustNew(ids, table.Strings("PredictionString", dummy))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("answer_start", "answer_text")},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}
