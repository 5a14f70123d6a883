package hms_harmful_brain_activity_classification

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Prepare splits raw/train.csv by spectrogram (10% of the unique
// spectrogram ids go to the test side), writes public/train.csv,
// public/test.csv, public/sample_submission.csv, private/test.csv and
// private/gold_submission.csv, copies raw/example_figures and copies each
// side's EEG and spectrogram Parquet files into public/{train,test}_eegs and
// public/{train,test}_spectrograms.
func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	for _, name := range append([]string{idCol, specCol, patCol}, targetCols...) {
		if _, ok := old.Col(name); !ok {
			return fmt.Errorf("raw train.csv: no column %q", name)
		}
	}
	// The original asserts both parts have exactly 15 columns (a literal).
	if n := len(old.Names()); n != 15 {
		return fmt.Errorf("raw train.csv: %d columns, the original asserts 15", n)
	}
	specs, _ := old.Col(specCol)
	eegs, _ := old.Col(idCol)
	specNames, err := idNames(specs)
	if err != nil {
		return err
	}
	eegNames, err := idNames(eegs)
	if err != nil {
		return err
	}

	// train_test_split(spectrogram_id.unique(), test_size=0.1, random_state=0).
	unique := uniqueInOrder(specNames)
	trainPos, testPos, err := pyrand.TrainTestSplit(len(unique), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting spectrograms: %w", err)
	}
	trainSpecs, testSpecs := pickNames(unique, trainPos), pickNames(unique, testPos)
	inTest := make(map[string]bool, len(testSpecs))
	for _, s := range testSpecs {
		inTest[s] = true
	}
	// Boolean filters keep the raw file's row order; every row's spectrogram
	// is on exactly one side.
	var trainRows, testRows []int
	for i, s := range specNames {
		if inTest[s] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	newTrain, newTest := old.Take(trainRows), old.Take(testRows)
	publicTest, err := newTest.Select(specCol, idCol, patCol)
	if err != nil {
		return err
	}
	gold, sample, err := submissions(newTest)
	if err != nil {
		return err
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
		csvout.File{Path: filepath.Join(d.Private, "gold_submission.csv"), Table: gold},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	if err := copyTree(ctx, filepath.Join(d.Raw, "example_figures"), filepath.Join(d.Public, "example_figures")); err != nil {
		return err
	}

	trainEEGs := uniqueInOrder(pickNames(eegNames, trainRows))
	testEEGs := uniqueInOrder(pickNames(eegNames, testRows))
	parts := []struct {
		names    []string
		src, dst string
	}{
		{trainEEGs, "train_eegs", "train_eegs"},
		{testEEGs, "train_eegs", "test_eegs"},
		{trainSpecs, "train_spectrograms", "train_spectrograms"},
		{testSpecs, "train_spectrograms", "test_spectrograms"},
	}
	var jobs []filecopy.Job
	for _, p := range parts {
		dst := filepath.Join(d.Public, p.dst)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for _, n := range p.names {
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, p.src, n+".parquet"), Dst: filepath.Join(dst, n+".parquet")})
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}

	// The original's asserts.
	for _, p := range parts {
		n, err := countEntries(filepath.Join(d.Public, p.dst))
		if err != nil {
			return err
		}
		if n != len(p.names) {
			return fmt.Errorf("assertion failed: public/%s holds %d entries, want %d", p.dst, n, len(p.names))
		}
	}
	if !disjoint(trainSpecs, testSpecs) {
		return fmt.Errorf("assertion failed: spectrogram ids shared by train and test")
	}
	if !disjoint(trainEEGs, testEEGs) {
		return fmt.Errorf("assertion failed: eeg ids shared by train and test (an eeg_id belongs to several spectrograms)")
	}
	return nil
}

// idNames returns each row's id as the original formats it into a file
// name (f"{id}.parquet"): integers in decimal; a float column (ids read as
// floats) by Python's repr. Missing or text ids are refused.
func idNames(c *table.Column) ([]string, error) {
	switch c.Kind {
	case table.Int64, table.Float64:
	default:
		return nil, fmt.Errorf("raw train.csv: %s is %v, want integer ids", c.Name, c.Kind)
	}
	out := make([]string, c.Len())
	for i := range out {
		if c.IsNull(i) {
			return nil, fmt.Errorf("raw train.csv: %s is missing on row %d", c.Name, i+1)
		}
		if c.Kind == table.Float64 && math.IsInf(c.Floats[i], 0) {
			return nil, fmt.Errorf("raw train.csv: %s is infinite on row %d", c.Name, i+1)
		}
		out[i] = c.Str(i)
	}
	return out, nil
}

// uniqueInOrder is pandas' unique(): distinct values in order of first
// appearance.
func uniqueInOrder(names []string) []string {
	seen := make(map[string]bool, len(names))
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

func pickNames(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, j := range idx {
		out[i] = names[j]
	}
	return out
}

func disjoint(a, b []string) bool {
	set := make(map[string]bool, len(a))
	for _, s := range a {
		set[s] = true
	}
	for _, s := range b {
		if set[s] {
			return false
		}
	}
	return true
}

// submissions builds the gold submission (eeg_id and the votes divided by
// their row sum) and the sample submission (eeg_id and 1/6 everywhere).
func submissions(test *table.Table) (gold, sample *table.Table, err error) {
	ids, _ := test.Col(idCol)
	n := test.Len()
	votes := make([]*table.Column, len(targetCols))
	allInt := true
	for k, name := range targetCols {
		c, _ := test.Col(name)
		switch c.Kind {
		case table.Int64:
		case table.Float64:
			allInt = false
		default:
			return nil, nil, fmt.Errorf("raw train.csv: %s is %v, want numbers", name, c.Kind)
		}
		votes[k] = c
	}
	sums := make([]float64, n)
	for i := range sums {
		if allInt {
			var s int64
			for _, c := range votes {
				s += c.Ints[i]
			}
			sums[i] = float64(s)
			continue
		}
		var s float64
		for _, c := range votes {
			if v, _ := c.Float(i); !math.IsNaN(v) {
				s += v
			}
		}
		sums[i] = s
	}
	goldCols := []*table.Column{ids}
	sampleCols := []*table.Column{ids}
	for k, name := range targetCols {
		p := make([]float64, n)
		u := make([]float64, n)
		for i := range p {
			v, _ := votes[k].Float(i)
			p[i] = v / sums[i]
			u[i] = 1.0 / 6
		}
		goldCols = append(goldCols, table.Floats(name, p))
		sampleCols = append(sampleCols, table.Floats(name, u))
	}
	if gold, err = table.New(goldCols...); err != nil {
		return nil, nil, err
	}
	if sample, err = table.New(sampleCols...); err != nil {
		return nil, nil, err
	}
	return gold, sample, nil
}

// copyTree is shutil.copytree(src, dst): src must be a folder, dst must not
// exist yet; folders are created as they are met, files copied on all cores.
func copyTree(ctx context.Context, src, dst string) error {
	st, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("copying %s: not a directory", src)
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("copying %s: %s already exists", src, dst)
	}
	var jobs []filecopy.Job
	err = filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
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
		jobs = append(jobs, filecopy.Job{Src: path, Dst: target})
		return nil
	})
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return filecopy.Run(ctx, jobs)
}

// countEntries counts every entry (files and folders, recursively) below
// dir, as the original's len(list(dir.glob("**/*"))) does.
func countEntries(dir string) (int, error) {
	n := -1 // the walk visits dir itself first
	err := filepath.WalkDir(dir, func(_ string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("counting %s: %w", dir, err)
	}
	return n, nil
}
