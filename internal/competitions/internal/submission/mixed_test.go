package submission

import (
	"errors"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// TestMixedColumns: the utils.py helpers on Mixed submission columns.
func TestMixedColumns(t *testing.T) {
	ans := comptest.Table(t, "id,y\nb,1\na,0\nc,0\nd,1\n")
	withCols := func(cols ...*table.Column) *table.Table { return table.MustNew(cols...) }
	ids := table.Strings("id", []string{"a", "b", "c", "d"})
	t.Run("AUROC: numbers of several types are a numeric column", func(t *testing.T) {
		yTrue, yScore, err := PrepareForAUROC(withCols(ids, comptest.MixedColumn("y", 0, true, 0.25, 1.0)), ans, "id", "y")
		if err != nil {
			t.Fatal(err)
		}
		if auc, err := metric.ROCAUC(yTrue, yScore); err != nil || auc != 1 {
			t.Fatalf("auc %v (%v), want 1", auc, err)
		}
	})
	t.Run("AUROC: out of range", func(t *testing.T) {
		_, _, err := PrepareForAUROC(withCols(ids, comptest.MixedColumn("y", 0, 2, 0.25, 1.0)), ans, "id", "y")
		if !errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
	t.Run("AUROC: a text block is not numeric", func(t *testing.T) {
		_, _, err := PrepareForAUROC(withCols(ids, comptest.MixedColumn("y", 0, "high", 0.25, 1.0)), ans, "id", "y")
		if !errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
	t.Run("AUROC: ids mixing text and numbers make the sort raise", func(t *testing.T) {
		_, _, err := PrepareForAUROC(withCols(comptest.MixedColumn("id", "a", 1, "c", "d"), table.Floats("y", []float64{0, 1, 0, 1})), ans, "id", "y")
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("accuracy: ids mixing text and numbers make the sort raise", func(t *testing.T) {
		_, _, err := PrepareForAccuracy(withCols(comptest.MixedColumn("id", "a", 1, "c", "d"), table.Ints("y", []int64{0, 1, 0, 1})), ans, "y", "id")
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("row sums: an object column of numbers sums, text raises", func(t *testing.T) {
		sub := withCols(comptest.MixedColumn("p", 0.5, true, 0), table.Floats("q", []float64{0.5, 0, 1}))
		cols, err := RowSumCheck(sub, []string{"p", "q"}, 1e-6)
		if err != nil || !slices.Equal(cols[0], []float64{0.5, 1, 0}) {
			t.Fatalf("%v (%v)", cols, err)
		}
		sub = withCols(comptest.MixedColumn("p", 0.5, "x", 0), table.Floats("q", []float64{0.5, 0, 1}))
		if _, err := RowSumCheck(sub, []string{"p", "q"}, 1e-6); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a plain error (TypeError)", err)
		}
	})
	t.Run("DataFrame.equals compares objects with ==", func(t *testing.T) {
		a := withCols(comptest.MixedColumn("c", 1, "x", nil))
		if !pandas.FrameEquals(a, withCols(comptest.MixedColumn("c", 1.0, "x", nil))) {
			t.Error("1 == 1.0 at the same positions: want equal")
		}
		if pandas.FrameEquals(a, withCols(comptest.MixedColumn("c", "1", "x", nil))) {
			t.Error("1 vs '1': want different")
		}
	})
}
