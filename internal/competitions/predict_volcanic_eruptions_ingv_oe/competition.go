// Package predict_volcanic_eruptions_ingv_oe is the
// predict-volcanic-eruptions-ingv-oe competition (the original's
// mlebench/competitions/predict-volcanic-eruptions-ingv-oe/): its prepare,
// grade and fake raw data.
// Spec: ../shared/spec/competitions/predict-volcanic-eruptions-ingv-oe.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv:
//     both parts in RandomState(0).permutation order;
//   - the per-segment sensor CSVs raw/train/<segment_id>.csv are copied byte
//     for byte (never parsed) to public/train/ and public/test/;
//   - grading compares the SETS of segment ids with Python equality (123.0
//     equals 123, a missing id is a NaN that matches nothing) and then
//     inner-joins without a length or uniqueness check, so a repeated id is
//     counted once per repetition in the MAE;
//   - the score is int(round(MAE)) (half to even), a Python int.
package predict_volcanic_eruptions_ingv_oe

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "predict-volcanic-eruptions-ingv-oe",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	idCol     = "segment_id"
	targetCol = "time_to_eruption"
)
