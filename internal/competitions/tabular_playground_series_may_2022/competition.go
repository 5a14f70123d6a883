// Package tabular_playground_series_may_2022 is the tabular-playground-series-may-2022 competition (the original's
// mlebench/competitions/tabular-playground-series-may-2022/): its prepare, grade and fake raw data.
//
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
//     reader's low_memory mode (see table.OpenMapped);
//   - grading is prepare_for_auroc_metric + roc_auc_score (a numpy float64),
//     where to_numeric is only a convertibility test.
//
// The 900,000-row raw file is prepared by a parallel fast path (table.OpenMapped)
// that maps the file, infers dtypes chunk by chunk and formats blocks of
// output rows on all cores; files it cannot prove simple go through
// package table instead.
package tabular_playground_series_may_2022

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "tabular-playground-series-may-2022",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
	// Grade (submission.PrepareForAUROC) uses numeric columns' values only.
	TypedRead: true,
	// Grade reads only the answers' id and target (private/test.csv holds
	// every test column, the string f_27 included).
	LoadAnswers: submission.KeepAnswerColumns(id, target),
}

const (
	testSize = 100_000
	id       = "id"
	target   = "target"
)
