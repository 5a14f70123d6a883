package jigsaw_toxic_comment_classification_challenge

// jigsaw-toxic-comment-classification-challenge — spec: ../shared/spec/competitions/jigsaw-toxic-comment-classification-challenge.md
//
// Quirks reproduced:
//   - no re-split: the Kaggle test set and its released labels are used; the
//     four CSVs are read from their zips (root members) and re-written by
//     pandas, so NA strings ("NA", "null", …) in comments become empty
//     fields and numbers are re-printed; the sample's six class columns are
//     set to 0.5 by name (a missing one is appended);
//   - asserts: answers and sample of equal length; sorted id lists of
//     answers, test and sample equal (duplicates count); train and test ids
//     disjoint;
//   - grading: a length mismatch is an AssertionError (plain error, not an
//     invalid submission); rows whose six labels sum below 0 (the all −1
//     unscored rows) are dropped from the answers and, by id alignment, from
//     the submission (an id unknown to the answers is pandas'
//     "Unalignable boolean Series" error); the kept rows are paired by
//     position in sorted-id order, without a duplicate check (duplicates
//     keep the order of pandas' sort_index: unchanged when the ids are
//     already sorted, else numpy's unstable quicksort, reproduced);
//   - columns are paired by position: y_true is every answers column but id,
//     y_score every submission column but id, in the submission's order
//     (reordered class columns score silently wrong; an extra column is
//     numpy's IndexError);
//   - score: roc_auc_score(average="macro"), a numpy float64.

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "jigsaw-toxic-comment-classification-challenge",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var classes = []string{"toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	read := func(name string) (*table.Table, error) {
		zipPath := filepath.Join(d.Raw, name+".zip")
		z, err := zipfile.Open(zipPath)
		if err != nil {
			return nil, err
		}
		defer z.Close()
		return zipfile.ReadTable(z, name, zipPath)
	}
	// The original extracts all four zips before reading any.
	for _, name := range []string{"train.csv", "test.csv", "test_labels.csv", "sample_submission.csv"} {
		if err := zipfile.Check(filepath.Join(d.Raw, name+".zip")); err != nil {
			return err
		}
	}
	train, err := read("train.csv")
	if err != nil {
		return err
	}
	test, err := read("test.csv")
	if err != nil {
		return err
	}
	answers, err := read("test_labels.csv")
	if err != nil {
		return err
	}
	sample, err := read("sample_submission.csv")
	if err != nil {
		return err
	}
	half := make([]float64, sample.Len())
	for i := range half {
		half[i] = 0.5
	}
	for _, c := range classes {
		if sample, err = sample.With(table.Floats(c, half)); err != nil {
			return err
		}
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Public, "test.csv"), test},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), answers},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	if answers.Len() != sample.Len() {
		return fmt.Errorf("answers have %d rows, sample submission %d", answers.Len(), sample.Len())
	}
	ids := func(t *table.Table, name string) (*table.Column, error) {
		c, ok := t.Col("id")
		if !ok {
			return nil, fmt.Errorf("%s has no id column", name)
		}
		return c, nil
	}
	ansIDs, err := ids(answers, "test_labels.csv")
	if err != nil {
		return err
	}
	testIDs, err := ids(test, "test.csv")
	if err != nil {
		return err
	}
	sampleIDs, err := ids(sample, "sample_submission.csv")
	if err != nil {
		return err
	}
	sortedA, err := pandas.SortedKeys(ansIDs)
	if err != nil {
		return err
	}
	for _, other := range []*table.Column{testIDs, sampleIDs} {
		sortedO, err := pandas.SortedKeys(other)
		if err != nil {
			return err
		}
		if !slices.Equal(sortedA, sortedO) {
			return fmt.Errorf("the sorted ids of test_labels.csv, test.csv and sample_submission.csv differ")
		}
	}
	trainIDs, err := ids(train, "train.csv")
	if err != nil {
		return err
	}
	testSet := map[any]bool{}
	for i := 0; i < testIDs.Len(); i++ {
		if k, ok := pandas.CellKey(testIDs, i); ok {
			testSet[k] = true
		}
	}
	for i := 0; i < trainIDs.Len(); i++ {
		if k, ok := pandas.CellKey(trainIDs, i); ok && testSet[k] {
			return fmt.Errorf("train and test ids overlap (%s)", trainIDs.Str(i))
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	var missing []string
	for _, c := range classes {
		if !sub.Has(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	ansID, ok := ans.Col("id")
	if !ok || !ans.Has(classes...) {
		return competition.Score{}, fmt.Errorf("answers must have the id column and the six class columns")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, fmt.Errorf("submission has %d rows, answers %d (AssertionError)", sub.Len(), ans.Len())
	}
	ansOrder, subOrder := pandas.SortIndexOrder(ansID), pandas.SortIndexOrder(subID)

	// keep-mask over the answers: the six labels' row sum (NaN skipped) >= 0.
	sums := make([]float64, ans.Len())
	for _, c := range classes {
		col, _ := ans.Col(c)
		v, err := pandas.Floats(col)
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers column %s: %w", c, err)
		}
		for i, x := range v {
			if x == x { // pandas sum skips NaN
				sums[i] += x
			}
		}
	}
	keep := make([]bool, ans.Len())
	maskByID := map[any]bool{}
	for i := range keep {
		keep[i] = sums[i] >= 0
		if k, ok := pandas.CellKey(ansID, i); ok {
			maskByID[k] = keep[i]
		}
	}
	var ansRows, subRows []int
	for _, i := range ansOrder {
		if keep[i] {
			ansRows = append(ansRows, i)
		}
	}
	for _, i := range subOrder {
		k, ok := pandas.CellKey(subID, i)
		m, found := maskByID[k]
		if !ok || !found {
			return competition.Score{}, fmt.Errorf("Unalignable boolean Series provided as indexer (index of the boolean Series and of the indexed object do not match).")
		}
		if m {
			subRows = append(subRows, i)
		}
	}
	columns := func(t *table.Table, rows []int, what string) ([][]float64, error) {
		var out [][]float64
		for _, c := range t.Columns() {
			if c.Name == "id" {
				continue
			}
			v, err := pandas.Floats(c.Take(rows))
			if err != nil {
				return nil, fmt.Errorf("%s column %s: %w", what, c.Name, err)
			}
			out = append(out, v)
		}
		return out, nil
	}
	yTrue, err := columns(ans, ansRows, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	yScore, err := columns(sub, subRows, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUCMacro(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes the four zips, each holding its CSV at the root:
// train.csv (id, comment_text, six labels; 200 rows by default), test.csv
// (id, comment_text; 150 rows), test_labels.csv (about 40% of rows all −1,
// every class with both 0 and 1 among the scored rows) and
// sample_submission.csv. Ids are 16 hex digits with letters; comments carry
// commas, doubled quotes, newlines (LF and CRLF inside quotes), non-ASCII
// text and the NA strings "NA" and "null" (which pandas empties).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 200)
	nTest := max(n*3/4, 20)
	r := synth.Rand(opt.Seed, "comments")
	ids, err := synth.HexIDs(r, n+nTest, 16)
	if err != nil {
		return err
	}
	words := []string{"you", "are", "great", "article", "edit", "wiki", "page", "talk", "please", "stop", "vandalism", "thanks", "über", "naïve", "日本"}
	comment := func(i int) string {
		switch i % 37 {
		case 5:
			return "NA"
		case 11:
			return "null"
		case 17:
			return "He said \"stop\", then left.\nNew line here."
		case 23:
			return "Windows line\r\nending, with comma"
		}
		var b strings.Builder
		for k := 0; k < 3+r.IntN(12); k++ {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(synth.Pick(r, words))
		}
		if r.IntN(4) == 0 {
			b.WriteString(", indeed")
		}
		return b.String()
	}
	label := func() []string {
		out := make([]string, len(classes))
		for k := range out {
			out[k] = "0"
			if r.IntN(4) == 0 {
				out[k] = "1"
			}
		}
		return out
	}
	train := &synth.CSV{Header: append([]string{"id", "comment_text"}, classes...)}
	for i := 0; i < n; i++ {
		train.Add(append([]string{ids[i], comment(i)}, label()...)...)
	}
	test := &synth.CSV{Header: []string{"id", "comment_text"}}
	labels := &synth.CSV{Header: append([]string{"id"}, classes...)}
	sample := &synth.CSV{Header: append([]string{"id"}, classes...)}
	for i := 0; i < nTest; i++ {
		id := ids[n+i]
		test.Add(id, comment(i+1))
		l := label()
		switch {
		case i < 2*len(classes): // guarantee both classes in every column
			for k := range l {
				l[k] = "0"
			}
			if i%2 == 0 {
				l[i/2] = "1"
			}
		case r.IntN(5) < 2:
			for k := range l {
				l[k] = "-1"
			}
		}
		labels.Add(append([]string{id}, l...)...)
		sample.Add(id, "0.5", "0.5", "0.5", "0.5", "0.5", "0.5")
	}
	for _, f := range []struct {
		name string
		csv  *synth.CSV
	}{{"train.csv", train}, {"test.csv", test}, {"test_labels.csv", labels}, {"sample_submission.csv", sample}} {
		if err := synth.WriteZip(filepath.Join(dir, f.name+".zip"), []synth.ZipEntry{{Name: f.name, Data: f.csv.Bytes()}}); err != nil {
			return err
		}
	}
	return nil
}
