package paddy_disease_classification

// paddy-disease-classification:
// ../shared/spec/competitions/paddy-disease-classification.md
//
// Quirks reproduced:
//   - train_test_split(train_size=0.75, random_state=0): n_train =
//     floor(0.75·n), the test rows are the first n − n_train permutation
//     entries;
//   - the sample submission is test image_id with an empty label field;
//   - train images keep their label folder, test images are flattened into
//     public/test_images/ (a duplicate image_id aborts the copy);
//   - the raw sample_submission.csv must have exactly the columns image_id
//     and label (column-set assert, the only use of that file);
//   - grading fills NaN labels with "" and passes a Python list: a column
//     with missing cells becomes numpy strings (1.0 → "1.0"), so numbers
//     only raise when they stay numeric (no NaN) and the target is binary,
//     or when they are non-integral floats ("continuous").

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
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
	ID:      "paddy-disease-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	rawSample, err := table.ReadFile(filepath.Join(d.Raw, "sample_submission.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw sample_submission.csv: %w", err)
	}
	ids, ok1 := old.Col("image_id")
	labels, ok2 := old.Col("label")
	if !ok1 || !ok2 {
		return fmt.Errorf("raw train.csv: need columns image_id and label")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TrainSize: pyrand.Fraction(0.75), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	testIDs, _ := test.Col("image_id")
	empty := make([]string, test.Len())
	sample := table.MustNew(testIDs, table.Strings("label", empty))
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
	); err != nil {
		return err
	}

	cellText := func(c *table.Column, i int) (string, error) {
		if c.IsNull(i) {
			return "", fmt.Errorf("raw train.csv row %d: missing %s (the image path would hold nan)", i, c.Name)
		}
		s := c.Str(i)
		if !imagecopy.SafeName(s) {
			return "", fmt.Errorf("raw train.csv row %d: %s %q is not a file name", i, c.Name, s)
		}
		return s, nil
	}
	copyImage := func(i int, dstDir string) error {
		id, err := cellText(ids, i)
		if err != nil {
			return err
		}
		label, err := cellText(labels, i)
		if err != nil {
			return err
		}
		src := filepath.Join(d.Raw, "train_images", label, id)
		if _, err := os.Stat(src); err != nil {
			return fmt.Errorf("raw image %s: %w", src, err)
		}
		dst := filepath.Join(dstDir, id)
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("copying %s: destination %s already exists (duplicate image_id)", src, dst)
		}
		if err := os.MkdirAll(dstDir, 0o755); err != nil {
			return err
		}
		return imagecopy.CopyFile(src, dst)
	}
	for k, i := range trainIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		label, err := cellText(labels, i)
		if err != nil {
			return err
		}
		if err := copyImage(i, filepath.Join(d.Public, "train_images", label)); err != nil {
			return err
		}
	}
	for k, i := range testIdx {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := copyImage(i, filepath.Join(d.Public, "test_images")); err != nil {
			return err
		}
	}

	// Asserts, in the original's order.
	if train.Len()+test.Len() != old.Len() {
		return fmt.Errorf("split sizes do not add up")
	}
	trainIDs, _ := train.Col("image_id")
	if !pandas.Disjoint(trainIDs, testIDs) {
		return fmt.Errorf("train and test image_id sets overlap")
	}
	if !sameNames(rawSample.Names(), []string{"image_id", "label"}) {
		return fmt.Errorf("raw sample_submission.csv columns %v, want exactly image_id and label", rawSample.Names())
	}
	for _, g := range []struct {
		pattern string
		want    int
	}{
		{filepath.Join(d.Public, "train_images", "*", "*.jpg"), train.Len()},
		{filepath.Join(d.Public, "test_images", "*.jpg"), test.Len()},
	} {
		m, err := filepath.Glob(g.pattern)
		if err != nil {
			return err
		}
		if len(m) != g.want {
			return fmt.Errorf("%s: %d images, want %d", g.pattern, len(m), g.want)
		}
	}
	return nil
}

// sameNames is set(a) == set(b).
func sameNames(a, b []string) bool {
	in := func(x []string, s string) bool {
		for _, v := range x {
			if v == s {
				return true
			}
		}
		return false
	}
	for _, s := range a {
		if !in(b, s) {
			return false
		}
	}
	for _, s := range b {
		if !in(a, s) {
			return false
		}
	}
	return true
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("image_id")
	ansLabel, ok2 := ans.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns image_id and label")
	}
	for _, c := range ans.Columns() {
		if c.HasNull() {
			return competition.Score{}, fmt.Errorf("answers have missing values in column %s", c.Name)
		}
	}
	subID, ok1 := sub.Col("image_id")
	subLabel, ok2 := sub.Col("label")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission must contain columns 'image_id' and 'label'.")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d.", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers have different image_id values.")
	}
	acc, err := metric.Accuracy(pandas.Labels(ansLabel.Take(ansIdx)), predLabels(subLabel.Take(subIdx)))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// predLabels is np.asarray(column.fillna("").tolist()): a column with a
// missing cell, or an object column holding some str, becomes a numpy str
// array (each number by str(): ints in decimal, floats by repr, bools
// True/False; NaN as ""); a NaN-free numeric column stays numeric.
func predLabels(c *table.Column) metric.Labels {
	n := c.Len()
	hasStr := false
	if c.Kind == table.String || c.Kind == table.BoolObject {
		for i := range n {
			if v, ok := pandas.PyValueOf(c, i); ok && v.Kind() == table.String {
				hasStr = true
				break
			}
		}
	}
	if !c.HasNull() && !hasStr {
		return pandas.Labels(c)
	}
	out := make([]string, n)
	for i := range out {
		v, ok := pandas.PyValueOf(c, i)
		switch {
		case !ok:
			out[i] = ""
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

var (
	labelList = []string{"bacterial_leaf_blight", "bacterial_leaf_streak", "bacterial_panicle_blight", "blast", "brown_spot", "dead_heart", "downy_mildew", "hispa", "normal", "tungro"}
	varieties = []string{"ADT45", "KarnatakaPonni", "Ponni", "AtchayaPonni", "Zonal", "AndraPonni", "Onthanel", "IR20", "RR", "Surya"}
)

// FakeRaw writes raw/train.csv (default 120 rows: unique NNNNNN.jpg
// ids, the 10 real labels balanced, varieties, int ages), the matching tiny
// JPEGs under raw/train_images/<label>/, a few unused raw/test_images/ and
// raw/sample_submission.csv (image_id,label).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "paddy-disease-classification")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n+5, func() string { return strconv.Itoa(100000+r.IntN(900000)) + ".jpg" })
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, labelList)
	train := synth.CSV{Header: []string{"image_id", "label", "variety", "age"}}
	for i := range n {
		train.Add(ids[i], labels[i], synth.Pick(r, varieties), strconv.Itoa(45+r.IntN(38)))
		img, err := synth.JPEG(synth.RGB(r, 6, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", labels[i], ids[i]), img); err != nil {
			return err
		}
	}
	sample := synth.CSV{Header: []string{"image_id", "label"}}
	for _, id := range ids[n:] {
		sample.Add(id, "")
		img, err := synth.JPEG(synth.RGB(r, 6, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test_images", id), img); err != nil {
			return err
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
