// Package the_icml_2013_whale_challenge_right_whale_redux is the the-icml-2013-whale-challenge-right-whale-redux competition (the original's
// mlebench/competitions/the-icml-2013-whale-challenge-right-whale-redux/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/the-icml-2013-whale-challenge-right-whale-redux.md
//
// Quirks reproduced:
//   - raw/train2.zip is read in place with shutil.unpack_archive's member
//     rules (names starting with "/" or containing ".." are skipped, later
//     duplicates win); every entry directly inside train2/ is a sample, with
//     no extension filter;
//   - the split is by recording date (file-name text before the first "_"):
//     exactly 4 dates (asserted), the first two (sorted) are train, the last
//     two test; each side is sorted by file name;
//   - train clips keep their names with every "TRAIN<digits>" replaced by
//     "TRAIN<idx>"; test clips become "<text before the first TRAIN>Test<idx>.aif"
//     and their label is 1 iff the old file stem ends in "_1";
//   - the original's count asserts on *.aif files: a non-.aif entry fails
//     prepare; a sub-folder fails too (the original cannot copy it);
//   - the public clips end up only in public/train2.zip and public/test2.zip
//     (shutil.make_archive: a "train2/" directory entry, then the files,
//     deflated; here in name order with a fixed timestamp);
//   - grading is prepare_for_auroc_metric (clip, probability) and
//     scikit-learn's binary roc_auc_score, a numpy float64.
package the_icml_2013_whale_challenge_right_whale_redux

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "the-icml-2013-whale-challenge-right-whale-redux",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
