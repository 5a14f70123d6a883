// Package osic_pulmonary_fibrosis_progression is the osic-pulmonary-fibrosis-progression competition (the original's
// mlebench/competitions/osic-pulmonary-fibrosis-progression/): its prepare, grade and fake raw data.
//
// osic-pulmonary-fibrosis-progression — spec: ../shared/spec/competitions/osic-pulmonary-fibrosis-progression.md
//
// Quirks reproduced:
//   - the split is over patients (groups in ascending code-point order of
//     Patient, rows in file order), train_test_split(test_size=0.1,
//     random_state=0); rows with a missing Patient belong to no group
//     (groupby drops them);
//   - public/test.csv: each test patient's earliest-week row (groupby-first:
//     first non-missing cell per column), sorted by Patient;
//   - private/test.csv: a grid of every week from the global min to max test
//     week for each test patient (first-appearance order), left-joined with
//     the test rows, so FVC/Age print as floats ("2315.0") when any grid
//     week is unmeasured; plus Patient_Week and Confidence = 100; the
//     equal-rows-per-patient assert runs before anything is written;
//   - the sample submission is Patient_Week, FVC = 2000, Confidence = 100;
//   - patient folders raw/train/<Patient> are copied as trees after the CSVs;
//     the column-count asserts (7/9/7/3) and the disjoint-folder assert run
//     last;
//   - grading: rows may be missing (only the 3 latest measured weeks per
//     patient are scored), unknown Patient_Week values are invalid, FVC and
//     Confidence must be numeric dtypes (bool counts), NaN Confidence → 0;
//     both sides are aligned by position after sorting by Patient_Week, so a
//     duplicated row is scored by numpy broadcasting (length 1 on the true
//     side) or fails with a broadcasting error; no scored row present gives
//     a NaN score (valid); score = mean of the modified Laplace
//     log-likelihood, a NumPy float64.
//
// Deliberate differences: a patient id that is not a plain folder name is
// refused. Ties between a patient's measured weeks at the top-3 cut-off
// (impossible in prepared answers) are broken stably.
package osic_pulmonary_fibrosis_progression

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "osic-pulmonary-fibrosis-progression",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
