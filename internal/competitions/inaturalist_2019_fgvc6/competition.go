// Package inaturalist_2019_fgvc6 is the inaturalist-2019-fgvc6 competition
// (spec: ../shared/spec/competitions/inaturalist-2019-fgvc6.md).
//
// Prepare splits raw/train2019.json per category (first-appearance order)
// into public/train2019.json and a shuffled public/test2019.json, copies
// raw/val2019.json, writes the answers (id, predicted) and a sample
// submission, and packs the train and test images into the uncompressed
// tars public/train_val2019.tar.gz and public/test2019.tar.gz. Grade is
// the top-1 error 1 − accuracy.
//
// Quirks reproduced:
//   - per-category split: 1 image → train only, 2–4 → the last one to
//     test, ≥ 5 → train_test_split(test_size=0.12, random_state=0), n_test
//     = ceil(0.12·n) in float64 (25 images → 4 to test);
//   - the flattened test list is shuffled with Python's random.Random(0);
//     test images become test2019/<basename> (two test images with one
//     basename overwrite each other and fail the count assert);
//   - the sample submission's prediction is random.Random(42).randint(0,
//     1009) on a fresh generator for every row (so one value, 654);
//   - the ".tar.gz" outputs are plain (uncompressed) tars of the files only
//     (no directory entries), member names relative to the packed folder;
//   - the train metadata keeps every raw key; the public test metadata must
//     end up with exactly images, info and licenses;
//   - grading takes int() of the first whitespace-separated token of a text
//     prediction ("12 34 56" → 12), an int column as is, and fails (a null
//     score) on float columns, empty text and non-integer tokens.
//
// Differences from the original, which cannot matter to a grader or agent:
// the raw images are read from raw/train_val2019/ when it exists, otherwise
// straight from raw/train_val2019.tar.gz without extracting it into raw/;
// tar members are written in sorted order (the original's order is the
// file system's directory order) with a fixed modification time, mode 0644
// and no owner names (the original's are the copy time and the preparing
// user).
package inaturalist_2019_fgvc6

import "github.com/mlebench/mlebench/internal/competition"

// Competition is inaturalist-2019-fgvc6.
var Competition = &competition.Impl{
	ID:        "inaturalist-2019-fgvc6",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
