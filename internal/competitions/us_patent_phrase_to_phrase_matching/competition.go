package us_patent_phrase_to_phrase_matching

// us-patent-phrase-to-phrase-matching:
// ../shared/spec/competitions/us-patent-phrase-to-phrase-matching.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv: rows
//     in RandomState(0).permutation order, everything a pandas
//     re-serialisation (score float64 printed 0.0/0.25/…; NA-token phrases
//     become empty fields);
//   - the sample submission's score is the integer 0, so it grades NaN
//     (constant predictions), a valid score that reaches no medal;
//   - grading: row count, id/score columns, sorted-id match (invalid), then
//     scipy.stats.pearsonr (NaN/inf predictions raise as in scipy 1.10 →
//     null score; text → error), returned as a numpy float64.

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "us-patent-phrase-to-phrase-matching",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("id", "score") {
		return fmt.Errorf("raw train.csv: need columns id and score")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	ids, _ := newTest.Col("id")
	sample := table.MustNew(ids, table.Ints("score", make([]int64, newTest.Len())))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("score")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("id")
	ansScore, ok2 := ans.Col("score")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and score")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same length (%d rows, expected %d)", sub.Len(), ans.Len())
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subScore, ok := sub.Col("score")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'score' column")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same ids")
	}
	yTrue, err := pandas.Floats(ansScore.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers score: %w", err)
	}
	yPred, err := pandas.Floats(subScore.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	r, err := metric.Pearson(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("pearsonr: %w", err)
	}
	return competition.Score{Value: r, Kind: competition.NumpyFloat64}, nil
}

// FakeRaw writes raw/train.csv (default 120 rows) with 16-hex ids
// (each containing a letter), short phrases (some with commas or quotes, so
// fields get quoted), CPC contexts and scores among 0, 0.25, 0.5, 0.75, 1.0
// written as decimals; raw test.csv and sample_submission.csv in their
// Kaggle layout too (never read by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "us-patent-phrase-to-phrase-matching")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n+10, func() string {
		for {
			s := synth.Hex(r, 16)
			for _, c := range s {
				if c >= 'a' {
					return s
				}
			}
		}
	})
	if err != nil {
		return err
	}
	words := []string{"abatement", "pollution", "act of", "furnace", "wheel", "voltage", "control", "signal", "coating", "layer", "rotor", "gear"}
	phrase := func() string {
		s := synth.Pick(r, words)
		for k := r.IntN(3); k > 0; k-- {
			s += " " + synth.Pick(r, words)
		}
		switch r.IntN(25) {
		case 0:
			s += ", " + synth.Pick(r, words)
		case 1:
			s = `"` + s + `" type`
		}
		return s
	}
	contexts := []string{"A47", "B60", "C08", "F16", "G06", "H01", "H04"}
	scores := []string{"0.0", "0.25", "0.5", "0.75", "1.0"}
	train := synth.CSV{Header: []string{"id", "anchor", "target", "context", "score"}}
	test := synth.CSV{Header: []string{"id", "anchor", "target", "context"}}
	sample := synth.CSV{Header: []string{"id", "score"}}
	for i := 0; i < n; i++ {
		train.Add(ids[i], phrase(), phrase(), synth.Pick(r, contexts), synth.Pick(r, scores))
	}
	for i := n; i < n+10; i++ {
		test.Add(ids[i], phrase(), phrase(), synth.Pick(r, contexts))
		sample.Add(ids[i], "0")
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
