// Package herbarium_2021_fgvc8 is the herbarium-2021-fgvc8 competition
// (spec: ../shared/spec/competitions/herbarium-2021-fgvc8.md).
//
// Prepare splits raw/train/metadata.json per category (first-appearance
// order) into public/train (same file names) and a shuffled, renamed
// public/test; Grade is macro F1 over int() of the Predicted columns.
//
// Quirks reproduced:
//   - per-category split: 1 image → train only, 2–4 → the last one to
//     test, ≥ 5 → train_test_split(test_size=0.2, random_state=0) in
//     permutation order;
//   - the flattened test list is shuffled with Python's random.Random(0),
//     test ids become the strings "0", "1", … and test images are renamed
//     images/<idx//1000:03d>/<idx>.jpg;
//   - train images are copied only into the images/<cid//100:03d>/
//     <cid%100:02d> folders prepare has created so far (another raw folder
//     fails, as shutil.copy into a missing folder does);
//   - the public test metadata is the raw object without categories and
//     institutions (both must exist) and without annotations, asserted to
//     hold exactly images, info and licenses;
//   - JSON written as json.dump(indent=4, sort_keys=True) (ensure_ascii);
//   - grading: Ids sorted and compared by value, int() of both Predicted
//     columns (floats truncate; NaN and non-integer text raise).
package herbarium_2021_fgvc8

import "github.com/mlebench/mlebench/internal/competition"

// Competition is herbarium-2021-fgvc8.
var Competition = &competition.Impl{
	ID:        "herbarium-2021-fgvc8",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
