package uw_madison_gi_tract_image_segmentation

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// row is one line of raw train.csv split into its id parts.
type row struct {
	caseID, day, slice string
	test               bool
}

// Prepare writes the public and private files from the raw download (spec
// "Prepare" steps 1-12).
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, c := range []string{"id", "segmentation"} {
		if !old.Has(c) {
			return fmt.Errorf("raw train.csv: KeyError: '%s'", c)
		}
	}
	idCol, _ := old.Col("id")
	rows := make([]row, old.Len())
	var cases []string
	seen := map[string]bool{}
	for i := range rows {
		if idCol.IsNull(i) || idCol.Kind != table.String || (idCol.Mixed != nil && idCol.Mixed[i] != table.String) {
			return fmt.Errorf("raw train.csv: id of row %d is not text (AttributeError: no split)", i)
		}
		parts := strings.Split(idCol.Text[i], "_")
		if len(parts) < 2 {
			return fmt.Errorf("raw train.csv: id %q: IndexError: list index out of range", idCol.Text[i])
		}
		r := row{caseID: parts[0], day: parts[1], slice: parts[len(parts)-1]}
		for _, name := range []string{r.caseID, r.caseID + "_" + r.day} {
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("raw train.csv: id %q does not name a plain folder", idCol.Text[i])
			}
		}
		rows[i] = r
		if !seen[r.caseID] {
			seen[r.caseID] = true
			cases = append(cases, r.caseID)
		}
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(cases), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 42})
	if err != nil {
		return fmt.Errorf("splitting the cases: %w", err)
	}
	testCase := map[string]bool{}
	for _, i := range testIdx {
		testCase[cases[i]] = true
	}
	trainCase := map[string]bool{}
	for _, i := range trainIdx {
		trainCase[cases[i]] = true
	}
	days := map[string][]string{} // train case -> distinct days
	for i := range rows {
		rows[i].test = testCase[rows[i].caseID]
		if r := rows[i]; !r.test && !slices.Contains(days[r.caseID], r.day) {
			days[r.caseID] = append(days[r.caseID], r.day)
		}
	}
	moved := map[[2]string]bool{}
	for _, c := range slices.Sorted(maps.Keys(days)) { // groupby("case") order
		ds := days[c]
		if len(ds) <= 4 {
			continue
		}
		num := make(map[string]int64, len(ds))
		for _, day := range ds {
			v, ok := pandas.PyInt(day[min(3, len(day)):]) // int(day[len("day"):])
			if !ok {
				return fmt.Errorf("case %s: day %q: ValueError: invalid literal for int() with base 10", c, day)
			}
			num[day] = v
		}
		slices.SortStableFunc(ds, func(a, b string) int { return cmpInt(num[a], num[b]) })
		for _, day := range ds[4:] {
			moved[[2]string{c, day}] = true
		}
	}
	for i, r := range rows {
		if moved[[2]string{r.caseID, r.day}] {
			rows[i].test = true
		}
	}

	trainDir, testDir := filepath.Join(d.Public, "train"), filepath.Join(d.Public, "test")
	for _, dir := range []string{trainDir, testDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, c := range cases {
		dst := testDir
		if trainCase[c] {
			dst = trainDir
		}
		if err := copyTree(ctx, filepath.Join(d.Raw, "train", c), filepath.Join(dst, c)); err != nil {
			return fmt.Errorf("copying case %s: %w", c, err)
		}
	}
	for _, r := range rows {
		if !r.test {
			continue
		}
		dayDir := filepath.Join(r.caseID, r.caseID+"_"+r.day)
		src := filepath.Join(trainDir, dayDir)
		if _, err := os.Stat(src); err != nil {
			continue
		}
		dst := filepath.Join(testDir, dayDir)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(src, dst); err != nil {
			return fmt.Errorf("moving %s to the test side: %w", dayDir, err)
		}
	}

	var trainRows, testRows []int
	for i, r := range rows {
		expected, unexpected := trainDir, testDir
		if r.test {
			expected, unexpected = testDir, trainDir
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
		dayDir := filepath.Join(r.caseID, r.caseID+"_"+r.day)
		if _, err := os.Stat(filepath.Join(expected, dayDir)); err != nil {
			return fmt.Errorf("assertion failed: Directory %s does not exist but is listed in the dataframe.", filepath.Join(expected, dayDir))
		}
		if _, err := os.Stat(filepath.Join(unexpected, dayDir)); err == nil {
			return fmt.Errorf("assertion failed: Directory %s exists but is not listed in the dataframe.", filepath.Join(unexpected, dayDir))
		}
	}

	widths, heights := make([]float64, len(testRows)), make([]float64, len(testRows))
	for k, i := range testRows {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := rows[i]
		w, h, err := scanSize(filepath.Join(d.Raw, "train", r.caseID, r.caseID+"_"+r.day, "scans"), r.slice)
		if err != nil {
			return err
		}
		widths[k], heights[k] = float64(w), float64(h)
	}

	newTrain := old.Take(trainRows)
	newTest, err := old.Take(testRows).With(table.Floats("image_width", widths))
	if err != nil {
		return err
	}
	if newTest, err = newTest.With(table.Floats("image_height", heights)); err != nil {
		return err
	}
	sample, err := newTest.Drop("image_height", "image_width").With(table.Strings("segmentation", repeat("1 1 5 2", newTest.Len())))
	if err != nil {
		return err
	}
	sample = rename(sample, "segmentation", "predicted")
	private := rename(newTest, "segmentation", "predicted")
	publicTest := private.Drop("predicted", "image_width", "image_height")
	for _, o := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Private, "test.csv"), private},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), publicTest},
	} {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	switch {
	case len(publicTest.Names()) != 2:
		return fmt.Errorf("assertion failed: Public test should have 2 columns. (has %v)", publicTest.Names())
	case len(newTrain.Names()) != 3:
		return fmt.Errorf("assertion failed: Public train should have 3 columns. (has %v)", newTrain.Names())
	case newTrain.Len()+newTest.Len() != old.Len():
		return fmt.Errorf("assertion failed: Train and test should sum up to the original data.")
	}
	return nil
}

// scanSize finds the one scans/slice_<slice>_*.png and returns the width
// and height in its name's third and fourth "_"-fields.
func scanSize(scans, slice string) (w, h int64, err error) {
	entries, err := os.ReadDir(scans)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return 0, 0, err
	}
	var found []string
	for _, e := range entries {
		if ok, _ := filepath.Match("slice_"+slice+"_*.png", e.Name()); ok {
			found = append(found, e.Name())
		}
	}
	if len(found) != 1 {
		return 0, 0, fmt.Errorf("assertion failed: Expected 1 image, found %d (%s/slice_%s_*.png)", len(found), scans, slice)
	}
	fields := strings.Split(strings.TrimSuffix(found[0], ".png"), "_")
	if len(fields) < 4 {
		return 0, 0, fmt.Errorf("%s: ValueError: not enough values to unpack", found[0])
	}
	var ok1, ok2 bool
	w, ok1 = pandas.PyInt(fields[2])
	h, ok2 = pandas.PyInt(fields[3])
	if !ok1 || !ok2 {
		return 0, 0, fmt.Errorf("%s: ValueError: invalid literal for int() with base 10", found[0])
	}
	return w, h, nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// rename returns t with column from renamed to, in place.
func rename(t *table.Table, from, to string) *table.Table {
	cols := slices.Clone(t.Columns())
	for i, c := range cols {
		if c.Name == from {
			cols[i] = c.Renamed(to)
		}
	}
	return table.MustNew(cols...)
}

// copyTree copies the tree src into dst, merging into existing folders
// (shutil.copytree with dirs_exist_ok=True; symbolic links are followed).
func copyTree(ctx context.Context, src, dst string) error {
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s: not a directory", src)
	}
	var jobs []filecopy.Job
	err = filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if st.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		jobs = append(jobs, filecopy.Job{Src: p, Dst: target})
		return nil
	})
	if err != nil {
		return err
	}
	return filecopy.Run(ctx, jobs)
}
