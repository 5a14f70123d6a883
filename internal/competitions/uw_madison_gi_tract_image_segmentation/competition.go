// Package uw_madison_gi_tract_image_segmentation is the competition
// uw-madison-gi-tract-image-segmentation, specified in
// ../shared/spec/competitions/uw-madison-gi-tract-image-segmentation.md.
//
// Prepare splits the cases of raw/train.csv with train_test_split(
// test_size=0.1, random_state=42), moves every day after the 4th of a train
// case with more than 4 days to the test side, copies the case folders (and
// moves those days) into public/train and public/test, and reads each test
// slice's width and height from its scan's file name. Grade is
// 0.4·Dice + 0.6·(1 − Hausdorff), both NaN-skipping means: Dice per
// (slice, class) row, the normalised 3-D Hausdorff distance per case-day on
// the union of the organs.
//
// Quirks reproduced:
//   - image_width and image_height are float columns ("266.0"), created
//     per row in that order;
//   - grading has one invalid-submission check (the three columns); rows are
//     paired by position with no sorting or length check: row i is decoded
//     with the answers' row-i size, extra submission rows are ignored and a
//     short submission drops the trailing answer rows from Dice; a predicted
//     column pandas read as numbers fails the decoder's str assert; every
//     RLE failure is a null score;
//   - the 3-D volumes are built per side from that side's own ids (sorted
//     as strings, masks of one id OR-ed), so a reordered submission stacks
//     slices of different sizes (null) or wrong slices;
//   - Hausdorff: two empty volumes are NaN (skipped), equal volumes 0, one
//     empty 1, a prediction more than 10 times the truth 1, else the exact
//     symmetric Hausdorff distance of the voxel coordinates divided by the
//     truth's shape, over √3; all-NaN terms make the score NaN.
//
// Deliberate differences: case, day and slice names that are not plain file
// names are refused.
package uw_madison_gi_tract_image_segmentation

import "github.com/mlebench/mlebench/internal/competition"

// Competition is uw-madison-gi-tract-image-segmentation's implementation.
var Competition = &competition.Impl{
	ID:        "uw-madison-gi-tract-image-segmentation",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
