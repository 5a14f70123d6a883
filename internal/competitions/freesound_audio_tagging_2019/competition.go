// Package freesound_audio_tagging_2019 is the freesound-audio-tagging-2019
// competition (spec: ../shared/spec/competitions/freesound-audio-tagging-2019.md):
// the Kaggle files are published unchanged and the answers are the
// post-competition labels of the original test set's Private clips, taken
// from the Zenodo record 3612637 (FSDKaggle2019.meta.zip) at prepare time.
// Grading is lwlrap: scikit-learn's label_ranking_average_precision_score
// weighted by each clip's number of labels.
//
// Quirks reproduced:
//   - prepare downloads the meta zip unconditionally to
//     raw/FSDKaggle2019.meta.zip (overwriting any file there), unpacks it
//     into raw/ and deletes the zip and raw/FSDKaggle2019.meta/ at the end;
//     other top-level members of the zip stay in raw/;
//   - every raw entry whose name contains "FSDKaggle2019.meta" is left out
//     of public/, everything else is copied unchanged (directories
//     recursively), and public/ must have been empty;
//   - only usage == "Private" (exact) rows are kept, labels are split on ","
//     without trimming and tokens that are not class names are ignored;
//   - the answers are written before the sample-submission asserts run;
//   - grading drops clips without labels before scoring, counts ties
//     against the submission (scipy "max" ranks) and accepts any finite
//     scores (not only [0, 1]); a submission whose class columns are all
//     booleans fails as numpy's boolean negative does.
//
// Offline preparation (the original has none: it always fetches the URL):
// when raw/FSDKaggle2019.meta.local.zip exists it stands in for the Zenodo
// download — it is copied to the download destination instead of fetching
// [MetaURL], and everything else happens as after a download. FakeRaw
// writes that file; it stays in raw/ and, as its name contains the
// substring, never reaches public/.
package freesound_audio_tagging_2019

import "github.com/mlebench/mlebench/internal/competition"

// Competition is freesound-audio-tagging-2019.
var Competition = &competition.Impl{
	ID:        "freesound-audio-tagging-2019",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
	// Prepare unpacks nested archives into raw.
	WritesRaw: true,
}

// classes is the original's vocabulary.py: the 80 labels in the order of the
// answers' and submissions' columns (code-point sorted).
var classes = []string{
	"Accelerating_and_revving_and_vroom", "Accordion", "Acoustic_guitar", "Applause", "Bark",
	"Bass_drum", "Bass_guitar", "Bathtub_(filling_or_washing)", "Bicycle_bell", "Burping_and_eructation",
	"Bus", "Buzz", "Car_passing_by", "Cheering", "Chewing_and_mastication",
	"Child_speech_and_kid_speaking", "Chink_and_clink", "Chirp_and_tweet", "Church_bell", "Clapping",
	"Computer_keyboard", "Crackle", "Cricket", "Crowd", "Cupboard_open_or_close",
	"Cutlery_and_silverware", "Dishes_and_pots_and_pans", "Drawer_open_or_close", "Drip", "Electric_guitar",
	"Fart", "Female_singing", "Female_speech_and_woman_speaking", "Fill_(with_liquid)", "Finger_snapping",
	"Frying_(food)", "Gasp", "Glockenspiel", "Gong", "Gurgling",
	"Harmonica", "Hi-hat", "Hiss", "Keys_jangling", "Knock",
	"Male_singing", "Male_speech_and_man_speaking", "Marimba_and_xylophone", "Mechanical_fan", "Meow",
	"Microwave_oven", "Motorcycle", "Printer", "Purr", "Race_car_and_auto_racing",
	"Raindrop", "Run", "Scissors", "Screaming", "Shatter",
	"Sigh", "Sink_(filling_or_washing)", "Skateboard", "Slam", "Sneeze",
	"Squeak", "Stream", "Strum", "Tap", "Tick-tock",
	"Toilet_flush", "Traffic_noise_and_roadway_noise", "Trickle_and_dribble", "Walk_and_footsteps", "Water_tap_and_faucet",
	"Waves_and_surf", "Whispering", "Writing", "Yell", "Zipper_(clothing)",
}
