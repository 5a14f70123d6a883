// Package google_research_identify_contrails_reduce_global_warming is the
// competition google-research-identify-contrails-reduce-global-warming
// (Google Research - Identify Contrails to Reduce Global Warming), specified
// in ../shared/spec/competitions/google-research-identify-contrails-reduce-global-warming.md.
//
// Prepare splits the records of raw/train_metadata.json with
// train_test_split(test_size=len(validation metadata), random_state=0),
// encodes each test record's human_pixel_masks.npy as a column-major RLE
// ("-" when empty) with H and W from its band_08.npy, copies the band and
// mask files, the validation tree and metadata, and rewrites the train
// metadata with Python's json.dumps. Grade is the global Dice over every
// pixel of every record (package rle decodes).
//
// Quirks reproduced:
//   - the test size is the validation metadata's length, an integer;
//   - the sample submission keeps all four answer columns and draws its
//     masks with Python random.seed(0) / random.choice(["1 3 10 5", "-"]);
//   - prepare creates raw/validation when it is missing;
//   - only a whole-cell "-" is an empty mask; a missing cell (NaN) fails the
//     decode (null score); every submission RLE failure is a plain error,
//     never an invalid submission;
//   - records of different sizes fail every grading (NumPy cannot stack
//     them); both sides without foreground give NaN.
//
// Deliberate differences: record ids that are not plain path components
// ("..", a slash) are refused before anything is copied.
package google_research_identify_contrails_reduce_global_warming

import "github.com/mlebench/mlebench/internal/competition"

// Competition is google-research-identify-contrails-reduce-global-warming's
// implementation.
var Competition = &competition.Impl{
	ID:        "google-research-identify-contrails-reduce-global-warming",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
