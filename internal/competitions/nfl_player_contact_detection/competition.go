// Package nfl_player_contact_detection is the nfl-player-contact-detection
// competition (the original's
// mlebench/competitions/nfl-player-contact-detection/): its prepare, grade
// and fake raw data.
//
// nfl-player-contact-detection — spec: ../shared/spec/competitions/nfl-player-contact-detection.md
//
// Prepare splits the labels' game plays (train_test_split(test_size=0.1,
// random_state=0) over game_play.unique()), writes the label, helmet,
// tracking and video-metadata rows of each side in file order and copies
// the three videos of every game play. The CSVs (hundreds of megabytes on
// Kaggle) are streamed in two passes over pandas' low_memory parsing
// blocks (stream.go), so memory stays bounded by one block.
//
// Quirks reproduced:
//   - every CSV is re-printed as plain pandas.read_csv + to_csv do: dtypes
//     inferred per low_memory block and combined as pandas concatenates
//     them (an integer column with one empty cell prints "12.0"), floats
//     converted with the default "high" converter (precise_xstrtod), not
//     the round-trip one, and written in Python repr;
//   - the split is over the label file's game plays only: helmet, tracking
//     and metadata rows of other game plays go to neither side;
//   - videos are copied for the three views All29, Endzone and Sideline
//     whatever the metadata lists; a missing one fails prepare, and each
//     folder must end with exactly three videos per game play;
//   - grading compares id sets before lengths, sorts both frames by
//     contact_id (text, code-point order) and returns sklearn's
//     matthews_corrcoef: a numpy float64, or the Python float 0.0 when the
//     labels or the predictions hold a single class.
//
// Deviation: a game_play that would not make a plain file name (one with
// a path separator) fails prepare instead of copying outside the folders.
package nfl_player_contact_detection

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "nfl-player-contact-detection",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	// Grade reads only the answers' contact_id and contact (private/test.csv
	// also holds game_play, datetime, step and both player ids).
	LoadAnswers: submission.KeepAnswerColumns(contactID, contact),
	FakeRaw:     FakeRaw,
}

const (
	contactID = "contact_id"
	contact   = "contact"
	gamePlay  = "game_play"
)
