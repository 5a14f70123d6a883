// Package detecting_insults_in_social_commentary is the detecting-insults-in-social-commentary competition (the original's
// mlebench/competitions/detecting-insults-in-social-commentary/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/detecting-insults-in-social-commentary.md
//
// Quirks reproduced:
//   - no split: raw train.csv and test_with_solutions.csv are copied byte
//     for byte (public/train.csv, private/test.csv);
//   - the gold submission, the public test and the all-zero sample are
//     pandas re-serialisations of the parsed private test (minimal quoting:
//     every Comment, which carries literal surrounding quotes, is quoted with
//     its quotes doubled; a blank Date stays empty);
//   - the original's checks after writing: column lists, train/test Comment
//     sets disjoint, public test == private test minus Insult and Usage
//     (DataFrame.equals on the re-read files), equal Comment sets;
//   - grading: the shared AUROC helper with the free-text Comment as id
//     (stable sort, see the spec's note on duplicate comments).
package detecting_insults_in_social_commentary

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "detecting-insults-in-social-commentary",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}
