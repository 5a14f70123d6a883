// Package tgs_salt_identification_challenge is the competition
// tgs-salt-identification-challenge, specified in
// ../shared/spec/competitions/tgs-salt-identification-challenge.md.
//
// Prepare splits competition_data/train.csv of raw/competition_data.zip with
// train_test_split(test_size=0.25, random_state=0), writes both sides
// sorted by id, copies the 101×101 PNG images (and the train masks), and
// publishes the depths of the train ids only. Grade is the mean over images
// of upstream's per-image precision at IoU thresholds 0.5..0.95.
//
// Quirks reproduced:
//   - empty masks are "" after fillna and written as empty fields; every
//     cell of train/test must be text (all-digit ids fail the assert);
//   - every PNG in competition_data/train/images must be an id of train.csv;
//   - the sample submission is "1 1" for every test id;
//   - grading: the column set must be exactly {id, rle_mask}; any non-text
//     cell after fillna("") is invalid; an RLE assertion (order, sign,
//     overlap) is an invalid submission, but a token int() rejects and the
//     5-token broadcasting error are plain errors (null score); decoding
//     stops at the first failing row in id order;
//   - the per-image score follows upstream's histogram binning: an empty
//     prediction against a non-empty truth counts as the whole image
//     (iou = |T| / 10201), not as nothing.
//
// Deliberate differences: the archive is read in place instead of being
// extracted into raw/ (the same members are used); ids that are not plain
// file names are refused.
package tgs_salt_identification_challenge

import "github.com/mlebench/mlebench/internal/competition"

// Competition is tgs-salt-identification-challenge's implementation.
var Competition = &competition.Impl{
	ID:        "tgs-salt-identification-challenge",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
