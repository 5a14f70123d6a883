// Package tensorflow_speech_recognition_challenge is the
// tensorflow-speech-recognition-challenge competition (spec:
// ../shared/spec/competitions/tensorflow-speech-recognition-challenge.md):
// the clips of raw/train.7z are split 90/10 with scikit-learn's
// train_test_split (random_state=0); test clips are renamed
// clip_<8 digits>.wav and graded by accuracy on their folder label.
//
// Quirks reproduced:
//   - every "*.wav" (case-sensitive suffix) at any depth under
//     raw/train/audio/ is a clip, including the _background_noise_ files;
//     its label is the name of its immediate parent folder;
//   - clips are ordered by "<label>_<file name>" before the split;
//   - test labels are the raw folder names (30 words and
//     "_background_noise_"), not the competition's 12 classes, so the sample
//     submission's "silence" never matches;
//   - train clips keep their names under public/train/audio/<label>/.
package tensorflow_speech_recognition_challenge

import "github.com/mlebench/mlebench/internal/competition"

// Competition is tensorflow-speech-recognition-challenge.
var Competition = &competition.Impl{
	ID:        "tensorflow-speech-recognition-challenge",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
	// Prepare unpacks nested archives into raw.
	WritesRaw: true,
}
