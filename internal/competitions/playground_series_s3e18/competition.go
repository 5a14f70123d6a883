package playground_series_s3e18

// playground-series-s3e18: ../shared/spec/competitions/playground-series-s3e18.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0): n_test = ceil(0.1·n)
//     in float64 (1,484 for n = 14,838), rows in permutation order;
//   - the CSVs are pandas re-serialisations (floats as repr of the parsed
//     double, "1.50" becomes "1.5"; int columns stay ints);
//   - the raw file must have exactly 38 columns (hard-coded 38/32 asserts);
//   - the sample submission is id, EC1, EC2 (raw relative order) at 0.5;
//   - grading: a missing id in the submission OR the answers is invalid
//     (checked first); then EC1/EC2, row count, sorted-id match; the score
//     is macro ROC AUC over EC1 and EC2 with no range check on the scores.

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

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
	ID:      "playground-series-s3e18",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var targets = []string{"EC1", "EC2", "EC3", "EC4", "EC5", "EC6"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range append([]string{"id"}, targets...) {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: no %s column", c)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	halves := make([]float64, test.Len())
	for i := range halves {
		halves[i] = 0.5
	}
	var sampleCols []*table.Column
	for _, name := range old.Names() {
		switch name {
		case "id":
			c, _ := test.Col("id")
			sampleCols = append(sampleCols, c)
		case "EC1", "EC2":
			sampleCols = append(sampleCols, table.Floats(name, halves))
		}
	}
	sample := table.MustNew(sampleCols...)
	publicTest := test.Drop(targets...)
	if n := len(publicTest.Names()); n != 32 {
		return fmt.Errorf("raw train.csv: public test would have %d columns, the original asserts 32", n)
	}
	if n := len(train.Names()); n != 38 {
		return fmt.Errorf("raw train.csv: %d columns, the original asserts 38", n)
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
	)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	subID, ok1 := sub.Col("id")
	ansID, ok2 := ans.Col("id")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission and answers must have an `id` column.")
	}
	if !sub.Has("EC1", "EC2") {
		return competition.Score{}, competition.Invalid("Submission must have columns `EC1` and `EC2`.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match.")
	}
	if !ans.Has("EC1", "EC2") {
		return competition.Score{}, fmt.Errorf("answers must have columns EC1 and EC2")
	}
	var yTrue, yScore [][]float64
	for _, name := range []string{"EC1", "EC2"} {
		a, _ := ans.Col(name)
		s, _ := sub.Col(name)
		tv, err := pandas.Floats(a.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", name, err)
		}
		sv, err := pandas.Floats(s.Take(subIdx))
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, tv), append(yScore, sv)
	}
	auc, err := metric.ROCAUCMacro(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

var features = []string{"BertzCT", "Chi1", "Chi1n", "Chi1v", "Chi2n", "Chi2v", "Chi3v", "Chi4n", "EState_VSA1", "EState_VSA2", "ExactMolWt", "FpDensityMorgan1", "FpDensityMorgan2", "FpDensityMorgan3", "HallKierAlpha", "HeavyAtomMolWt", "Kappa3", "MaxAbsEStateIndex", "MinEStateIndex", "NumHeteroatoms", "PEOE_VSA10", "PEOE_VSA14", "PEOE_VSA6", "PEOE_VSA7", "PEOE_VSA8", "SMR_VSA10", "SMR_VSA5", "SlogP_VSA3", "VSA_EState9", "fr_COO", "fr_COO2"}

// FakeRaw writes raw/train.csv with the real 38-column header (default
// 200 rows, ids 0..n-1): float descriptors in several text forms (6
// decimals, trailing zeros, exponents, negatives), integer descriptors
// (NumHeteroatoms, fr_COO, fr_COO2), EC1..EC6 as 0/1 ints (EC1 and EC2
// balanced so both classes reach the test split).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "playground-series-s3e18")
	n := synth.Rows(opt.Rows, 200)
	header := append(append([]string{"id"}, features...), targets...)
	ec1 := synth.Balanced(r, n, []string{"0", "1"})
	ec2 := synth.Balanced(r, n, []string{"1", "0", "1"})
	c := synth.CSV{Header: header}
	for i := range n {
		row := []string{strconv.Itoa(i)}
		for _, f := range features {
			switch f {
			case "NumHeteroatoms", "fr_COO", "fr_COO2":
				row = append(row, strconv.Itoa(r.IntN(12)))
				continue
			}
			v := (r.Float64() - 0.2) * 400
			switch r.IntN(8) {
			case 0:
				row = append(row, strconv.FormatFloat(v, 'f', 2, 64)+"0") // trailing zero
			case 1:
				row = append(row, strconv.FormatFloat(v/1e7, 'e', 3, 64))
			case 2:
				row = append(row, strconv.Itoa(int(v))+".0")
			default:
				row = append(row, strconv.FormatFloat(v, 'f', 6, 64))
			}
		}
		row = append(row, ec1[i], ec2[i])
		for range 4 {
			row = append(row, strconv.Itoa(r.IntN(2)))
		}
		c.Add(row...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
