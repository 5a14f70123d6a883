// Package iwildcam_2020_fgvc7 is the iwildcam-2020-fgvc7 competition (the original's
// mlebench/competitions/iwildcam-2020-fgvc7/): its prepare, grade and fake raw data.
//
// iwildcam-2020-fgvc7:
// ../shared/spec/competitions/iwildcam-2020-fgvc7.md
//
// Quirks reproduced:
//   - records go through pandas DataFrame(list_of_dicts) and back through
//     to_dict("records"): columns are the union of keys in first-seen
//     order, a missing key becomes NaN and turns an all-number column into
//     floats (3 → 3.0), int+float columns become floats;
//   - locations (first-appearance order) split with train_test_split(
//     test_size=0.22, random_state=0), then the two rebalancing loops with
//     the odd ratio T / (N + T) against 0.22;
//   - the sample submission draws numpy.random.randint(0, 676) after
//     numpy.random.seed(0);
//   - JSON written with Python's default json.dump (", ", ": ", ensure_ascii,
//     NaN), key order train {annotations, images, categories, info} and test
//     {images, categories (from the test information), info};
//   - grading is prepare_for_accuracy_metric + accuracy_score (Python float).
package iwildcam_2020_fgvc7

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "iwildcam-2020-fgvc7",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
