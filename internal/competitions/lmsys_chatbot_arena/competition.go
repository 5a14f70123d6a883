package lmsys_chatbot_arena

// lmsys-chatbot-arena: ../shared/spec/competitions/lmsys-chatbot-arena.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; JSON-list-like text fields
//     re-serialised by pandas (quoted for commas, quotes, newlines);
//   - the sample submission is 0.3333333333333333 in each class column
//     (ln 3 = 1.09861 on any answers);
//   - grading: required columns, row count, every cell in [0, 1] (NaN fails;
//     text is a TypeError → null), per-row sums rounded to 6 decimals with
//     rint must equal exactly 1.0, sorted-id match, then the shared one-hot
//     log-loss inputs and scikit-learn 1.5's log_loss (ε = float64 eps, no
//     renormalisation), a Python float.

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

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
	ID:      "lmsys-chatbot-arena",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var classes = []string{"winner_model_a", "winner_model_b", "winner_tie"}

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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	required := append([]string{"id"}, classes...)
	for _, c := range required {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	for _, c := range required {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers must have column %s", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission should have %d rows, got %d", ans.Len(), sub.Len())
	}
	// The range check compares the three columns as one frame, so text in
	// any of them raises TypeError before a number out of range in another
	// column could make the submission invalid.
	for _, name := range classes {
		if c, _ := sub.Col(name); pandas.HasText(c) {
			return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int' (column %s)", name)
		}
	}
	probs := make([][]float64, len(classes))
	for k, name := range classes {
		c, _ := sub.Col(name)
		v, err := pandas.Floats(c)
		if err != nil {
			return competition.Score{}, err
		}
		for i, p := range v {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (column %s, row %d)", name, i)
			}
		}
		probs[k] = v
	}
	for i := 0; i < sub.Len(); i++ {
		s := 0.0
		for k := range probs {
			s += probs[k][i]
		}
		if math.RoundToEven(s*1e6)/1e6 != 1.0 {
			return competition.Score{}, competition.Invalid("Submission probabilities must sum to 1 in each row (row %d sums to %s)", i, strconv.FormatFloat(s, 'g', -1, 64))
		}
	}
	sub4, err := sub.Select(required...)
	if err != nil {
		return competition.Score{}, err
	}
	ans4, err := ans.Select(required...)
	if err != nil {
		return competition.Score{}, err
	}
	subID, _ := sub4.Col("id")
	ansID, _ := ans4.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	if _, _, match := submission.AlignByID(subID, ansID); !match {
		return competition.Score{}, competition.Invalid("Submission and answers ids do not match")
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub4, ans4, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}

// FakeRaw writes raw/train.csv (default 100 rows) with the 9 Kaggle
// columns: unique integer ids, model names, JSON-list-like prompt and
// responses (commas, escaped quotes, newlines, a `[null]` response, Unicode)
// and one-hot winner columns covering all three outcomes; raw test.csv and
// sample_submission.csv in their Kaggle layout too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "lmsys-chatbot-arena")
	n := synth.Rows(opt.Rows, 100)
	seen := map[int]bool{}
	id := func() string {
		for {
			v := 30192 + r.IntN(1<<31)
			if !seen[v] {
				seen[v] = true
				return strconv.Itoa(v)
			}
		}
	}
	models := []string{"gpt-4-1106-preview", "claude-2.1", "llama-2-70b-chat", "mistral-medium", "gemini-pro"}
	phrases := []string{"Hello", "What is the capital of France?", "Write a poem, please", `He said \"hi\"`, "Line one\nLine two", "Café ☕", "1, 2, 3", "Sure! Here's an answer"}
	jsonList := func() string {
		if r.IntN(30) == 0 {
			return "[null]"
		}
		parts := make([]string, 1+r.IntN(2))
		for k := range parts {
			parts[k] = `"` + synth.Pick(r, phrases) + `"`
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	winners := synth.Balanced(r, n, []int{0, 1, 2})
	header := []string{"id", "model_a", "model_b", "prompt", "response_a", "response_b", "winner_model_a", "winner_model_b", "winner_tie"}
	train := synth.CSV{Header: header}
	for i := 0; i < n; i++ {
		w := []string{"0", "0", "0"}
		w[winners[i]] = "1"
		train.Add(append([]string{id(), synth.Pick(r, models), synth.Pick(r, models), jsonList(), jsonList(), jsonList()}, w...)...)
	}
	test := synth.CSV{Header: []string{"id", "prompt", "response_a", "response_b"}}
	sample := synth.CSV{Header: []string{"id", "winner_model_a", "winner_model_b", "winner_tie"}}
	for i := 0; i < 3; i++ {
		tid := id()
		test.Add(tid, jsonList(), jsonList(), jsonList())
		sample.Add(tid, "0.3333333333333333", "0.3333333333333333", "0.3333333333333333")
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
