package ranzcr_clip_catheter_line_classification

// ranzcr-clip-catheter-line-classification — spec: ../shared/spec/competitions/ranzcr-clip-catheter-line-classification.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), not grouped by
//     PatientID; every output keeps the raw column order;
//   - only 9 of the 11 labels are scored (CVC - Normal and Swan Ganz
//     Catheter Present are missing from the class list, upstream issue #30);
//     the sample has StudyInstanceUID + those 9 classes, all int 0;
//   - public/train_annotations.csv keeps the annotation rows of train
//     studies, in file order, re-written by pandas (coordinate lists stay
//     quoted);
//   - images are copied to public/train and public/test; the .jpg counts
//     must equal the row counts (a repeated UID fails);
//   - grading: each class missing → invalid; a length mismatch is an
//     AssertionError (plain error); then prepare_for_auroc_metric per class,
//     in class order, on the whole tables (so a missing id column is
//     reported in the first class's call and a range error of a later class
//     only once the earlier classes pass); score = mean of the 9 binary ROC
//     AUCs (numpy float64).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	ID:      "ranzcr-clip-catheter-line-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const id = "StudyInstanceUID"

// classes are the 9 scored classes (upstream constant).
var classes = []string{"ETT - Abnormal", "ETT - Borderline", "ETT - Normal", "NGT - Abnormal", "NGT - Borderline",
	"NGT - Incompletely Imaged", "NGT - Normal", "CVC - Abnormal", "CVC - Borderline"}

// rawLabels are the 11 label columns of the raw train.csv.
var rawLabels = append(append([]string{}, classes...), "CVC - Normal", "Swan Ganz Catheter Present")

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	uids, ok := df.Col(id)
	if !ok {
		return fmt.Errorf("train.csv has no %s column", id)
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	newTrain, newTest := df.Take(train), df.Take(test)

	ann, err := table.ReadFile(filepath.Join(d.Raw, "train_annotations.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	annUIDs, ok := ann.Col(id)
	if !ok {
		return fmt.Errorf("train_annotations.csv has no %s column", id)
	}
	inTrain := map[any]bool{}
	for _, r := range train {
		if k, ok := pandas.CellKey(uids, r); ok {
			inTrain[k] = true
		}
	}
	var keep []int
	for i := 0; i < ann.Len(); i++ {
		if k, ok := pandas.CellKey(annUIDs, i); ok && inTrain[k] {
			keep = append(keep, i)
		}
	}
	trainAnn := ann.Take(keep)

	for _, part := range []struct {
		dir  string
		rows []int
	}{{filepath.Join(d.Public, "train"), train}, {filepath.Join(d.Public, "test"), test}} {
		if err := os.MkdirAll(part.dir, 0o755); err != nil {
			return err
		}
		for _, r := range part.rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := uids.Str(r) + ".jpg"
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train", name), filepath.Join(part.dir, name)); err != nil {
				return fmt.Errorf("copying image: %w", err)
			}
		}
		n, err := imagecopy.CountTopFiles(part.dir, ".jpg")
		if err != nil {
			return err
		}
		if n != len(part.rows) {
			return fmt.Errorf("%s holds %d .jpg files for %d rows", part.dir, n, len(part.rows))
		}
	}

	testUIDs, _ := newTest.Col(id)
	zeros := make([]int64, newTest.Len())
	sampleCols := []*table.Column{testUIDs}
	for _, c := range classes {
		if !newTest.Has(c) {
			return fmt.Errorf("train.csv has no %q column", c)
		}
		sampleCols = append(sampleCols, table.Ints(c, zeros))
	}
	sample := table.MustNew(sampleCols...)
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "train_annotations.csv"), trainAnn},
		{filepath.Join(d.Private, "test.csv"), newTest},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range classes {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %q", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, fmt.Errorf("submission has %d rows, answers %d (AssertionError)", sub.Len(), ans.Len())
	}
	var yTrue, yScore [][]float64
	for _, c := range classes {
		t, s, err := submission.PrepareForAUROC(sub, ans, id, c)
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yScore = append(yTrue, t), append(yScore, s)
	}
	v, err := metric.MeanColumnwiseROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}

// FakeRaw writes raw/train.csv (the real 13-column header, 120 rows
// by default, UIDs in the dotted 1.2.826… form), raw/train_annotations.csv
// (0–3 rows per study with quoted coordinate lists) and raw/train/<uid>.jpg.
// The rows the seed-0 split puts in the test part give every scored class
// both labels.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	labels := make([][]int, n)
	for i := range labels {
		labels[i] = make([]int, len(rawLabels))
		for k := range labels[i] {
			if r.IntN(3) == 0 {
				labels[i][k] = 1
			}
		}
	}
	if _, test, err := split(n); err == nil && len(test) >= 2 {
		for k := range classes {
			labels[test[k%(len(test)-1)]][k] = 1
			labels[test[len(test)-1]][k] = 0
		}
	}
	uidGen := func() string {
		return fmt.Sprintf("1.2.826.0.1.3680043.8.498.%s%s", synth.String(r, "123456789", 1), synth.Digits(r, 20))
	}
	uids, err := synth.Unique(n, uidGen)
	if err != nil {
		return err
	}
	c := &synth.CSV{Header: append(append([]string{id}, rawLabels...), "PatientID")}
	ann := &synth.CSV{Header: []string{id, "label", "data"}}
	patients := make([]string, max(1, n/3))
	for i := range patients {
		patients[i] = "p" + synth.Hex(r, 8)
	}
	for i, uid := range uids {
		row := []string{uid}
		for _, v := range labels[i] {
			row = append(row, fmt.Sprint(v))
		}
		c.Add(append(row, synth.Pick(r, patients))...)
		for a := 0; a < r.IntN(4); a++ {
			var pts []string
			for p := 0; p < 2+r.IntN(3); p++ {
				pts = append(pts, fmt.Sprintf("[%d, %d]", r.IntN(3000), r.IntN(3000)))
			}
			ann.Add(uid, synth.Pick(r, rawLabels), "["+strings.Join(pts, ", ")+"]")
		}
		img, err := synth.JPEG(synth.Gray(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", uid+".jpg"), img); err != nil {
			return err
		}
	}
	if err := c.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return ann.Write(filepath.Join(dir, "train_annotations.csv"))
}
