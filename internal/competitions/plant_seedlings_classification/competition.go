package plant_seedlings_classification

// plant-seedlings-classification:
// ../shared/spec/competitions/plant-seedlings-classification.md
//
// Quirks reproduced:
//   - the table is built from raw/train/<species>/*.png, both levels sorted
//     by code point, only directories as species and only names ending in
//     ".png";
//   - train_test_split(test_size=0.14, random_state=0) with n_test =
//     ceil(0.14·n) in float64 (666 for n = 4,750), perm order;
//   - answers.csv (file, species) and the "Sugar beet" sample submission;
//     no train CSV: train images keep their species folder, test images
//     are flattened into public/test/;
//   - grading is micro F1 of Python lists: a species column with some text
//     becomes a numpy str array (an empty cell is the text "nan", wrong),
//     an all-numeric or all-empty column raises (null score).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "plant-seedlings-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// sortedNames lists dir sorted by name (code point order).
func sortedNames(dir string) ([]os.DirEntry, error) {
	ents, err := os.ReadDir(dir) // sorted by file name (bytes = code points)
	if err != nil {
		return nil, err
	}
	return ents, nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	rawTrain := filepath.Join(d.Raw, "train")
	species, err := sortedNames(rawTrain)
	if err != nil {
		return fmt.Errorf("listing raw train/: %w", err)
	}
	var files, labels []string
	for _, sp := range species {
		info, err := os.Stat(filepath.Join(rawTrain, sp.Name())) // follows links, like os.path.isdir
		if err != nil || !info.IsDir() {
			continue
		}
		ents, err := sortedNames(filepath.Join(rawTrain, sp.Name()))
		if err != nil {
			return fmt.Errorf("listing raw train/%s: %w", sp.Name(), err)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".png") {
				files = append(files, e.Name())
				labels = append(labels, sp.Name())
			}
		}
	}
	all := table.MustNew(table.Strings("file", files), table.Strings("species", labels))
	trainIdx, testIdx, err := pyrand.TrainTestSplit(all.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.14), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := all.Take(trainIdx), all.Take(testIdx)
	testFiles, _ := test.Col("file")
	trainFiles, _ := train.Col("file")
	beet := make([]string, test.Len())
	for i := range beet {
		beet[i] = "Sugar beet"
	}
	sample := table.MustNew(testFiles, table.Strings("species", beet))
	if train.Len()+test.Len() != all.Len() || sample.Len() != test.Len() {
		return fmt.Errorf("split sizes do not add up")
	}
	if !pandas.Disjoint(trainFiles, testFiles) {
		return fmt.Errorf("train and test file names overlap (a file name occurs under two species)")
	}
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	trainSpecies, _ := train.Col("species")
	for _, sp := range slices.Compact(slices.Sorted(slices.Values(trainSpecies.Text))) {
		if err := os.MkdirAll(filepath.Join(d.Public, "train", sp), 0o755); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(d.Public, "test"), 0o755); err != nil {
		return err
	}
	for k, i := range trainIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := imagecopy.CopyFile(filepath.Join(rawTrain, labels[i], files[i]), filepath.Join(d.Public, "train", labels[i], files[i])); err != nil {
			return fmt.Errorf("copying train image: %w", err)
		}
	}
	for k, i := range testIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := imagecopy.CopyFile(filepath.Join(rawTrain, labels[i], files[i]), filepath.Join(d.Public, "test", files[i])); err != nil {
			return fmt.Errorf("copying test image: %w", err)
		}
	}
	nTrain := 0
	for _, sp := range slices.Compact(slices.Sorted(slices.Values(trainSpecies.Text))) {
		m, err := filepath.Glob(filepath.Join(d.Public, "train", sp, "*.png"))
		if err != nil {
			return err
		}
		nTrain += len(m)
	}
	nTest, err := filepath.Glob(filepath.Join(d.Public, "test", "*.png"))
	if err != nil {
		return err
	}
	if nTrain != train.Len() || len(nTest) != test.Len() {
		return fmt.Errorf("public images: %d train and %d test, want %d and %d", nTrain, len(nTest), train.Len(), test.Len())
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansFile, ok1 := ans.Col("file")
	ansSpecies, ok2 := ans.Col("species")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns file and species")
	}
	subFile, ok := sub.Col("file")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `file` column.")
	}
	subSpecies, ok := sub.Col("species")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `species` column.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subFile, ansFile); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subFile, ansFile)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers have different `file` values.")
	}
	f1, err := metric.F1(listLabels(ansSpecies.Take(ansIdx)), listLabels(subSpecies.Take(subIdx)), metric.AverageMicro, metric.IntValue(1))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// listLabels is np.asarray(column.tolist()) as scikit-learn sees
// it: an object column holding at least one str becomes a numpy str array
// (NaN → "nan", ints in decimal, floats by repr, bools True/False); any
// other column keeps its numeric dtype (NaN stays NaN).
func listLabels(c *table.Column) metric.Labels {
	hasStr := false
	if c.Kind == table.String {
		for i := range c.Len() {
			if v, ok := pandas.PyValueOf(c, i); ok && v.Kind() == table.String {
				hasStr = true
				break
			}
		}
	}
	if !hasStr {
		return pandas.Labels(c)
	}
	out := make([]string, c.Len())
	for i := range out {
		v, ok := pandas.PyValueOf(c, i)
		switch {
		case !ok:
			out[i] = "nan"
		case v.Kind() == table.String:
			out[i] = v.Text()
		case v.Kind() == table.Int64:
			out[i] = strconv.FormatInt(v.Int(), 10)
		case v.Kind() == table.Bool:
			out[i] = "False"
			if v.Int() != 0 {
				out[i] = "True"
			}
		default:
			out[i] = pyfloat.Repr(v.Float64())
		}
	}
	return metric.StrLabels(out)
}

var speciesList = []string{"Black-grass", "Charlock", "Cleavers", "Common Chickweed", "Common wheat", "Fat Hen", "Loose Silky-bent", "Maize", "Scentless Mayweed", "Shepherds Purse", "Small-flowered Cranesbill", "Sugar beet"}

// FakeRaw writes raw/train/<species>/<9 hex>.png for the 12 real
// species (default 60 images, tiny PNGs), plus entries prepare must ignore
// (a .PNG and a .txt file in a species folder, a stray file in raw/train),
// an unused raw/test/ and raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "plant-seedlings-classification")
	n := synth.Rows(opt.Rows, 60)
	ids, err := synth.Unique(n+4, func() string { return synth.Hex(r, 9) })
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, speciesList)
	for i := range n {
		img, err := synth.PNG(synth.RGB(r, 5, 5))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", labels[i], ids[i]+".png"), img); err != nil {
			return err
		}
	}
	for _, f := range []struct{ path, data string }{
		{filepath.Join(dir, "train", "Maize", "IGNORED.PNG"), "x"},
		{filepath.Join(dir, "train", "Charlock", "notes.txt"), "x"},
		{filepath.Join(dir, "train", "README.png"), "not a species folder"},
	} {
		if err := synth.WriteFile(f.path, []byte(f.data)); err != nil {
			return err
		}
	}
	sample := synth.CSV{Header: []string{"file", "species"}}
	for _, id := range ids[n:] {
		img, err := synth.PNG(synth.RGB(r, 5, 5))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test", id+".png"), img); err != nil {
			return err
		}
		sample.Add(id+".png", "Sugar beet")
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
