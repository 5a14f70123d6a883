// Package facebook_recruiting_iii_keyword_extraction is the facebook-recruiting-iii-keyword-extraction competition (the original's
// mlebench/competitions/facebook-recruiting-iii-keyword-extraction/): its prepare, grade and fake raw data.
//
// facebook-recruiting-iii-keyword-extraction:
// ../shared/spec/competitions/facebook-recruiting-iii-keyword-extraction.md
//
// Quirks reproduced:
//   - raw/Train.zip's top-level Train.csv is read with Id and Tags as str and
//     Title/Body inferred; pandas' default NA strings ("NA", "null", "", …)
//     become NaN and are written back as empty fields;
//   - train_test_split(test_size=0.1, random_state=0): rows in
//     RandomState(0).permutation order;
//   - the sample submission keeps Title and Body and adds the constant Tags
//     "javascript c# python php java";
//   - grading: Id and Tags columns, row count, sorted-id match (invalid
//     otherwise); micro F1 over the answers' tag vocabulary (tags unknown to
//     the answers are dropped, not counted as false positives); a Tags
//     column pandas reads as numbers or bools has no .str accessor (error,
//     null score); a vocabulary of fewer than two tags is not multilabel for
//     scikit-learn (error, null score).
//
// Prepare streams Train.csv out of the zip (the real file is several GB)
// through a formatted temporary file in raw/, falling back to package
// table's in-memory reader when it cannot prove pandas' dtypes.
package facebook_recruiting_iii_keyword_extraction

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "facebook-recruiting-iii-keyword-extraction",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	// Grade reads the submission's Id and Tags only.
	SubmissionColumns: []string{"Id", "Tags"},
	FakeRaw:           FakeRaw,
}
