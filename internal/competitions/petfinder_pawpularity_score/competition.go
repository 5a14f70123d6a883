package petfinder_pawpularity_score

// petfinder-pawpularity-score: ../shared/spec/competitions/petfinder-pawpularity-score.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order, all columns re-serialised;
//   - the sample submission's Pawpularity is default_rng(0).uniform(1, 100,
//     n_test) rounded to 2 decimals with numpy's rint rule;
//   - raw/train/<Id>.jpg copied byte for byte to public/train/ or
//     public/test/; the original's asserts on the column layout
//     (Pawpularity last), disjoint ids and *.jpg counts per folder;
//   - grading: Id and Pawpularity columns, 1 ≤ v ≤ 100 (NaN fails; text is
//     a TypeError → null), sorted-id match with numpy broadcasting and no
//     length check (a one-row submission is invalid, other length
//     mismatches are errors), then RMSE as a numpy float64.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "petfinder-pawpularity-score",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var features = []string{"Subject Focus", "Eyes", "Face", "Near", "Action", "Accessory", "Group", "Collage", "Human", "Occlusion", "Info", "Blur"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	names := old.Names()
	if !old.Has("Id") || len(names) == 0 || names[len(names)-1] != "Pawpularity" {
		return fmt.Errorf("raw train.csv: need an Id column and Pawpularity as the last column")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)
	u, err := pyrand.NewGenerator(0).UniformN(1, 100, newTest.Len())
	if err != nil {
		return fmt.Errorf("sample values: %w", err)
	}
	for i := range u {
		u[i] = pyfloat.RoundNumpy(u[i], 2)
	}
	testIDs, _ := newTest.Col("Id")
	trainIDs, _ := newTrain.Col("Id")
	sample := table.MustNew(testIDs, table.Floats("Pawpularity", u))
	seen := make(map[string]bool, trainIDs.Len())
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: Id %s is in both train and test", testIDs.Str(i))
		}
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("Pawpularity")},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	for _, split := range []struct {
		dir string
		ids *table.Column
	}{{"train", trainIDs}, {"test", testIDs}} {
		dst := filepath.Join(d.Public, split.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for i := 0; i < split.ids.Len(); i++ {
			if i%256 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			name := split.ids.Str(i) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("unsafe image name %q", name)
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train", name), filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		got, err := imagecopy.CountTopFiles(dst, ".jpg")
		if err != nil {
			return err
		}
		if got != split.ids.Len() {
			return fmt.Errorf("assertion failed: public/%s has %d images for %d rows", split.dir, got, split.ids.Len())
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansY, ok2 := ans.Col("Pawpularity")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Pawpularity")
	}
	yAll, err := pandas.Floats(ansY)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Pawpularity: %w", err)
	}
	for _, v := range yAll {
		if !(v >= 1 && v <= 100) {
			return competition.Score{}, fmt.Errorf("answers Pawpularity must be between 1 and 100")
		}
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'Id' column")
	}
	subY, ok := sub.Col("Pawpularity")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'Pawpularity' column")
	}
	if pandas.HasText(subY) {
		return competition.Score{}, fmt.Errorf("'>=' not supported between instances of 'str' and 'int' (column Pawpularity)")
	}
	pred, err := pandas.Floats(subY)
	if err != nil {
		return competition.Score{}, err
	}
	for i, v := range pred {
		if !(v >= 1 && v <= 100) {
			return competition.Score{}, competition.Invalid("Submission Pawpularity values must be between 1 and 100 (row %d)", i)
		}
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	m, n := len(subIdx), len(ansIdx)
	differs := func(i, j int) bool { return !pandas.CellsEqual(subID, subIdx[i], ansID, ansIdx[j]) }
	mismatch := false
	switch {
	case m == n:
		for k := 0; k < m && !mismatch; k++ {
			mismatch = differs(k, k)
		}
	case m == 1:
		for k := 0; k < n && !mismatch; k++ {
			mismatch = differs(0, k)
		}
	case n == 1:
		for k := 0; k < m && !mismatch; k++ {
			mismatch = differs(k, 0)
		}
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	if mismatch {
		return competition.Score{}, competition.Invalid("Submission and answers Id values do not match")
	}
	yTrue, yPred := make([]float64, n), make([]float64, m)
	for k, i := range ansIdx {
		yTrue[k] = yAll[i]
	}
	for k, i := range subIdx {
		yPred[k] = pred[i]
	}
	rmse, err := metric.RMSE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(rmse), nil
}

// FakeRaw writes raw/train.csv (default 100 rows: 32-hex Ids with a
// letter other than e, the 12 binary features, Pawpularity 1-100 last) and
// an 8×8 JPEG raw/train/<Id>.jpg per row; raw test.csv, test/ images and
// sample_submission.csv in their Kaggle layout too (never read).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "petfinder-pawpularity-score")
	n := synth.Rows(opt.Rows, 100)
	ids, err := synth.Unique(n+3, func() string {
		for {
			s := synth.Hex(r, 32)
			if strings.ContainsAny(s, "abcdf") {
				return s
			}
		}
	})
	if err != nil {
		return err
	}
	header := append(append([]string{"Id"}, features...), "Pawpularity")
	train := synth.CSV{Header: header}
	test := synth.CSV{Header: header[:len(header)-1]}
	sample := synth.CSV{Header: []string{"Id", "Pawpularity"}}
	for i := 0; i < n+3; i++ {
		row := []string{ids[i]}
		for range features {
			row = append(row, strconv.Itoa(r.IntN(2)))
		}
		sub := "train"
		if i < n {
			p := 1 + r.IntN(100)
			if i == 0 {
				p = 100
			} else if i == 1 {
				p = 1
			}
			train.Add(append(row, strconv.Itoa(p))...)
		} else {
			sub = "test"
			test.Add(row...)
			sample.Add(ids[i], "50.0")
		}
		img, err := synth.JPEG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, sub, ids[i]+".jpg"), img); err != nil {
			return err
		}
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
