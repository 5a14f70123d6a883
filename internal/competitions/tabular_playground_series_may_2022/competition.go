package tabular_playground_series_may_2022

// tabular-playground-series-may-2022 — spec: ../shared/spec/competitions/tabular-playground-series-may-2022.md
//
// Quirks reproduced:
//   - the split is train_test_split(test_size=100_000, random_state=0) with an
//     integer test size: 100,001 rows at least, or prepare fails as
//     scikit-learn does;
//   - rows are written in permutation order; ids are renumbered 0..n_train-1
//     (train) and n_train..n-1 (test), the raw ids are discarded;
//   - every other cell is re-printed as pandas prints what it parsed: floats
//     in Python repr (non-canonical raw text such as "0.50" or "3" in a float
//     column changes), ints as digits, per-chunk dtype inference of the C
//     reader's low_memory mode (see shared_c2.go);
//   - grading is prepare_for_auroc_metric + roc_auc_score (a numpy float64),
//     where to_numeric is only a convertibility test.
//
// The 900,000-row raw file is prepared by a parallel fast path (shared_c2.go)
// that maps the file, infers dtypes chunk by chunk and formats blocks of
// output rows on all cores; files it cannot prove simple go through
// package table instead.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bigcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "tabular-playground-series-may-2022",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	testSize = 100_000
	id       = "id"
	target   = "target"
)

// split is the original's train_test_split(test_size=100_000,
// random_state=0): row numbers of the train and test parts, in order.
func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Count(testSize), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	f, err := bigcsv.Open(ctx, src)
	if errors.Is(err, bigcsv.ErrNotSimple) {
		return prepareTable(ctx, d, src)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Col(id) < 0 || f.Col(target) < 0 {
		return fmt.Errorf("%s: columns %q and %q are required", src, id, target)
	}
	train, test, err := split(f.Rows())
	if err != nil {
		return err
	}
	nTrain := len(train)
	newID := func(base int) func(dst []byte, i int) []byte {
		return func(dst []byte, i int) []byte { return strconv.AppendInt(dst, int64(base+i), 10) }
	}
	all := func(base int, drop string) []bigcsv.Out {
		var cols []bigcsv.Out
		for j, name := range f.Names {
			switch name {
			case drop:
			case id:
				cols = append(cols, bigcsv.Out{Name: name, Gen: newID(base)})
			default:
				cols = append(cols, bigcsv.Out{Name: name, Src: j})
			}
		}
		return cols
	}
	gold := []bigcsv.Out{{Name: id, Gen: newID(nTrain)}, f.SrcCol(target)}
	sample := []bigcsv.Out{{Name: id, Gen: newID(nTrain)}, {Name: target, Gen: func(dst []byte, _ int) []byte { return append(dst, "0.5"...) }}}
	if err := f.WriteCSV(ctx, filepath.Join(d.Public, "train.csv"), train, all(0, "")); err != nil {
		return err
	}
	return f.WriteCSVs(ctx, test, []bigcsv.File{
		{Path: filepath.Join(d.Private, "test.csv"), Cols: all(nTrain, "")},
		{Path: filepath.Join(d.Public, "test.csv"), Cols: all(nTrain, target)},
		{Path: filepath.Join(d.Private, "gold_submission.csv"), Cols: gold},
		{Path: filepath.Join(d.Public, "sample_submission.csv"), Cols: sample},
	})
}

// prepareTable is the general path through package table, for raw files
// the fast path declines (quoted fields, booleans, …).
func prepareTable(ctx context.Context, d competition.Dirs, src string) error {
	t, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return err
	}
	if !t.Has(id, target) {
		return fmt.Errorf("%s: columns %q and %q are required", src, id, target)
	}
	train, test, err := split(t.Len())
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ids := func(base, n int) *table.Column {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(base + i)
		}
		return table.Ints(id, v)
	}
	newTrain, err := t.Take(train).With(ids(0, len(train)))
	if err != nil {
		return err
	}
	newTest, err := t.Take(test).With(ids(len(train), len(test)))
	if err != nil {
		return err
	}
	gold, err := newTest.Select(id, target)
	if err != nil {
		return err
	}
	half := make([]float64, len(test))
	for i := range half {
		half[i] = 0.5
	}
	sample, err := gold.With(table.Floats(target, half))
	if err != nil {
		return err
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Private, "test.csv"), newTest},
		{filepath.Join(d.Public, "test.csv"), newTest.Drop(target)},
		{filepath.Join(d.Private, "gold_submission.csv"), gold},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, id, target)
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train.csv in the real 33-column layout (id, f_00–f_06
// floats, f_07–f_18 ints, f_19–f_26 floats, f_27 ten capital letters, f_28
// float, f_29–f_30 ints, target). Default 101,000 rows (the fixed test size
// needs 100,001). Rare cells use non-canonical float text ("0.50", "3",
// "1E-05", "-0.0") and zero-padded ints so the re-printing is exercised.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 101_000)
	r := synth.Rand(opt.Seed, "train")
	out, err := os.Create(filepath.Join(dir, "train.csv"))
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	var line []byte
	line = append(line, "id"...)
	for j := 0; j <= 30; j++ {
		line = fmt.Appendf(line, ",f_%02d", j)
	}
	line = append(line, ",target\n"...)
	w.Write(line)
	for i := 0; i < n; i++ {
		line = strconv.AppendInt(line[:0], int64(i), 10)
		for j := 0; j <= 30; j++ {
			line = append(line, ',')
			line = fakeCell(line, r, j)
		}
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(r.IntN(2)), 10)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			out.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var oddFloats = []string{"0.50", "3", "1E-05", "-0.0", "12.250", "007.5", "2e3", "", "NA"}

func fakeCell(dst []byte, r *rand.Rand, j int) []byte {
	switch {
	case j <= 6 || (j >= 19 && j <= 26):
		if r.IntN(20000) == 0 {
			return append(dst, synth.Pick(r, oddFloats)...)
		}
		return strconv.AppendFloat(dst, r.NormFloat64()*1.5, 'g', -1, 64) // never below 1e-4 in 'g' exponent form in practice
	case j == 27:
		for k := 0; k < 10; k++ {
			dst = append(dst, byte('A'+r.IntN(20)))
		}
		return dst
	case j == 28:
		return strconv.AppendFloat(dst, float64(int64(r.NormFloat64()*1.5e10))/1e8, 'f', -1, 64)
	case j == 29:
		return strconv.AppendInt(dst, int64(r.IntN(2)), 10)
	case j == 30:
		return strconv.AppendInt(dst, int64(r.IntN(3)), 10)
	default: // f_07 … f_18
		if r.IntN(50000) == 0 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(r.IntN(16)), 10)
	}
}
