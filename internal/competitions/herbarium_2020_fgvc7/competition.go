// Package herbarium_2020_fgvc7 is the herbarium-2020-fgvc7 competition (the original's
// mlebench/competitions/herbarium-2020-fgvc7/): its prepare, grade and fake raw data.
//
// herbarium-2020-fgvc7:
// ../shared/spec/competitions/herbarium-2020-fgvc7.md
//
// Quirks reproduced:
//   - metadata.json is decoded as latin-1 (each byte one code point) and
//     rewritten with json.dump(indent=4, sort_keys=True, ensure_ascii), so
//     UTF-8 text becomes \u00XX mojibake;
//   - per-category split in first-appearance order: 1 image → train only,
//     2–4 → the last one to test, ≥ 5 → train_test_split(test_size=0.2,
//     random_state=0) (perm order);
//   - the flattened test list is shuffled with Python's random.Random(0)
//     (not NumPy), test ids become the strings "0", "1", … and test images
//     are renamed images/<idx//1000:03d>/<idx>.jpg;
//   - train images are copied only into the images/<cid//100:03d>/
//     <cid%100:02d> folders prepare creates (another raw folder fails);
//   - the public test metadata holds exactly images, info, licenses;
//   - grading is macro F1 over int() of both Predicted columns (floats
//     truncate, NaN and non-integer text raise).
package herbarium_2020_fgvc7

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "herbarium-2020-fgvc7",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
