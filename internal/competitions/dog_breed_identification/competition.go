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
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "dog-breed-identification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
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

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "labels.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw labels.csv: %w", err)
	}
	_, ok1 := old.Col("id")
	breedCol, ok2 := old.Col("breed")
	if !ok1 || !ok2 {
		return fmt.Errorf("raw labels.csv: need columns id and breed, got %v", old.Names())
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testIDs, _ := test.Col("id")
	testBreeds := breedCol.Take(testIdx)
	labels := make([]string, test.Len())
	for i := range labels {
		labels[i] = testBreeds.Str(i)
	}
	oneHot, err := submission.OneHot(testIDs, "id", labels, Breeds)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Public, "labels.csv"), train, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing labels.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), oneHot, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}

	for _, part := range []struct {
		t   *table.Table
		dir string
	}{{train, "train"}, {test, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		ids, _ := part.t.Col("id")
		for i := 0; i < ids.Len(); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			id := ids.Str(i)
			if !imagecopy.SafeName(id) {
				return fmt.Errorf("image id %q is not a plain file name", id)
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train", id+".jpg"), filepath.Join(dst, id+".jpg")); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		n, err := imagecopy.CountJPG(dst)
		if err != nil {
			return err
		}
		if n != part.t.Len() {
			return fmt.Errorf("assertion failed: %d images in public/%s, expected %d", n, part.dir, part.t.Len())
		}
	}

	// Sample submission: the one-hot table with every breed at 1/120.
	cols := oneHot.Columns()
	sampleCols := []*table.Column{cols[0]}
	for _, c := range cols[1:] {
		v := make([]float64, c.Len())
		for i := range v {
			v[i] = 1.0 / 120
		}
		sampleCols = append(sampleCols, table.Floats(c.Name, v))
	}
	sample, err := table.New(sampleCols...)
	if err != nil {
		return err
	}
	if sample.Len() != test.Len() || len(sample.Columns()) != 121 {
		return fmt.Errorf("assertion failed: sample submission shape (%d, %d), expected (%d, 121)", sample.Len(), len(sample.Columns()), test.Len())
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	var missing []string
	for _, b := range Breeds {
		if !sub.Has(b) {
			missing = append(missing, b)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	probs, err := submission.RowSumCheck(sub, Breeds, 1e-6)
	if err != nil {
		return competition.Score{}, err
	}
	for k, col := range probs {
		for i, p := range col {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission values must be between 0 and 1 (row %d, column %s: %v)", i, Breeds[k], p)
			}
		}
	}
	restricted, err := sub.Select(ans.Names()...)
	if err != nil {
		return competition.Score{}, fmt.Errorf("selecting the answers' columns: %w", err)
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(restricted, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}

// FakeRaw writes raw/labels.csv (id as 32 hex digits, breed drawn
// from DOGS_LIST; default 150 rows) and a 4×4 JPEG raw/train/<id>.jpg per
// row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "dog-breed-identification")
	n := synth.Rows(opt.Rows, 150)
	ids, err := synth.HexIDs(r, n, 32)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "breed"}}
	for _, id := range ids {
		csv.Add(id, synth.Pick(r, Breeds))
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".jpg"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "labels.csv"))
}
