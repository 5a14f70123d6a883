// Package vesuvius_challenge_ink_detection is the competition
// vesuvius-challenge-ink-detection (Vesuvius Challenge - Ink Detection),
// specified in ../shared/spec/competitions/vesuvius-challenge-ink-detection.md.
//
// Prepare copies fragments 1 and 2 as the training data and makes fragment 3
// the single test item "a": its ink RLE (with the size of ir.png) becomes the
// answers, its other files are copied to public/test/a. Grade is the pixel
// F0.5 score of the RLE masks (package rle decodes; counts come from the
// runs, masks are never materialised).
//
// Quirks reproduced:
//   - fragment 3's files must have the suffix .png, .csv or .tif, checked
//     while copying, after the answers are written;
//   - the closing entry counts include directories and subtract the literal
//     3 for the skipped files;
//   - rows are paired by position; a wrong Id is a plain error (an assert),
//     a non-string Predicted and every RLE assertion are invalid
//     submissions, a non-integer token or 5+ tokens a plain error.
package vesuvius_challenge_ink_detection

import "github.com/mlebench/mlebench/internal/competition"

// Competition is vesuvius-challenge-ink-detection's implementation.
var Competition = &competition.Impl{
	ID:        "vesuvius-challenge-ink-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
