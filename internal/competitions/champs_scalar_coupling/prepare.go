package champs_scalar_coupling

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

var auxFiles = []string{
	"structures.csv", "dipole_moments.csv", "magnetic_shielding_tensors.csv",
	"mulliken_charges.csv", "potential_energy.csv", "scalar_coupling_contributions.csv",
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	// Numeric cells are written from their values: their text is not kept.
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{DropNumericText: true})
	if err != nil {
		return err
	}
	names, ok := df.Col("molecule_name")
	if !ok {
		return fmt.Errorf("train.csv has no molecule_name column")
	}
	if !df.Has(target) {
		return fmt.Errorf("train.csv has no %s column", target)
	}
	// groupby(sort=True): unique names in sorted order, rows in file order.
	groups := map[any][]int{}
	var keys []any
	keyRow := map[any]int{}
	for r := 0; r < df.Len(); r++ {
		k, ok := pandas.CellKey(names, r)
		if !ok || names.IsNull(r) {
			continue
		}
		if _, seen := groups[k]; !seen {
			keys = append(keys, k)
			keyRow[k] = r
		}
		groups[k] = append(groups[k], r)
	}
	var sortErr error
	sort.SliceStable(keys, func(i, j int) bool {
		c, ok := pyCompare(names, keyRow[keys[i]], keyRow[keys[j]])
		if !ok {
			sortErr = fmt.Errorf("molecule_name mixes text and numbers: groupby cannot sort it")
		}
		return c < 0
	})
	if sortErr != nil {
		return sortErr
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(len(keys), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return err
	}
	var trainRows, testRows []int
	trainSet := map[any]bool{}
	var trainNames []int // first row of each train molecule, in order
	for _, g := range trIdx {
		trainRows = append(trainRows, groups[keys[g]]...)
		trainSet[keys[g]] = true
		trainNames = append(trainNames, keyRow[keys[g]])
	}
	for _, g := range teIdx {
		testRows = append(testRows, groups[keys[g]]...)
	}
	groups = nil
	// new_train (90% of the rows) is written from df in slices, never
	// copied whole.
	answers := df.Take(testRows)
	newTest := answers.Drop(target)
	ids, ok := answers.Col("id")
	if !ok {
		return fmt.Errorf("train.csv has no id column")
	}
	zeros := make([]int64, answers.Len())
	sample := table.MustNew(ids, table.Ints(target, zeros))

	auxTmp, err := filterAuxFiles(ctx, d.Raw, d.Public, trainSet)
	if err != nil {
		return err
	}
	defer func() {
		for _, t := range auxTmp {
			os.Remove(t) // left only after a later error
		}
	}()

	trainIDs := map[any]bool{}
	trID, _ := df.Col("id")
	for _, r := range trainRows {
		if k, ok := pandas.CellKey(trID, r); ok {
			trainIDs[k] = true
		}
	}
	for r := 0; r < ids.Len(); r++ {
		if k, ok := pandas.CellKey(ids, r); ok && trainIDs[k] {
			return fmt.Errorf("id %s is in both the train and test split", ids.Str(r))
		}
	}
	if len(sample.Columns()) != 2 || sample.Len() != newTest.Len() || len(newTest.Columns()) != 5 ||
		len(answers.Columns()) != 6 || len(df.Columns()) != 6 {
		return fmt.Errorf("train.csv must have 6 columns (has %d)", len(df.Columns()))
	}

	dst := filepath.Join(d.Public, "structures")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, r := range trainNames {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := names.Str(r) + ".xyz"
		if !imagecopy.SafeName(name) {
			return fmt.Errorf("molecule name %q is not a plain file name", names.Str(r))
		}
		if err := imagecopy.CopyFile(filepath.Join(d.Raw, "structures", name), filepath.Join(dst, name)); err != nil {
			return fmt.Errorf("copying structure: %w", err)
		}
	}
	outs := []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "answers.csv"), answers},
		{filepath.Join(d.Public, "test.csv"), newTest},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	}
	for _, o := range outs {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	if err := writeRows(filepath.Join(d.Public, "train.csv"), df, trainRows); err != nil {
		return err
	}
	for i, name := range auxFiles {
		if err := os.Rename(auxTmp[i], filepath.Join(d.Public, name)); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	n, err := imagecopy.CountFiles(dst, ".xyz")
	if err != nil {
		return err
	}
	if n != len(trainNames) {
		return fmt.Errorf("public/structures has %d .xyz files, expected %d", n, len(trainNames))
	}
	return nil
}
