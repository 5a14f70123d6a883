package imet_2020_fgvc7

// imet-2020-fgvc7: ../shared/spec/competitions/imet-2020-fgvc7.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.15, random_state=0), both sides in
//     permutation order with every raw column (extra columns are carried,
//     also into the sample submission, whose attribute_ids is "0 1 2");
//   - raw/labels.csv is copied byte for byte, never parsed; images are byte
//     copies raw/train/<id>.png → public/train or public/test with the
//     original's *.png count asserts;
//   - grading: missing id / attribute_ids, row count, id mismatch after
//     sorting → invalid; an attribute_ids column pandas would read as
//     numbers (every non-empty cell a single number) breaks the string
//     handling → plain error (null score), while an all-empty column is
//     valid; cells split on whitespace, tokens compared as text; tokens
//     outside the answers' class set are dropped (no false positives);
//     duplicates count once; micro F1 = 2·TP / (|true| + |pred|), 0.0 when
//     both are empty, a numpy float64.
//
// Deliberate difference: ids that are not plain file names are refused.

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
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "imet-2020-fgvc7",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has("id", "attribute_ids") {
		return fmt.Errorf("raw train.csv: need columns id and attribute_ids, got %v", old.Names())
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.15), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, answers := old.Take(trIdx), old.Take(teIdx)
	consts := make([]string, answers.Len())
	for i := range consts {
		consts[i] = "0 1 2"
	}
	sample, err := answers.With(table.Strings("attribute_ids", consts))
	if err != nil {
		return err
	}
	if train.Len()+answers.Len() != old.Len() {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", train.Len(), answers.Len(), old.Len())
	}
	trainIDs, _ := train.Col("id")
	testIDs, _ := answers.Col("id")
	seen := map[string]bool{}
	for i := 0; i < trainIDs.Len(); i++ {
		seen[trainIDs.Str(i)] = true
	}
	for i := 0; i < testIDs.Len(); i++ {
		if seen[testIDs.Str(i)] {
			return fmt.Errorf("assertion failed: id %s is in both train and answers", testIDs.Str(i))
		}
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), train},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(w.path), err)
		}
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "labels.csv"), filepath.Join(d.Public, "labels.csv")); err != nil {
		return fmt.Errorf("copying labels.csv: %w", err)
	}
	for _, part := range []struct {
		ids *table.Column
		dir string
	}{{trainIDs, "train"}, {testIDs, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for i := 0; i < part.ids.Len(); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := part.ids.Str(i) + ".png"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image id %q is not a plain file name", part.ids.Str(i))
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train", name), filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		entries, err := os.ReadDir(dst)
		if err != nil {
			return err
		}
		count := 0
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".png") && !strings.HasPrefix(e.Name(), ".") {
				count++
			}
		}
		if count != part.ids.Len() {
			return fmt.Errorf("assertion failed: %d *.png files in public/%s, expected %d", count, part.dir, part.ids.Len())
		}
	}
	return nil
}

// tokens is fillna("") then str.split() of every cell. A column pandas
// parsed as numbers (or booleans) has no string accessor: the original
// raises, which is a plain error here; an all-missing float column fills
// to empty strings and is fine.
func tokens(c *table.Column, order []int, what string) ([][]string, error) {
	out := make([][]string, len(order))
	if c.Kind != table.String || c.Mixed != nil {
		if c.Kind == table.Float64 && !hasValue(c) {
			return out, nil
		}
		return nil, fmt.Errorf("%s attribute_ids: can only use .str accessor with string values (column parsed as %v)", what, c.Kind)
	}
	for k, i := range order {
		if !c.IsNull(i) {
			out[k] = strings.Fields(c.Str(i))
		}
	}
	return out, nil
}

func hasValue(c *table.Column) bool {
	for i := 0; i < c.Len(); i++ {
		if !c.IsNull(i) {
			return true
		}
	}
	return false
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has("id", "attribute_ids") {
		return competition.Score{}, fmt.Errorf("answers must have id and attribute_ids, got %v", ans.Names())
	}
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	if !sub.Has("attribute_ids") {
		return competition.Score{}, competition.Invalid("Submission is missing the attribute_ids column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	for k := range subIdx {
		if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
			return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids (first difference at sorted row %d)", k)
		}
	}
	subAttr, _ := sub.Col("attribute_ids")
	ansAttr, _ := ans.Col("attribute_ids")
	truth, err := tokens(ansAttr, ansIdx, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	pred, err := tokens(subAttr, subIdx, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	classes := map[string]bool{}
	for _, row := range truth {
		for _, tok := range row {
			classes[tok] = true
		}
	}
	var tp, trueSum, predSum int64
	for k := range truth {
		tr := map[string]bool{}
		for _, tok := range truth[k] {
			tr[tok] = true
		}
		pr := map[string]bool{}
		for _, tok := range pred[k] {
			if classes[tok] {
				pr[tok] = true
			}
		}
		trueSum += int64(len(tr))
		predSum += int64(len(pr))
		for tok := range pr {
			if tr[tok] {
				tp++
			}
		}
	}
	if trueSum+predSum == 0 {
		return competition.Numpy(0), nil
	}
	return competition.Numpy(float64(2*tp) / float64(trueSum+predSum)), nil
}

// FakeRaw writes raw/train.csv (id = a letter + 15 hex digits,
// attribute_ids = 1–4 distinct ids from 0..39, so some rows have a single
// label and most several; default 60 rows), raw/labels.csv (the attribute
// dictionary) and a 4×4 PNG raw/train/<id>.png per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "imet-2020-fgvc7")
	n := max(synth.Rows(opt.Rows, 60), 4)
	ids, err := synth.Unique(n, func() string { return synth.String(r, "abcdf", 1) + synth.Hex(r, 15) })
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "attribute_ids"}}
	for i, id := range ids {
		k := 1 + r.IntN(4)
		if i%7 == 3 {
			k = 1
		}
		perm := r.Perm(40)[:k]
		toks := make([]string, k)
		for j, p := range perm {
			toks[j] = fmt.Sprint(p)
		}
		csv.Add(id, strings.Join(toks, " "))
		img, err := synth.PNG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".png"), img); err != nil {
			return err
		}
	}
	labels := synth.CSV{Header: []string{"attribute_id", "attribute_name"}}
	for a := range 40 {
		labels.Add(fmt.Sprint(a), fmt.Sprintf("tag::thing %d, kind", a))
	}
	if err := labels.Write(filepath.Join(dir, "labels.csv")); err != nil {
		return err
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
