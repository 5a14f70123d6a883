package whale_categorization_playground

// whale-categorization-playground: ../shared/spec/competitions/whale-categorization-playground.md
//
// Quirks reproduced:
//   - per Id in first-appearance order: k ≥ 2 rows → a fresh
//     RandomState(0).permutation(k) (rows.sample(2, random_state=0)) sends
//     perm[0] to train and perm[1] to test; k = 1 → one double u from the
//     single shared default_rng(0) (PCG64), test iff u ≥ 0.9;
//   - the undecided rest goes through train_test_split(test_size=0.1,
//     random_state=0) (m < 2 raises, as scikit-learn does);
//   - train/answers are written in FILE order; answer Ids missing from the
//     train Ids become new_whale; the sample submission repeats the constant
//     "new_whale w_1287fbc w_98baff9 w_7554f44 w_1eafe46";
//   - images are byte copies raw/train/<Image> → public/train or public/test
//     with the original's *.jpg count asserts;
//   - grading: column set exactly {Image, Id}, row count, Image set → invalid;
//     both sorted by Image; predictions are str(Id).split(" ") (empty tokens
//     occupy positions, NaN → "nan"); MAP@5, a numpy float64.
//
// Deliberate difference: Image names that are not plain file names are refused.

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
	ID:      "whale-categorization-playground",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// sampleID is the sample submission's constant prediction.
const sampleID = "new_whale w_1287fbc w_98baff9 w_7554f44 w_1eafe46"

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if got := old.Names(); len(got) != 2 || got[0] != "Image" || got[1] != "Id" {
		return fmt.Errorf("assertion failed: raw train.csv must have exactly the columns Image, Id, got %v", got)
	}
	imgCol, _ := old.Col("Image")
	idCol, _ := old.Col("Id")
	n := old.Len()
	images := make([]string, n)
	ids := make([]string, n)
	for i := range n {
		images[i], ids[i] = imgCol.Str(i), idCol.Str(i)
	}

	// Group rows by Id in first-appearance order.
	var order []string
	groups := map[string][]int{}
	for i, id := range ids {
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], i)
	}
	const undecided, train, test = 0, 1, 2
	split := make([]uint8, n)
	g := pyrand.NewGenerator(0)
	for _, id := range order {
		rows := groups[id]
		if len(rows) >= 2 {
			perm, err := pyrand.SampleN(len(rows), 2, false, 0)
			if err != nil {
				return fmt.Errorf("sampling Id %q: %w", id, err)
			}
			split[rows[perm[0]]] = train
			split[rows[perm[1]]] = test
			continue
		}
		if g.Random() >= 0.9 {
			split[rows[0]] = test
		} else {
			split[rows[0]] = train
		}
	}
	var remaining []int
	for i, s := range split {
		if s == undecided {
			remaining = append(remaining, i)
		}
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(len(remaining), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting the %d undecided rows: %w", len(remaining), err)
	}
	for _, p := range trIdx {
		split[remaining[p]] = train
	}
	for _, p := range teIdx {
		split[remaining[p]] = test
	}

	var trainRows, testRows []int
	trainIDs := map[string]bool{}
	for i, s := range split {
		if s == train {
			trainRows = append(trainRows, i)
			trainIDs[ids[i]] = true
		} else {
			testRows = append(testRows, i)
		}
	}
	col := func(rows []int, v func(i int) string) []string {
		out := make([]string, len(rows))
		for k, i := range rows {
			out[k] = v(i)
		}
		return out
	}
	img := func(i int) string { return images[i] }
	newTrain := table.MustNew(table.Strings("Image", col(trainRows, img)), table.Strings("Id", col(trainRows, func(i int) string { return ids[i] })))
	ansIDs := col(testRows, func(i int) string {
		if !trainIDs[ids[i]] {
			return "new_whale"
		}
		return ids[i]
	})
	answers := table.MustNew(table.Strings("Image", col(testRows, img)), table.Strings("Id", ansIDs))
	sample := table.MustNew(table.Strings("Image", col(testRows, img)), table.Strings("Id", col(testRows, func(int) string { return sampleID })))
	hasNew := false
	for _, id := range ansIDs {
		hasNew = hasNew || id == "new_whale"
	}
	if !hasNew {
		return fmt.Errorf("assertion failed: new_whale does not appear in the answers")
	}
	if len(trainRows)+len(testRows) != n {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", len(trainRows), len(testRows), n)
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "test.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(w.path), err)
		}
	}

	for _, part := range []struct {
		rows []int
		dir  string
	}{{trainRows, "train"}, {testRows, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for _, i := range part.rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := images[i]
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train", name), filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		count, err := imagecopy.CountJPG(dst)
		if err != nil {
			return err
		}
		if count != len(part.rows) {
			return fmt.Errorf("assertion failed: %d *.jpg files in public/%s, expected %d", count, part.dir, len(part.rows))
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if names := ans.Names(); len(names) != 2 || !ans.Has("Image", "Id") {
		return competition.Score{}, fmt.Errorf("answers must have exactly the columns Image, Id, got %v", names)
	}
	if names := sub.Names(); len(names) != 2 || !sub.Has("Image", "Id") {
		return competition.Score{}, competition.Invalid("Submission must have exactly the columns Image and Id, got %v", names)
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subImg, _ := sub.Col("Image")
	ansImg, _ := ans.Col("Image")
	if !pandas.SameSet(subImg, ansImg) {
		return competition.Score{}, competition.Invalid("Submission and answers have different Image values")
	}
	subIdx, ansIdx := pandas.SortIndex(subImg), pandas.SortIndex(ansImg)
	subID, _ := sub.Col("Id")
	ansID, _ := ans.Col("Id")
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

// FakeRaw writes raw/train.csv (Image = 8 hex digits + ".jpg", Id =
// new_whale or w_ + 7 hex digits) and a 4×4 JPEG raw/train/<Image> per row.
// Default 80 rows: a new_whale group of ~15%, whales with 1, 2 and 3–5
// images (half the whales are single-image, so some reach test and are
// relabelled new_whale), rows shuffled so first appearances interleave.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "whale-categorization-playground")
	n := max(synth.Rows(opt.Rows, 80), 20)
	var labels []string
	for range max(n*15/100, 3) {
		labels = append(labels, "new_whale")
	}
	whale := func() string { return "w_" + synth.Hex(r, 7) }
	for i := 0; len(labels) < n; i++ {
		k := []int{1, 1, 2, 3, 1, 1, 2, 4, 1, 5}[i%10]
		k = min(k, n-len(labels))
		w := whale()
		for range k {
			labels = append(labels, w)
		}
	}
	r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	images, err := synth.HexIDs(r, n, 8)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"Image", "Id"}}
	for i, name := range images {
		csv.Add(name+".jpg", labels[i])
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", name+".jpg"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
