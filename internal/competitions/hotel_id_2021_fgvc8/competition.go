package hotel_id_2021_fgvc8

// hotel-id-2021-fgvc8: ../shared/spec/competitions/hotel-id-2021-fgvc8.md
//
// Quirks reproduced:
//   - every row whose image is ce27d36c9147cc19.jpg is dropped before
//     train_test_split(test_size=0.1, random_state=0); both sides keep the
//     permutation order and all four columns;
//   - images are byte copies raw/train_images/<str(chain)>/<image> →
//     public/train_images/<str(chain)>/<image> (train) or the flat
//     public/test_images/<image> (test); str() of a float chain gives
//     "123.0", as pandas would;
//   - the sample submission repeats "36363 53586 18807 64314 60181";
//   - grading: missing image / hotel_id, Image set, row count → invalid (in
//     that order; extra columns are allowed); both sorted by image;
//     predictions are str(hotel_id).split(" ") (empty tokens occupy
//     positions; a float column gives "123.0"/"nan"); MAP@5, a numpy float64.
//
// Deliberate difference: image names or chain folders that are not plain file
// names are refused.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "hotel-id-2021-fgvc8",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	duplicate = "ce27d36c9147cc19.jpg"
	sampleIDs = "36363 53586 18807 64314 60181"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	imgCol, ok1 := old.Col("image")
	_, ok2 := old.Col("chain")
	if !ok1 || !ok2 || !old.Has("hotel_id") {
		return fmt.Errorf("raw train.csv: need columns image, chain and hotel_id, got %v", old.Names())
	}
	var keep []int
	for i := 0; i < old.Len(); i++ {
		if imgCol.IsNull(i) || imgCol.Str(i) != duplicate {
			keep = append(keep, i)
		}
	}
	df := old.Take(keep)
	trIdx, teIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := df.Take(trIdx), df.Take(teIdx)
	testImg, _ := test.Col("image")
	consts := make([]string, test.Len())
	for i := range consts {
		consts[i] = sampleIDs
	}
	sample := table.MustNew(testImg, table.Strings("hotel_id", consts))
	if train.Len()+test.Len() != df.Len() {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", train.Len(), test.Len(), df.Len())
	}
	if err := table.WriteFile(filepath.Join(d.Public, "train.csv"), train, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing train.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}

	names := map[string]bool{}
	for _, part := range []struct {
		t    *table.Table
		flat bool
	}{{train, false}, {test, true}} {
		img, _ := part.t.Col("image")
		chain, _ := part.t.Col("chain")
		for i := 0; i < part.t.Len(); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			name, ch := img.Str(i), chain.Str(i)
			if !imagecopy.SafeName(name) || !imagecopy.SafeName(ch) {
				return fmt.Errorf("image %q / chain %q is not a plain file name", name, ch)
			}
			dst := filepath.Join(d.Public, "train_images", ch, name)
			if part.flat {
				dst = filepath.Join(d.Public, "test_images", name)
				if names[name] {
					return fmt.Errorf("assertion failed: image %s is in both train and test", name)
				}
			} else {
				names[name] = true
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train_images", ch, name), dst); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
	}
	if test.Len() == 0 {
		if err := os.MkdirAll(filepath.Join(d.Public, "test_images"), 0o755); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"image", "hotel_id"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers are missing the column %s", c)
		}
	}
	subImg, _ := sub.Col("image")
	ansImg, _ := ans.Col("image")
	if !pandas.SameSet(subImg, ansImg) {
		return competition.Score{}, competition.Invalid("Submission images do not match the answers' images")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subImg, ansImg); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subImg), pandas.SortIndex(ansImg)
	subID, _ := sub.Col("hotel_id")
	ansID, _ := ans.Col("hotel_id")
	actual := make([][]string, len(ansIdx))
	predicted := make([][]string, len(subIdx))
	for k := range ansIdx {
		actual[k] = strings.Split(ansID.Str(ansIdx[k]), " ")
		predicted[k] = strings.Split(subID.Str(subIdx[k]), " ")
	}
	v, err := metric.MeanAveragePrecisionAtK(actual, predicted, 5)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}

// FakeRaw writes raw/train.csv (image = 16 hex digits + ".jpg", chain
// from 0..5, hotel_id from a small pool that includes the sample's ids,
// timestamp "YYYY-MM-DD hh:mm:ss"; default 60 rows) plus the duplicated
// ce27d36c9147cc19.jpg listed twice, and a 4×4 JPEG per listed row under
// raw/train_images/<chain>/.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "hotel-id-2021-fgvc8")
	n := max(synth.Rows(opt.Rows, 60), 4)
	names, err := synth.HexIDs(r, n, 16)
	if err != nil {
		return err
	}
	hotels := []string{"36363", "53586", "18807", "64314", "60181", "1021", "77", "45000", "8", "30303"}
	csv := synth.CSV{Header: []string{"image", "chain", "hotel_id", "timestamp"}}
	write := func(name, chain string) error {
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		return synth.WriteFile(filepath.Join(dir, "train_images", chain, name), img)
	}
	for i, name := range names {
		chain := fmt.Sprint(r.IntN(6))
		stamp := fmt.Sprintf("20%02d-%02d-%02d %02d:%02d:%02d", 15+r.IntN(5), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		csv.Add(name+".jpg", chain, synth.Pick(r, hotels), stamp)
		if err := write(name+".jpg", chain); err != nil {
			return err
		}
		if i == n/3 || i == 2*n/3 {
			csv.Add(duplicate, chain, "77", stamp)
			if err := write(duplicate, chain); err != nil {
				return err
			}
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
