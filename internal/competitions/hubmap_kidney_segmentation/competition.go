// Package hubmap_kidney_segmentation is the competition
// hubmap-kidney-segmentation (HuBMAP - Hacking the Kidney), specified in
// ../shared/spec/competitions/hubmap-kidney-segmentation.md.
//
// Prepare splits the 15 rows of raw/train.csv with train_test_split(
// train_size=12, test_size=3, random_state=0), keeps the rows of the dataset
// information file whose image is one of them, adds the test images' width
// and height to the answers and copies each image's TIFF and two JSON files.
// Grade is the mean per-image Dice of the RLE masks (package rle).
//
// Quirks reproduced:
//   - only a 15-row raw train.csv prepares: fewer rows make the split raise,
//     more make the "train + test = all rows" assert fail;
//   - the dataset information file is parsed and rewritten by pandas (floats
//     in repr form, an integer column with a blank cell becomes float), and
//     the public copy keeps the test images' widths and heights;
//   - the helper id is image_file with the literal ".tiff" removed (pandas 2
//     str.replace); the answers get width_pixels and height_pixels by an inner
//     merge in test order;
//   - the public test folder holds the test images' glomerulus JSON files
//     (the upstream answer leak) and a copy of the sample submission;
//   - grading fills only the submission's empty cells with ""; an empty true
//     encoding, or a width/height column that is not integer, fails every
//     grading (null score), as upstream's assert on the decoder's arguments
//     does; every RLE failure (bad token, order, overlap, ...) is a null
//     score, never an invalid submission;
//   - Dice is 1.0 for an image where both masks are empty.
//
// Deliberate differences: ids that are not plain file names (a path, "..")
// are refused before anything is copied; masks are never materialised (the
// real images have up to 1.5e9 pixels), Dice is computed on the runs.
package hubmap_kidney_segmentation

import "github.com/mlebench/mlebench/internal/competition"

// Competition is hubmap-kidney-segmentation's implementation.
var Competition = &competition.Impl{
	ID:        "hubmap-kidney-segmentation",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
