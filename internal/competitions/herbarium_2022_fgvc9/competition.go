// Package herbarium_2022_fgvc9 is the herbarium-2022-fgvc9 competition
// (spec: ../shared/spec/competitions/herbarium-2022-fgvc9.md).
//
// Prepare splits raw/train_metadata.json per category (first-appearance
// order) with train_test_split(test_size=0.2, random_state=0), renames the
// train images <cid:05d>__<k:03d>.jpg under <cid//100:03d>/<cid%100:02d>/
// (k restarting at 1 in every category) and the shuffled test images
// <idx//1000:03d>/test-<idx:06d>.jpg; Grade is macro F1 over int() of the
// Predicted columns.
//
// Quirks reproduced:
//   - every category goes through train_test_split with a fresh
//     RandomState(0), so a single-image category makes prepare fail;
//   - images are matched to annotations by their "image_id" key (not "id"
//     as in 2020/2021);
//   - public/test_metadata.json is a JSON list of the test image records
//     only (no object around it), written like every file with
//     json.dump(indent=4, sort_keys=True);
//   - the sample submission predicts 42 for every row.
package herbarium_2022_fgvc9

import "github.com/mlebench/mlebench/internal/competition"

// Competition is herbarium-2022-fgvc9.
var Competition = &competition.Impl{
	ID:        "herbarium-2022-fgvc9",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
