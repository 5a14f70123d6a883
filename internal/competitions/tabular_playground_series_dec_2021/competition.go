// Package tabular_playground_series_dec_2021 is the tabular-playground-series-dec-2021 competition (the original's
// mlebench/competitions/tabular-playground-series-dec-2021/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/tabular-playground-series-dec-2021.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) over all 4,000,000
//     rows: n_test = ceil(0.1·n), rows in RandomState(0).permutation order;
//   - every cell is re-printed as pandas prints what it parsed (ints as
//     canonical digits, so a raw "007" becomes "7"; chunked dtype inference
//     of the C reader's low_memory mode, see table.OpenMapped);
//   - the original's asserts: train and test Ids disjoint (so duplicate raw
//     Ids that land on both sides fail prepare);
//   - the sample submission is every test Id with Cover_Type 2 (int);
//   - grading is prepare_for_accuracy_metric (Cover_Type, Id) and
//     scikit-learn 1.5 accuracy_score with its target-type checks
//     (non-integral floats or NaN → error, text labels → simply wrong),
//     a Python float.
//
// The 4M-row raw file goes through table's mapped big-file mode (table.OpenMapped);
// files it declines (quoted fields, booleans, …) go through package table.
package tabular_playground_series_dec_2021

import (
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "tabular-playground-series-dec-2021",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	// Grade reads only the answers' Id and Cover_Type (private/test.csv
	// holds every test column).
	LoadAnswers: submission.KeepAnswerColumns(idColumn, target),
	FakeRaw:     FakeRaw,
}

const (
	idColumn = "Id"
	target   = "Cover_Type"
)

// split is the original's train_test_split(test_size=0.1, random_state=0).
func split(n int) (train, test []int, err error) {
	train, test, err = pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return nil, nil, fmt.Errorf("splitting train.csv: %w", err)
	}
	return train, test, nil
}
