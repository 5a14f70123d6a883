package seti_breakthrough_listen

// seti-breakthrough-listen — spec: ../shared/spec/competitions/seti-breakthrough-listen.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) over the rows of
//     raw/train_labels.csv; both CSVs keep permutation order;
//   - raw/old_leaky_data is copied as a tree into public/old_leaky_data
//     (never inspected; a missing folder fails prepare after the CSVs are
//     written);
//   - the .npy files of both splits come from raw/train/<id[0]>/<id>.npy
//     and go to public/{train,test}/<id[0]>/<id>.npy;
//   - the sample submission is the test rows with target = 0.5;
//   - the asserts (disjoint ids, distinct file names under public/train and
//     public/test equal to the split sizes, disjoint name sets) run last;
//   - an id column pandas reads as numbers (every id all-digit) makes id[0]
//     a TypeError: prepare fails;
//   - grading: the shared AUROC helper (id, target), a NumPy float64.
//
// Deliberate difference: an id whose first character or file name is not a
// plain file name is refused.

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "seti-breakthrough-listen",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train_labels.csv")
	old, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_labels.csv: %w", err)
	}
	idCol, ok := old.Col("id")
	if !ok {
		return fmt.Errorf("%s: no %q column", src, "id")
	}
	if !old.Has("target") {
		return fmt.Errorf("%s: no %q column", src, "target")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := old.Take(trainIdx), old.Take(testIdx)
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train_labels.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: test},
	); err != nil {
		return err
	}
	if err := copyTree(ctx, filepath.Join(d.Raw, "old_leaky_data"), filepath.Join(d.Public, "old_leaky_data")); err != nil {
		return err
	}
	ids := func(rows []int) ([]string, error) {
		out := make([]string, len(rows))
		for k, i := range rows {
			if idCol.Kind != table.String || idCol.IsNull(i) || idCol.Mixed != nil && idCol.Mixed[i] != table.String {
				return nil, fmt.Errorf("id %s is not a string: 'id[0]' is a TypeError", idCol.Str(i))
			}
			out[k] = idCol.Text[i]
		}
		return out, nil
	}
	trainIDs, err := ids(trainIdx)
	if err != nil {
		return err
	}
	testIDs, err := ids(testIdx)
	if err != nil {
		return err
	}
	for _, part := range []struct {
		ids []string
		dir string
	}{{trainIDs, "train"}, {testIDs, "test"}} {
		for _, id := range part.ids {
			sub := id[:1]
			if !imagecopy.SafeName(sub) {
				return fmt.Errorf("id %q: its first character is not a folder name", id)
			}
			if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train", sub), filepath.Join(d.Public, part.dir, sub), []string{id + ".npy"}); err != nil {
				return err
			}
		}
	}
	sample, err := test.With(table.Floats("target", halves(test.Len())))
	if err != nil {
		return err
	}
	if err := csvout.Write(csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample}); err != nil {
		return err
	}
	inTrain := map[string]bool{}
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	for _, id := range testIDs {
		if inTrain[id] {
			return fmt.Errorf("assertion failed: id %q is in both train and test", id)
		}
	}
	names := map[string]map[string]bool{}
	for _, c := range []struct {
		dir  string
		want int
	}{{"train", len(trainIDs)}, {"test", len(testIDs)}} {
		set, err := fileNames(filepath.Join(d.Public, c.dir))
		if err != nil {
			return err
		}
		if len(set) != c.want {
			return fmt.Errorf("assertion failed: %d distinct files under public/%s, expected %d", len(set), c.dir, c.want)
		}
		names[c.dir] = set
	}
	for name := range names["test"] {
		if names["train"][name] {
			return fmt.Errorf("assertion failed: file %s is in both public/train and public/test", name)
		}
	}
	return nil
}

func halves(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 0.5
	}
	return v
}

// fileNames is the set of file names under dir, recursively.
func fileNames(dir string) (map[string]bool, error) {
	set := map[string]bool{}
	err := filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() {
			set[e.Name()] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	return set, nil
}

// copyTree is shutil.copytree(src, dst, dirs_exist_ok=True): every file
// and folder, byte for byte.
func copyTree(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("copying tree: %w", err)
	}
	return filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return imagecopy.CopyFile(path, target)
	})
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "id", "target")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train_labels.csv (15-character hex ids, one in
// five all-digit and one with a leading zero; targets 0/1 with one in three
// positive; default 120 rows), a small float16 .npy cadence array per id
// under raw/train/<id[0]>/, and raw/old_leaky_data with a CSV and a nested
// .npy.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "seti-breakthrough-listen")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n, func() string {
		if r.IntN(5) == 0 {
			return synth.Digits(r, 15)
		}
		return synth.Hex(r, 15)
	})
	if err != nil {
		return err
	}
	if n > 1 {
		ids[1] = "0" + ids[1][1:]
	}
	csv := synth.CSV{Header: []string{"id", "target"}}
	npy := func(id string) []byte {
		b := npyfile.FormatHeader("<f2", []int{2, 3, 4})
		for i := 0; i < 2*3*4; i++ {
			b = append(b, byte(r.IntN(256)), byte(r.IntN(60)))
		}
		return b
	}
	for i, id := range ids {
		target := "0"
		if i%3 == 0 {
			target = "1"
		}
		csv.Add(id, target)
		if err := synth.WriteFile(filepath.Join(dir, "train", id[:1], id+".npy"), npy(id)); err != nil {
			return err
		}
	}
	if err := csv.Write(filepath.Join(dir, "train_labels.csv")); err != nil {
		return err
	}
	leak := synth.CSV{Header: []string{"id", "target"}}
	leak.Add(ids[0], "1")
	if err := leak.Write(filepath.Join(dir, "old_leaky_data", "train_labels_old.csv")); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "old_leaky_data", "train_old", ids[0][:1], ids[0]+".npy"), npy(ids[0]))
}
