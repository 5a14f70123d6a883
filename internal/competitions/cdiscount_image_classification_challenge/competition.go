// Package cdiscount_image_classification_challenge is the
// cdiscount-image-classification-challenge competition
// (../../../../shared/spec/competitions/cdiscount-image-classification-challenge.md):
// product documents with JPEG images in BSON files, split 90/10 by
// document, graded by accuracy of the category.
//
// Quirks reproduced:
//   - train_test_split over the documents (test_size=0.1, random_state=0);
//     answers sorted by _id; sample submission category 1000010653;
//   - the BSON outputs follow raw file order (not split order), each
//     document as pymongo re-encodes it: top-level _id first, arrays re-keyed
//     (byte-identical for canonical Kaggle documents); test.bson documents
//     lose their category_id; train_example.bson holds the first 100 train
//     documents; _id is not renumbered;
//   - grading is prepare_for_accuracy_metric + accuracy_score: row count,
//     category_id and _id columns, sorted-id equality (duplicates fail),
//     scikit-learn's target checks (NaN or int/str mixes raise: null score).
//
// Memory: raw/train.bson (~58 GB, ~7.07 M documents) is streamed twice, one
// document at a time in a reused buffer (bsonstream.Reader): pass 1 keeps
// only (_id, category_id) per document (16 bytes, plus the split's 8-byte
// permutation), pass 2 writes train.bson, test.bson and train_example.bson
// together (upstream scans three times; the bytes are the same). Peak memory
// is therefore O(documents × 32 bytes) + the largest document, independent
// of the image bytes: see BenchmarkPrepare. The upstream's re-read
// validations of the written BSON files are not repeated, since the files
// are valid by construction.
package cdiscount_image_classification_challenge

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the registered implementation.
var Competition = &competition.Impl{
	ID:        "cdiscount-image-classification-challenge",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
