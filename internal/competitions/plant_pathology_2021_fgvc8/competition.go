package plant_pathology_2021_fgvc8

// plant-pathology-2021-fgvc8 — spec: ../shared/spec/competitions/plant-pathology-2021-fgvc8.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.2, random_state=0) of raw train.csv; the
//     sample submission is the whole answers table with labels = "healthy"
//     (every raw column carried over);
//   - column asserts on the new train and the sample (not on the answers),
//     then the image copies train_images/ and test_images/ with *.jpg counts;
//   - grading: image and labels present, same length, images equal after
//     sorting both by image; micro F1 over the answers' sorted token
//     vocabulary (MultiLabelBinarizer(classes=...)): unknown predicted
//     tokens are dropped, not false positives; duplicate tokens count once;
//     an empty answers cell (NaN token in the vocabulary set) makes sorting
//     raise TypeError — a plain error; a non-text labels column (numbers,
//     booleans) breaks the .str accessor — invalid.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "plant-pathology-2021-fgvc8",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	newTrain, answers := df.Take(train), df.Take(test)
	healthy := make([]string, answers.Len())
	for i := range healthy {
		healthy[i] = "healthy"
	}
	var sample *table.Table
	if answers.Has("labels") {
		sample, err = answers.With(table.Strings("labels", healthy))
	} else {
		// sample["labels"] = "healthy" appends the column.
		sample, err = table.New(append(append([]*table.Column{}, answers.Columns()...), table.Strings("labels", healthy))...)
	}
	if err != nil {
		return err
	}
	img, ok := df.Col("image")
	if ok {
		seen := map[string]bool{}
		for _, r := range train {
			seen[img.Str(r)] = true
		}
		for _, r := range test {
			if seen[img.Str(r)] {
				return fmt.Errorf("image %q is in both the train and test split", img.Str(r))
			}
		}
	}
	if !newTrain.Has("image", "labels") {
		return fmt.Errorf("train.csv must have columns image and labels, has %v", df.Names())
	}
	if !sample.Has("image", "labels") {
		return fmt.Errorf("sample submission must have columns image and labels, has %v", sample.Names())
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	for _, part := range []struct {
		rows []int
		dir  string
	}{{train, "train_images"}, {test, "test_images"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for _, r := range part.rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := img.Str(r)
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image %q is not a plain file name", name)
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train_images", name), filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		n, err := imagecopy.CountFiles(dst, ".jpg")
		if err != nil {
			return err
		}
		if n != len(part.rows) {
			return fmt.Errorf("%s has %d .jpg files, expected %d", part.dir, n, len(part.rows))
		}
	}
	return nil
}

// labelTokens returns each cell's Python str.split() tokens. A missing cell
// gives ok=false in missing (the caller decides what NaN means); a numeric
// or boolean column, or a non-str cell of a mixed object column, is an
// error (the .str accessor / MultiLabelBinarizer fail on it).
func labelTokens(c *table.Column) (tokens [][]string, missing []bool, err error) {
	n := c.Len()
	tokens, missing = make([][]string, n), make([]bool, n)
	if c.Kind != table.String {
		for i := 0; i < n; i++ {
			if !c.IsNull(i) {
				return nil, nil, fmt.Errorf("labels column has dtype %v, not text", c.Kind)
			}
			missing[i] = true
		}
		if c.Kind != table.Float64 && n > 0 {
			return nil, nil, fmt.Errorf("labels column has dtype %v, not text", c.Kind)
		}
		return tokens, missing, nil
	}
	for i := 0; i < n; i++ {
		if c.IsNull(i) {
			missing[i] = true
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			return nil, nil, fmt.Errorf("labels cell %d is not text", i)
		}
		tokens[i] = metric.PySplit(c.Text[i])
	}
	return tokens, missing, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"image", "labels"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission must have a %q column", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("image")
	ansID, _ := ans.Col("image")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers image values do not match after sorting")
	}
	ansLab, _ := ans.Col("labels")
	subLab, _ := sub.Col("labels")
	ansTok, ansMissing, err := labelTokens(ansLab.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	vocab := map[string]bool{}
	for i, toks := range ansTok {
		if ansMissing[i] {
			// The NaN token makes sorted(set) raise TypeError.
			return competition.Score{}, fmt.Errorf("answers labels cell %d is empty: sorting the vocabulary would mix NaN and str", i)
		}
		for _, t := range toks {
			vocab[t] = true
		}
	}
	subTok, _, err := labelTokens(subLab.Take(subIdx))
	if err != nil {
		return competition.Score{}, competition.Invalid("Submission labels: %v", err)
	}
	var tp, fp, fn int64
	for i := range ansTok {
		truth := map[string]bool{}
		for _, t := range ansTok[i] {
			truth[t] = true
		}
		pred := map[string]bool{}
		for _, t := range subTok[i] {
			if vocab[t] {
				pred[t] = true
			}
		}
		for t := range pred {
			if truth[t] {
				tp++
			} else {
				fp++
			}
		}
		for t := range truth {
			if !pred[t] {
				fn++
			}
		}
	}
	denom := 2*tp + fp + fn
	if denom == 0 {
		return competition.Numpy(0), nil
	}
	return competition.Numpy(float64(2*tp) / float64(denom)), nil
}

var labels = []string{
	"healthy", "scab", "frog_eye_leaf_spot", "rust", "complex", "powdery_mildew",
	"scab frog_eye_leaf_spot", "scab frog_eye_leaf_spot complex", "frog_eye_leaf_spot complex",
	"rust frog_eye_leaf_spot", "rust complex", "powdery_mildew complex",
}

// FakeRaw writes raw/train.csv (image = 16 hex digits + ".jpg", labels
// drawn from the real label combinations; 100 rows by default) and a tiny
// JPEG raw/train_images/<image> per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := max(synth.Rows(opt.Rows, 100), 2)
	r := synth.Rand(opt.Seed, "train")
	ids, err := synth.HexIDs(r, n, 16)
	if err != nil {
		return err
	}
	c := &synth.CSV{Header: []string{"image", "labels"}}
	for i := 0; i < n; i++ {
		name := ids[i] + ".jpg"
		c.Add(name, synth.Pick(r, labels))
		b, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", name), b); err != nil {
			return err
		}
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
