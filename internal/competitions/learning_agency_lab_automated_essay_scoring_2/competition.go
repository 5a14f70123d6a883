package learning_agency_lab_automated_essay_scoring_2

// learning-agency-lab-automated-essay-scoring-2:
// ../shared/spec/competitions/learning-agency-lab-automated-essay-scoring-2.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order; essays re-serialised by pandas
//     (quoted only when holding a comma, a quote or a newline);
//   - the sample submission's scores are RandomState(42).randint(1, 7, n);
//   - grading has no explicit length check: the sorted id arrays are compared
//     with numpy broadcasting (a one-row submission against many answers is
//     invalid; m rows repeating the single answer id pass and then fail in
//     cohen_kappa_score; other length mismatches raise ValueError), so every
//     length mismatch is a null score, logged as invalid or as an error as
//     in the original;
//   - QWK over label indices of the observed union (sklearn), NaN when both
//     vectors are the same constant; a numpy float64.

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "learning-agency-lab-automated-essay-scoring-2",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansScore, ok1 := ans.Col("score")
	ansID, ok2 := ans.Col("essay_id")
	if !ok1 || !ok2 || ans.Len() == 0 {
		return competition.Score{}, fmt.Errorf("answers must have score and essay_id columns and rows")
	}
	subScore, ok := sub.Col("score")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'score' column")
	}
	subID, ok := sub.Col("essay_id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'essay_id' column")
	}
	m, n := sub.Len(), ans.Len()
	if m == 0 {
		return competition.Score{}, competition.Invalid("Submission is empty")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	// numpy's `sub_ids != ans_ids` with broadcasting.
	differs := func(i, j int) bool { return !pandas.CellsEqual(subID, subIdx[i], ansID, ansIdx[j]) }
	switch {
	case m == n:
		for k := 0; k < m; k++ {
			if differs(k, k) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	case m == 1:
		for k := 0; k < n; k++ {
			if differs(0, k) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	case n == 1:
		for k := 0; k < m; k++ {
			if differs(k, 0) {
				return competition.Score{}, competition.Invalid("Submission and answers essay_id values do not match")
			}
		}
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	kappa, err := metric.CohenKappa(pandas.Labels(subScore.Take(subIdx)), pandas.Labels(ansScore.Take(ansIdx)), metric.KappaQuadratic)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(kappa), nil
}

// FakeRaw writes raw/train.csv (default 100 rows): 7-character hex
// essay ids with a letter, multi-paragraph essays with commas, double quotes
// and a leading space now and then, scores 1-6 covering every value; raw
// test.csv and sample_submission.csv in their Kaggle layout too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "learning-agency-lab-automated-essay-scoring-2")
	n := synth.Rows(opt.Rows, 100)
	ids, err := synth.Unique(n+3, func() string {
		for {
			s := synth.Hex(r, 7)
			if strings.ContainsAny(s, "abcdef") {
				return s
			}
		}
	})
	if err != nil {
		return err
	}
	sentences := []string{
		"Many people believe that cars are useful.",
		"However, limiting car usage has advantages",
		`As the article says, "cars cause pollution."`,
		"In conclusion I think the Face on Mars is just a natural landform",
		"Students should be allowed to use phones in school",
		"this is important because it saves time and money",
		"Venus is sometimes called the \"Evening Star\"",
	}
	essay := func() string {
		var b strings.Builder
		if r.IntN(15) == 0 {
			b.WriteString(" ")
		}
		for p := 1 + r.IntN(3); p > 0; p-- {
			for s := 1 + r.IntN(3); s > 0; s-- {
				b.WriteString(synth.Pick(r, sentences))
				b.WriteString(" ")
			}
			if p > 1 {
				b.WriteString("\n\n")
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	train := synth.CSV{Header: []string{"essay_id", "full_text", "score"}}
	scores := synth.Balanced(r, n, []string{"1", "2", "3", "4", "5", "6"})
	for i := 0; i < n; i++ {
		train.Add(ids[i], essay(), scores[i])
	}
	test := synth.CSV{Header: []string{"essay_id", "full_text"}}
	sample := synth.CSV{Header: []string{"essay_id", "score"}}
	for i := n; i < n+3; i++ {
		test.Add(ids[i], essay())
		sample.Add(ids[i], "3")
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
