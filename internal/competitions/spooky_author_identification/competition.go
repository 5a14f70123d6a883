// Package spooky_author_identification is the spooky-author-identification competition (the original's
// mlebench/competitions/spooky-author-identification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/spooky-author-identification.md
//
// Quirks reproduced:
//   - raw/train.zip is read in place (its root member train.csv), which is
//     what the original reads right after extracting it into raw/;
//   - train_test_split(test_size=0.1, random_state=0): rows in
//     RandomState(0).permutation order;
//   - text is re-serialised by pandas: minimal quoting instead of the raw
//     file's quote-everything, pandas' NA strings in a text cell become empty;
//   - answers are a one-hot table of integer 0/1 columns EAP, HPL, MWS; an
//     author outside those three adds a fourth (float) column, as in pandas;
//   - the sample submission holds three fixed priors printed as Python repr;
//   - grading checks are partly positional: the shape must be (n, 4), the
//     columns after the FIRST must sum to 1 (numpy isclose, rtol 1e-5,
//     atol 1e-6, NaN skipped) and lie in [0, 1]; a text column among them
//     is pandas' TypeError (null score, not an invalid submission);
//   - then the shared one-hot helper (missing columns / id → invalid, id
//     mismatch after sorting → assertion error) and scikit-learn 1.5
//     log_loss: clip at float64 eps, no renormalisation, Python float.
package spooky_author_identification

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "spooky-author-identification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// classes are the answer columns, in order.
var classes = []string{"EAP", "HPL", "MWS"}

// priors are the sample submission's constants, one per class.
var priors = []float64{0.403493538995863, 0.287808366106543, 0.308698094897594}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.zip")
	df, err := zipfile.ReadCSV(src, "train.csv")
	if err != nil {
		return err
	}
	for _, c := range []string{"id", "text", "author"} {
		if !df.Has(c) {
			return fmt.Errorf("%s: train.csv has no %q column", src, c)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting train.csv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := df.Take(trainIdx), df.Take(testIdx)

	ids, _ := newTest.Col("id")
	authors, _ := newTest.Col("author")
	labels := make([]string, authors.Len())
	for i := range labels {
		if authors.IsNull(i) {
			// pandas would add a NaN-named column to the answers, which
			// makes every grading fail; refuse such a download instead.
			return fmt.Errorf("%s: test row %d has no author", src, i)
		}
		labels[i] = authors.Str(i)
	}
	answers, err := submission.OneHot(ids, "id", labels, classes)
	if err != nil {
		return fmt.Errorf("building answers: %w", err)
	}
	sampleCols := []*table.Column{ids}
	for k, c := range classes {
		v := make([]float64, newTest.Len())
		for i := range v {
			v[i] = priors[k]
		}
		sampleCols = append(sampleCols, table.Floats(c, v))
	}
	sample, err := table.New(sampleCols...)
	if err != nil {
		return err
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("author")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
	)
}

// tolerance is numpy.isclose(x, 1, rtol=1e-5, atol=1e-6)'s bound:
// atol + rtol*|1|, in float64 as numpy computes it.
var tolerance = 1e-6 + 1e-5*math.Abs(1.0)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	cols := sub.Columns()
	if sub.Len() != ans.Len() || len(cols) != 4 {
		return competition.Score{}, competition.Invalid("Submission shape (%d, %d) does not match expected shape (%d, 4).", sub.Len(), len(cols), ans.Len())
	}
	probs := cols[1:]
	for _, c := range probs {
		if !c.Numeric() && c.Kind != table.BoolObject {
			// pandas ≥ 2: a row-wise sum over a text column raises TypeError.
			return competition.Score{}, fmt.Errorf("unsupported operand type(s) for +: row sum over text column %q", c.Name)
		}
	}
	for i := 0; i < sub.Len(); i++ {
		s := 0.0
		for _, c := range probs {
			v, _ := c.Float(i)
			if !math.IsNaN(v) {
				s += v
			}
		}
		if !(math.Abs(s-1) <= tolerance) {
			return competition.Score{}, competition.Invalid("Submission probabilities do not sum to 1 for each row (row %d sums to %s).", i, fmt.Sprint(s))
		}
	}
	for _, c := range probs {
		for i := 0; i < c.Len(); i++ {
			v, _ := c.Float(i)
			if !(v >= 0 && v <= 1) {
				return competition.Score{}, competition.Invalid("Submission probabilities must be between 0 and 1 (column %q, row %d).", c.Name, i)
			}
		}
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}

// words is the fake sentences' vocabulary: plain words, words with
// non-ASCII letters, and punctuation that forces quoting (commas, quotes).
var words = []string{
	"the", "night", "was", "dark", "and", "I", "beheld", "a", "dreadful", "shape", "upon", "moor",
	"cyclopean", "eldritch", "madness", "of", "ancient", "gods", "whose", "name", "none", "dare", "speak",
	"my", "heart", "sank", "within", "me", "as", "father", "spoke", "to", "Elizabeth",
	"however,", "indeed,", "\"Alas!\"", "said", "he,", "naïve", "café", "Müller", "—", "déjà", "vu",
	"it's", "'twas", "o'er", "e'en",
}

// FakeRaw writes raw/train.zip (root member train.csv, every field
// quoted as in the Kaggle file, including the header) with a default of 200
// rows, plus small test.zip and sample_submission.zip in their Kaggle
// layout, which prepare never opens. Texts contain commas, double quotes and
// non-ASCII letters; a few are pandas NA strings ("NA", "null", "None") to exercise
// re-serialisation of missing text.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "spooky-author-identification")
	n := synth.Rows(opt.Rows, 200)
	if n < 2 {
		n = 2
	}
	gen := func() string { return "id" + synth.Digits(r, 5) }
	ids, err := synth.Unique(n+n/4+1, gen)
	if err != nil {
		return err
	}
	sentence := func() string {
		k := 3 + r.IntN(14)
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		first, size := utf8.DecodeRuneInString(w[0])
		w[0] = string(unicode.ToUpper(first)) + w[0][size:]
		return strings.Join(w, " ") + "."
	}
	train := synth.CSV{Header: []string{"id", "text", "author"}, QuoteAll: true}
	for i := 0; i < n; i++ {
		text := sentence()
		switch r.IntN(60) {
		case 0:
			text = "NA"
		case 1:
			text = "null"
		case 2:
			text = "None" // NA since pandas 2.0
		}
		train.Add(ids[i], text, synth.Pick(r, classes))
	}
	test := synth.CSV{Header: []string{"id", "text"}, QuoteAll: true}
	sample := synth.CSV{Header: []string{"id", "EAP", "HPL", "MWS"}}
	for _, id := range ids[n:] {
		test.Add(id, sentence())
		sample.Add(id, "0.403493538995863", "0.287808366106543", "0.308698094897594")
	}
	for _, z := range []struct {
		name, member string
		csv          *synth.CSV
	}{
		{"train.zip", "train.csv", &train},
		{"test.zip", "test.csv", &test},
		{"sample_submission.zip", "sample_submission.csv", &sample},
	} {
		if err := synth.WriteZip(filepath.Join(dir, z.name), []synth.ZipEntry{{Name: z.member, Data: z.csv.Bytes()}}); err != nil {
			return err
		}
	}
	return nil
}
