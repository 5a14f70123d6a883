// Package hms_harmful_brain_activity_classification is the
// hms-harmful-brain-activity-classification competition (the original's
// mlebench/competitions/hms-harmful-brain-activity-classification/): its
// prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/hms-harmful-brain-activity-classification.md
//
// Quirks reproduced:
//   - the split is a train_test_split(test_size=0.1, random_state=0) of the
//     UNIQUE spectrogram ids (order of first appearance); both parts keep
//     raw/train.csv's row order (boolean filter);
//   - the EEG and spectrogram Parquet files are copied byte for byte, never
//     opened; files are named by the ids' decimal digits;
//   - gold probabilities are the votes divided by their row sum (float64),
//     the sample submission is 1/6 everywhere;
//   - grading: the 6 target columns of every row must sum (NaN counted as 0)
//     to 1 after Python's round(x, 5); then both frames are sorted by eeg_id
//     and paired by position (rows sharing an eeg_id are paired in their
//     order of appearance: a stable sort, where upstream's numpy quicksort
//     order of equal ids is implementation-defined);
//   - the Kaggle KL-divergence metric keeps every submission column but
//     eeg_id: the whole frame must have a numeric common dtype (bool only
//     frames pass, bool mixed with numbers does not), values in [0, 1] and
//     row sums close to 1, otherwise a ParticipantVisibleError (an error, not
//     an invalid submission: both give a null score);
//   - predictions are clipped to [1e-15, 1-1e-15]; a NaN prediction's KL
//     term is NaN and is skipped by the row sum (so NaN predictions can even
//     give a negative score); the score is the numpy mean of the row sums.
package hms_harmful_brain_activity_classification

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "hms-harmful-brain-activity-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	idCol   = "eeg_id"
	specCol = "spectrogram_id"
	patCol  = "patient_id"
)

// targetCols are the vote / probability columns, in the original's order.
var targetCols = []string{"seizure_vote", "lpd_vote", "gpd_vote", "lrda_vote", "grda_vote", "other_vote"}

// trainColumns are raw/train.csv's 15 columns in Kaggle's order.
var trainColumns = []string{
	"eeg_id", "eeg_sub_id", "eeg_label_offset_seconds", "spectrogram_id", "spectrogram_sub_id",
	"spectrogram_label_offset_seconds", "label_id", "patient_id", "expert_consensus",
	"seizure_vote", "lpd_vote", "gpd_vote", "lrda_vote", "grda_vote", "other_vote",
}
