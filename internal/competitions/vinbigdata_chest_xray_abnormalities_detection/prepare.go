package vinbigdata_chest_xray_abnormalities_detection

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// The original's literal split sizes.
const (
	expectedTrainSize = 13500
	expectedTestSize  = 1500
)

var (
	rawColumns   = []string{"image_id", "class_name", "class_id", "rad_id", "x_min", "y_min", "x_max", "y_max"}
	boxColumns   = []string{"x_min", "y_min", "x_max", "y_max"}
	noFindingID  = int64(14)
	samplePrefix = "14 1 0 0 1 1"
)

// Prepare is the original's prepare.py.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range rawColumns {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: no column %s", c)
		}
	}
	imgCol, _ := old.Col("image_id")
	classCol, _ := old.Col("class_id")
	if imgCol.Kind != table.String || imgCol.Mixed != nil || imgCol.HasNull() {
		return fmt.Errorf("raw train.csv: image_id must be non-missing text")
	}
	if classCol.Kind != table.Int64 {
		return fmt.Errorf("raw train.csv: class_id must be integers without missing values")
	}
	var ids []string
	seen := map[string]bool{}
	for i := 0; i < old.Len(); i++ {
		if id := imgCol.Str(i); !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(ids), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d image ids: %w", len(ids), err)
	}
	if len(trainIdx) != expectedTrainSize || len(testIdx) != expectedTestSize {
		return fmt.Errorf("assertion failed: %d train and %d test images, expected %d and %d (the raw data must have exactly 15000 distinct image ids)",
			len(trainIdx), len(testIdx), expectedTrainSize, expectedTestSize)
	}
	trainIDs, testIDs := pick(ids, trainIdx), pick(ids, testIdx)
	isTest := map[string]bool{}
	for _, id := range testIDs {
		isTest[id] = true
	}
	var trainRows, testRows []int
	for i := 0; i < old.Len(); i++ {
		if isTest[imgCol.Str(i)] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	newTrain, answersRaw := old.Take(trainRows), old.Take(testRows)
	samplePS := make([]string, len(testIDs))
	for i := range samplePS {
		samplePS[i] = samplePrefix
	}
	sample := table.MustNew(table.Strings("image_id", testIDs), table.Strings("PredictionString", samplePS))

	answers, err := consensus(answersRaw)
	if err != nil {
		return err
	}
	gold, err := goldSubmission(answers)
	if err != nil {
		return err
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Private, "gold_submission.csv"), Table: gold},
	); err != nil {
		return err
	}
	for _, part := range []struct {
		dir string
		ids []string
	}{{"train", trainIDs}, {"test", testIDs}} {
		if err := os.MkdirAll(filepath.Join(d.Public, part.dir), 0o755); err != nil {
			return err
		}
		jobs := make([]filecopy.Job, len(part.ids))
		for k, id := range part.ids {
			if id == "" || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
				return fmt.Errorf("image id %q is not a file name", id)
			}
			jobs[k] = filecopy.Job{Src: filepath.Join(d.Raw, "train", id+".dicom"), Dst: filepath.Join(d.Public, part.dir, id+".dicom")}
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
		entries, err := os.ReadDir(filepath.Join(d.Public, part.dir))
		if err != nil {
			return err
		}
		n := 0
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".dicom") && !strings.HasPrefix(e.Name(), ".") {
				n++
			}
		}
		if n != len(part.ids) {
			return fmt.Errorf("assertion failed: %d .dicom files in public/%s, expected %d", n, part.dir, len(part.ids))
		}
	}
	return nil
}

func pick(ids []string, idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = ids[i]
	}
	return out
}

// consensus is groupby(["image_id", "class_id"]).first().reset_index(),
// fillna(0) and the class-14 box (0, 0, 1, 1).
func consensus(t *table.Table) (*table.Table, error) {
	img, _ := t.Col("image_id")
	cls, _ := t.Col("class_id")
	type key struct {
		img string
		cls int64
	}
	groups := map[key][]int{}
	var keys []key
	for i := 0; i < t.Len(); i++ {
		k := key{img.Str(i), cls.Ints[i]}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := strings.Compare(a.img, b.img); c != 0 {
			return c
		}
		return int(a.cls - b.cls)
	})
	n := len(keys)
	outImg, outCls := make([]string, n), make([]int64, n)
	for g, k := range keys {
		outImg[g], outCls[g] = k.img, k.cls
	}
	cols := []*table.Column{table.Strings("image_id", outImg), table.Ints("class_id", outCls)}
	for _, c := range t.Columns() {
		if c.Name == "image_id" || c.Name == "class_id" {
			continue
		}
		// first non-null per group; fillna(0)
		isBox := slices.Contains(boxColumns, c.Name)
		switch {
		case c.Kind == table.Float64 || c.Kind == table.Int64 && isBox:
			v := make([]float64, n)
			for g, k := range keys {
				v[g] = 0
				for _, i := range groups[k] {
					if f, ok := c.Float(i); ok && !c.IsNull(i) {
						v[g] = f
						break
					}
				}
				if isBox && k.cls == noFindingID && (c.Name == "x_max" || c.Name == "y_max") {
					v[g] = 1
				}
			}
			cols = append(cols, table.Floats(c.Name, v))
		case c.Kind == table.Int64:
			if isBox {
				return nil, fmt.Errorf("column %s: unexpected integers", c.Name)
			}
			v := make([]int64, n)
			for g, k := range keys {
				v[g] = c.Ints[groups[k][0]]
			}
			cols = append(cols, table.Ints(c.Name, v))
		case c.Kind == table.String && c.Mixed == nil:
			if isBox {
				return nil, fmt.Errorf("raw train.csv: box column %s is not numeric", c.Name)
			}
			v := make([]string, n)
			for g, k := range keys {
				v[g] = "0" // fillna(0) of an all-missing group
				for _, i := range groups[k] {
					if !c.IsNull(i) {
						v[g] = c.Str(i)
						break
					}
				}
			}
			cols = append(cols, table.Strings(c.Name, v))
		default:
			return nil, fmt.Errorf("raw train.csv: column %s has an unsupported dtype %v", c.Name, c.Kind)
		}
	}
	return table.New(cols...)
}

// goldSubmission joins "<class_id> 1.0 <x_min> <y_min> <x_max> <y_max>"
// per image (answers order), with the coordinates in Python repr.
func goldSubmission(answers *table.Table) (*table.Table, error) {
	img, _ := answers.Col("image_id")
	cls, _ := answers.Col("class_id")
	box := make([]*table.Column, 4)
	for k, name := range boxColumns {
		c, ok := answers.Col(name)
		if !ok || c.Kind != table.Float64 {
			return nil, fmt.Errorf("answers: %s must be floats", name)
		}
		box[k] = c
	}
	var ids, ps []string
	for i := 0; i < answers.Len(); i++ {
		s := fmt.Sprintf("%d 1.0", cls.Ints[i])
		for _, c := range box {
			s += " " + pyfloat.Repr(c.Floats[i])
		}
		if len(ids) > 0 && ids[len(ids)-1] == img.Str(i) {
			ps[len(ps)-1] += " " + s
		} else {
			ids, ps = append(ids, img.Str(i)), append(ps, s)
		}
	}
	return table.MustNew(table.Strings("image_id", ids), table.Strings("PredictionString", ps)), nil
}
