// Package dog_breed_identification is the dog-breed-identification competition (the original's
// mlebench/competitions/dog-breed-identification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/dog-breed-identification.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), rows in permutation
//     order; the answers are df_to_one_hot of the test rows (int64 0/1
//     columns in DOGS_LIST order; an unknown breed appends a float column and
//     the hard-coded 121-column assert then fails);
//   - images are byte copies raw/train/<id>.jpg → public/train or
//     public/test, with the original's file-count asserts;
//   - the sample submission holds 1/120 (written 0.008333333333333333);
//   - grading: missing breed column, missing id, row count → invalid; pandas
//     row sums skip NaN and must be numpy.isclose to 1 (|s−1| ≤ 1e-6+1e-5),
//     summed in DOGS_LIST order — sequentially, or with numpy's pairwise sum
//     when some cell is NaN (pandas then sums a C-ordered copy); every cell
//     in [0, 1] (NaN fails); an id mismatch after sorting is an
//     AssertionError (null score, not invalid); log_loss of scikit-learn 1.5
//     (clip to [eps, 1−eps], no renormalisation), a Python float.
//
// Deliberate difference: ids that are not plain file names are refused.
package dog_breed_identification

import (
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "dog-breed-identification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

// Breeds is the original's DOGS_LIST: the 120 classes in column order.
var Breeds = strings.Fields(`
	affenpinscher afghan_hound african_hunting_dog airedale american_staffordshire_terrier
	appenzeller australian_terrier basenji basset beagle bedlington_terrier
	bernese_mountain_dog black-and-tan_coonhound blenheim_spaniel bloodhound bluetick
	border_collie border_terrier borzoi boston_bull bouvier_des_flandres boxer
	brabancon_griffon briard brittany_spaniel bull_mastiff cairn cardigan
	chesapeake_bay_retriever chihuahua chow clumber cocker_spaniel collie
	curly-coated_retriever dandie_dinmont dhole dingo doberman english_foxhound
	english_setter english_springer entlebucher eskimo_dog flat-coated_retriever
	french_bulldog german_shepherd german_short-haired_pointer giant_schnauzer
	golden_retriever gordon_setter great_dane great_pyrenees greater_swiss_mountain_dog
	groenendael ibizan_hound irish_setter irish_terrier irish_water_spaniel irish_wolfhound
	italian_greyhound japanese_spaniel keeshond kelpie kerry_blue_terrier komondor kuvasz
	labrador_retriever lakeland_terrier leonberg lhasa malamute malinois maltese_dog
	mexican_hairless miniature_pinscher miniature_poodle miniature_schnauzer newfoundland
	norfolk_terrier norwegian_elkhound norwich_terrier old_english_sheepdog otterhound
	papillon pekinese pembroke pomeranian pug redbone rhodesian_ridgeback rottweiler
	saint_bernard saluki samoyed schipperke scotch_terrier scottish_deerhound
	sealyham_terrier shetland_sheepdog shih-tzu siberian_husky silky_terrier
	soft-coated_wheaten_terrier staffordshire_bullterrier standard_poodle standard_schnauzer
	sussex_spaniel tibetan_mastiff tibetan_terrier toy_poodle toy_terrier vizsla walker_hound
	weimaraner welsh_springer_spaniel west_highland_white_terrier whippet
	wire-haired_fox_terrier yorkshire_terrier
`)
