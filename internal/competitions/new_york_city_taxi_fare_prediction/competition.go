// Package new_york_city_taxi_fare_prediction is the new-york-city-taxi-fare-prediction competition (the original's
// mlebench/competitions/new-york-city-taxi-fare-prediction/): its prepare, grade and fake raw data.
//
// new-york-city-taxi-fare-prediction — spec: ../shared/spec/competitions/new-york-city-taxi-fare-prediction.md
//
// Quirks reproduced:
//   - train_test_split(test_size=9914, random_state=0) with an integer test
//     size (9,915 rows at least); rows in permutation order;
//   - the train part is written as public/labels.csv (not train.csv);
//   - cells are re-printed as pandas prints what it parsed (floats in Python
//     repr, so "4.50" becomes "4.5"; missing dropoff values as empty fields);
//   - raw/GCP-Coupons-Instructions.rtf is copied after the CSVs are written:
//     when it is missing, prepare fails with the four CSVs already written;
//   - the asserts run last: train/test keys disjoint (Python sets of the
//     parsed values), and the hard-coded column counts 8 / 7 / 2, so a raw
//     file without exactly 8 columns fails after writing everything;
//   - grading sorts each table by key on its own and compares fare_amount by
//     position: no key-equality or length check (a length mismatch is
//     scikit-learn's inconsistent-length error, a plain error), so an
//     equal-length submission with wrong keys is still scored; duplicate
//     keys are ordered as numpy's unstable quicksort orders them;
//   - score: root_mean_squared_error, a numpy float64.
//
// The real raw file has 55 million rows (5.5 GB). It is mapped, not read,
// and goes through the mapped big-file mode of package table; files the fast
// path declines go through package table.
package new_york_city_taxi_fare_prediction

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "new-york-city-taxi-fare-prediction",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	testSize  = 9914
	keyColumn = "key"
	target    = "fare_amount"
	coupons   = "GCP-Coupons-Instructions.rtf"
)
