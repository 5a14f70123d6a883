package jigsaw_unintended_bias_in_toxicity_classification

// jigsaw-unintended-bias-in-toxicity-classification:
// ../shared/spec/competitions/jigsaw-unintended-bias-in-toxicity-classification.md
//
// Quirks reproduced:
//   - no split: private/test.csv and public/train.csv are byte copies of
//     raw/test_private_expanded.csv and raw/train.csv; public/test.csv is the
//     pandas re-serialisation of [id, comment_text] (NA-like comments become
//     empty fields, minimal quoting with '\r' quoted as in CPython ≥ 3.11.9);
//     the 45-column assert runs after every file is written;
//   - the sample submission is id plus prediction 0.0;
//   - grading accepts `prediction` or `toxicity`; both together is an error;
//     there is no length check: the sorted-id comparison broadcasts (one row
//     against many is invalid unless every id equals it, different lengths
//     otherwise raise, a plain error);
//   - the submission is binarised at 0.5 (NaN → 0; text → TypeError) before
//     every AUC, as are the answers' toxicity and identity columns;
//   - an AUC of 0 is not an error: 0**-5 = inf makes that generalized mean 0.

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "jigsaw-unintended-bias-in-toxicity-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// identities are the identity columns in the metric's order.
var identities = []string{"male", "female", "homosexual_gay_or_lesbian", "christian", "jewish",
	"muslim", "black", "white", "psychiatric_or_mental_illness"}

// columns is the Kaggle file's 45-column layout.
var columns = []string{"id", "comment_text", "created_date", "publication_id", "parent_id", "article_id",
	"rating", "funny", "wow", "sad", "likes", "disagree", "toxicity", "severe_toxicity", "obscene",
	"sexual_explicit", "identity_attack", "insult", "threat", "male", "female", "transgender",
	"other_gender", "heterosexual", "homosexual_gay_or_lesbian", "bisexual", "other_sexual_orientation",
	"christian", "jewish", "muslim", "hindu", "buddhist", "atheist", "other_religion", "black", "white",
	"asian", "latino", "other_race_or_ethnicity", "physical_disability",
	"intellectual_or_learning_disability", "psychiatric_or_mental_illness", "other_disability",
	"identity_annotator_count", "toxicity_annotator_count"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "test_private_expanded.csv")
	test, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw test_private_expanded.csv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := imagecopy.CopyFile(src, filepath.Join(d.Private, "test.csv")); err != nil {
		return fmt.Errorf("copying test_private_expanded.csv: %w", err)
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train.csv"), filepath.Join(d.Public, "train.csv")); err != nil {
		return fmt.Errorf("copying train.csv: %w", err)
	}
	pub, err := test.Select("id", "comment_text")
	if err != nil {
		return fmt.Errorf("raw test_private_expanded.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "test.csv"), pub, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing public test.csv: %w", err)
	}
	ids, _ := test.Col("id")
	sample := table.MustNew(ids, table.Floats("prediction", make([]float64, test.Len())))
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	if n := len(test.Columns()); n != 45 {
		return fmt.Errorf("raw test_private_expanded.csv has %d columns, expected 45", n)
	}
	return nil
}

// binarise is `value >= 0.5` as 0/1 over a numeric or bool column (NaN →
// 0); text raises TypeError in pandas.
func binarise(c *table.Column) ([]float64, error) {
	if pandas.HasText(c) {
		return nil, fmt.Errorf("'>=' not supported between instances of 'str' and 'float' (column %s)", c.Name)
	}
	out := make([]float64, c.Len())
	for i := range out {
		v, ok := c.Float(i)
		if ok && v >= 0.5 {
			out[i] = 1
		}
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `id` column")
	}
	pred, hasPred := sub.Col("prediction")
	subTox, hasTox := sub.Col("toxicity")
	if !hasPred && !hasTox {
		return competition.Score{}, competition.Invalid("Submission must have a `prediction` or `toxicity` column")
	}
	ansID, ok1 := ans.Col("id")
	ansTox, ok2 := ans.Col("toxicity")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and toxicity")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	m, n := len(subIdx), len(ansIdx)
	switch {
	case m == n:
		for k := range subIdx {
			if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
	case m == 0 || n == 0:
		// Only a length-1 side broadcasts against length 0 (an empty, passing
		// comparison); the AUCs then see inconsistent lengths.
		return competition.Score{}, fmt.Errorf("operands of shapes (%d,) and (%d,): no comparable rows", m, n)
	case m == 1 || n == 1:
		// The single id broadcasts against every id of the other side.
		for k := 0; k < max(m, n); k++ {
			i, j := subIdx[min(k, m-1)], ansIdx[min(k, n-1)]
			if !pandas.CellsEqual(subID, i, ansID, j) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
		return competition.Score{}, fmt.Errorf("found input variables with inconsistent numbers of samples: [%d, %d]", n, m)
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	for _, g := range identities {
		if !ans.Has(g) {
			return competition.Score{}, fmt.Errorf("answers must have the identity column %s", g)
		}
	}
	if hasPred && hasTox {
		return competition.Score{}, fmt.Errorf("The truth value of a DataFrame is ambiguous (two toxicity columns)")
	}
	if hasPred {
		subTox = pred
	}
	yPred, err := binarise(subTox.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := binarise(ansTox.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	overall, err := metric.ROCAUC(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("overall AUC: %w", err)
	}
	var sums [3]float64 // subgroup, BPSN, BNSP: Σ AUC^-5 in identity order
	for _, g := range identities {
		gc, _ := ans.Col(g)
		grp, err := binarise(gc.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		selects := [3]func(i int) bool{
			func(i int) bool { return grp[i] == 1 },
			func(i int) bool { return (yTrue[i] == 0 && grp[i] == 1) || (yTrue[i] == 1 && grp[i] != 1) },
			func(i int) bool { return (yTrue[i] == 1 && grp[i] == 1) || (yTrue[i] == 0 && grp[i] != 1) },
		}
		for b, sel := range selects {
			var t, p []float64
			for i := range yTrue {
				if sel(i) {
					t, p = append(t, yTrue[i]), append(p, yPred[i])
				}
			}
			auc, err := metric.ROCAUC(t, p)
			if err != nil {
				return competition.Score{}, fmt.Errorf("%s AUC for %s: %w", [3]string{"subgroup", "BPSN", "BNSP"}[b], g, err)
			}
			sums[b] += math.Pow(auc, -5)
		}
	}
	score := 0.25 * overall
	for _, s := range sums {
		score += 0.25 * math.Pow(s/float64(len(identities)), 1.0/-5)
	}
	return competition.Numpy(score), nil
}

// FakeRaw writes raw/test_private_expanded.csv (the 45 Kaggle columns,
// default 160 rows) and a small raw/train.csv. Comments hold commas, quotes
// and newlines (one is the NA token "NA"); identity columns are empty for
// about a third of the rows, and the first 36 rows put every identity in
// each of the four {identity, toxic} cells so every AUC subset has both
// classes.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "jigsaw-unintended-bias-in-toxicity-classification")
	n := max(synth.Rows(opt.Rows, 160), 36)
	words := []string{"this", "is", "a", "great", "stupid", "article", "people", "really", "think",
		"why", "not", "you", "idiot", "well", "said", "thanks", "government", "the", "they"}
	comment := func() string {
		k := 3 + r.IntN(12)
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		s := strings.Join(w, " ")
		switch r.IntN(8) {
		case 0:
			s += ", " + synth.Pick(r, words) + "."
		case 1:
			s = `"` + s + `" he said`
		case 2:
			s += "\n\n" + synth.Pick(r, words) + "!"
		case 3:
			s = " " + s // leading space: Python's csv does not quote it
		}
		return s
	}
	frac := func() string {
		switch k := r.IntN(6); k {
		case 0:
			return "0.0"
		case 1:
			return "1.0"
		default:
			return strconv.FormatFloat(float64(r.IntN(100))/100, 'f', -1, 64)
		}
	}
	col := map[string]int{}
	for i, c := range columns {
		col[c] = i
	}
	c := synth.CSV{Header: columns}
	id := 7000000
	for i := 0; i < n; i++ {
		id += 1 + r.IntN(50)
		row := make([]string, len(columns))
		row[col["id"]] = strconv.Itoa(id)
		row[col["comment_text"]] = comment()
		if i == 40 {
			row[col["comment_text"]] = "NA"
		}
		row[col["created_date"]] = fmt.Sprintf("2017-%02d-%02d 1%d:21:53.%06d+00", 1+r.IntN(12), 1+r.IntN(28), r.IntN(10), r.IntN(1000000))
		row[col["publication_id"]] = strconv.Itoa(2 + r.IntN(100))
		if r.IntN(3) > 0 {
			row[col["parent_id"]] = strconv.Itoa(5000000+r.IntN(100000)) + ".0"
		}
		row[col["article_id"]] = strconv.Itoa(300000 + r.IntN(100000))
		row[col["rating"]] = synth.Pick(r, []string{"approved", "rejected"})
		for _, k := range []string{"funny", "wow", "sad", "likes", "disagree", "identity_annotator_count"} {
			row[col[k]] = strconv.Itoa(r.IntN(5))
		}
		row[col["toxicity_annotator_count"]] = strconv.Itoa(4 + r.IntN(10))
		for _, k := range columns[12:19] {
			row[col[k]] = frac()
		}
		if r.IntN(3) > 0 {
			for _, k := range columns[19:42] {
				row[col[k]] = frac()
			}
			row[col["other_disability"]] = frac()
		}
		if i < 36 { // identity i/4, cell i%4
			g, cell := identities[i/4], i%4
			if row[col[g]] == "" {
				for _, k := range identities {
					row[col[k]] = "0.0"
				}
			}
			row[col[g]] = [2]string{"0.8", "0.1"}[cell/2]
			row[col["toxicity"]] = [2]string{"0.7", "0.2"}[cell%2]
		}
		c.Add(row...)
	}
	if err := c.Write(filepath.Join(dir, "test_private_expanded.csv")); err != nil {
		return err
	}
	train := synth.CSV{Header: []string{"id", "target", "comment_text"}}
	for i := 0; i < 20; i++ {
		train.Add(strconv.Itoa(59848+i), frac(), comment())
	}
	return train.Write(filepath.Join(dir, "train.csv"))
}
