// Package statoil_iceberg_classifier_challenge is the statoil-iceberg-classifier-challenge competition (the original's
// mlebench/competitions/statoil-iceberg-classifier-challenge/): its prepare, grade and fake raw data.
//
// statoil-iceberg-classifier-challenge — spec: ../shared/spec/competitions/statoil-iceberg-classifier-challenge.md
//
// Quirks reproduced:
//   - raw train.json.7z / test.json.7z extracted into raw/ and read from
//     raw/data/processed/; every object must have the first object's key
//     set; only the first test object's key order is used, and label-free
//     test objects take those keys (in that order) from the split's train
//     objects (a key missing there is the original's KeyError);
//   - train_test_split(test_size=0.2, random_state=0) in permutation order;
//   - JSON re-written as Python's json.dump (", "/": ", repr floats, ints
//     kept as ints, ensure_ascii, the "na" string kept; duplicate keys: the
//     last value at the first position), then 7z-compressed (one entry per
//     archive; Go's LZMA2 writer, so archive bytes differ from py7zr's but
//     the member names and contents match); private/tmp_data is removed;
//   - the sample submission lives in private/ and is also 7z-compressed
//     into public/;
//   - grading: id and is_iceberg present, set(ids) equal (no length check:
//     duplicated ids reach log_loss, which raises → plain error), every
//     probability in [0, 1] (NaN fails → invalid; text → TypeError, plain
//     error), then scikit-learn 1.5 binary log_loss after sorting by id; a
//     single-class answers file makes log_loss raise (plain error).
package statoil_iceberg_classifier_challenge

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "statoil-iceberg-classifier-challenge",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
	// Prepare unpacks nested archives into raw.
	WritesRaw: true,
}
