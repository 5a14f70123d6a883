package google_quest_challenge

// google-quest-challenge: ../shared/spec/competitions/google-quest-challenge.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), rows in
//     RandomState(0).permutation order;
//   - the conditional swap: when question_type_spelling has exactly one
//     distinct non-NaN value in the test part, test row 0 and the first train
//     row whose value != 0 (NaN qualifies) exchange their contents (no
//     qualifying row aborts prepare, as the original's index error);
//   - the sample submission is numpy.linspace(0, 1, m) (i·(1/(m−1)), last
//     exactly 1.0) in all 30 target columns;
//   - the original's asserts (11/41 columns, every target non-constant in
//     the private test);
//   - grading checks columns (qa_id, all 30 targets, exactly 31 columns) and
//     the row count but never compares the ids: both sides are sorted by
//     qa_id and paired positionally; mean of 30 scipy spearmanr values (NaN
//     propagates to a valid NaN score); a numpy float64. Text in a target
//     column (unspecified upstream) is an error here.

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "google-quest-challenge",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var classes = strings.Fields(`question_asker_intent_understanding question_body_critical question_conversational
question_expect_short_answer question_fact_seeking question_has_commonly_accepted_answer question_interestingness_others
question_interestingness_self question_multi_intent question_not_really_a_question question_opinion_seeking
question_type_choice question_type_compare question_type_consequence question_type_definition question_type_entity
question_type_instructions question_type_procedure question_type_reason_explanation question_type_spelling
question_well_written answer_helpful answer_level_of_information answer_plausible answer_relevance
answer_satisfaction answer_type_instructions answer_type_procedure answer_type_reason_explanation answer_well_written`)

var features = []string{"qa_id", "question_title", "question_body", "question_user_name", "question_user_page",
	"answer", "answer_user_name", "answer_user_page", "url", "category", "host"}

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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !sub.Has("qa_id") {
		return competition.Score{}, competition.Invalid("Submission must have a 'qa_id' column")
	}
	for _, c := range classes {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	if k := len(sub.Names()); k != 31 {
		return competition.Score{}, competition.Invalid("Submission must have 31 columns, got %d", k)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have %d rows, got %d", ans.Len(), sub.Len())
	}
	if !ans.Has(append([]string{"qa_id"}, classes...)...) || len(ans.Names()) != 31 {
		return competition.Score{}, fmt.Errorf("answers must have qa_id and the 30 target columns only")
	}
	subID, _ := sub.Col("qa_id")
	ansID, _ := ans.Col("qa_id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	rhos := make([]float64, len(classes))
	for k, name := range classes {
		s, _ := sub.Col(name)
		a, _ := ans.Col(name)
		if pandas.HasText(s) {
			return competition.Score{}, fmt.Errorf("column %s holds text, which cannot be ranked as numbers", name)
		}
		x, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		y, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", name, err)
		}
		if rhos[k], err = metric.Spearman(x, y); err != nil {
			return competition.Score{}, err
		}
	}
	return competition.Numpy(metric.Mean(rhos)), nil
}

// FakeRaw writes raw/train.csv (default 150 rows) with the 41 Kaggle
// columns: unique int qa_ids, text fields with commas, quotes and newlines,
// targets on a grid of multiples of 1/3 and 1/9 (one NaN cell). By default
// question_type_spelling is 0.0 everywhere except a few rows (one of them
// NaN) that land in the train split, so the conditional swap happens (set
// opt.Rows to other sizes and it may not, as in the original).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "google-quest-challenge")
	n := synth.Rows(opt.Rows, 150)
	header := append(append([]string{}, features...), classes...)
	train := synth.CSV{Header: header}
	grid := []string{"0.0", "0.3333333333333333", "0.6666666666666666", "1.0", "0.5", "0.8888888888888888", "0.7777777777777778"}
	words := []string{"How", "do", "I", "fix", "this, please?", `the "best"`, "way", "to\nparse", "λ", "numbers"}
	text := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		return strings.Join(w, " ")
	}
	hosts := []string{"stackoverflow.com", "math.stackexchange.com", "english.stackexchange.com"}
	cats := []string{"TECHNOLOGY", "SCIENCE", "CULTURE", "LIFE_ARTS", "STACKOVERFLOW"}
	qid := 0
	for i := 0; i < n; i++ {
		qid += 1 + r.IntN(5)
		host := synth.Pick(r, hosts)
		user := synth.Letters(r, 6)
		row := []string{strconv.Itoa(qid), text(4), text(12), user, "https://" + host + "/users/" + strconv.Itoa(r.IntN(9999)),
			text(15), synth.Letters(r, 5), "https://" + host + "/users/" + strconv.Itoa(r.IntN(9999)),
			"http://" + host + "/questions/" + strconv.Itoa(qid), synth.Pick(r, cats), host}
		for _, c := range classes {
			v := synth.Pick(r, grid)
			if c == "question_type_spelling" {
				v = "0.0"
				if i%37 == 5 {
					v = "0.3333333333333333"
				}
				if i == 42 {
					v = ""
				}
			}
			row = append(row, v)
		}
		if i == 8 {
			row[len(row)-1] = "" // a NaN target
		}
		train.Add(row...)
	}
	return train.Write(filepath.Join(dir, "train.csv"))
}
