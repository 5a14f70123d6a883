package champs_scalar_coupling

// champs-scalar-coupling — spec: ../shared/spec/competitions/champs-scalar-coupling.md
//
// Quirks reproduced:
//   - train.csv grouped by molecule_name (sorted names; rows keep file
//     order; a missing name is dropped as groupby does), the list of groups
//     split with train_test_split(test_size=0.1, random_state=0) and
//     concatenated in permutation order;
//   - test = answers without scalar_coupling_constant; sample = id + integer
//     0; the hard-coded column counts (6/5/2) are asserted;
//   - the six auxiliary CSVs are filtered to train molecules only (test
//     molecules vanish from structures.csv too, upstream issue #70), each
//     asserted to hold exactly the train molecule set; structures/<name>.xyz
//     copied for train molecules only;
//   - grading: scalar_coupling_constant then id present, set(ids) equal (no
//     length check: duplicated ids duplicate merged rows), inner merge in
//     answers order, per type (sorted) MAE with numpy pairwise sums, np.log
//     (MAE 0 gives −inf, a valid score), np.mean over types; NaN/inf or
//     non-numeric predictions are plain errors (sklearn's checks).

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"

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
	ID:      "champs-scalar-coupling",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var auxFiles = []string{
	"structures.csv", "dipole_moments.csv", "magnetic_shielding_tensors.csv",
	"mulliken_charges.csv", "potential_energy.csv", "scalar_coupling_contributions.csv",
}

const target = "scalar_coupling_constant"

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
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
	newTrain, answers := df.Take(trainRows), df.Take(testRows)
	newTest := answers.Drop(target)
	ids, ok := answers.Col("id")
	if !ok {
		return fmt.Errorf("train.csv has no id column")
	}
	zeros := make([]int64, answers.Len())
	sample := table.MustNew(ids, table.Ints(target, zeros))

	aux := make([]*table.Table, len(auxFiles))
	for i, name := range auxFiles {
		if err := ctx.Err(); err != nil {
			return err
		}
		t, err := table.ReadFile(filepath.Join(d.Raw, name), table.ReadOptions{})
		if err != nil {
			return err
		}
		mn, ok := t.Col("molecule_name")
		if !ok {
			return fmt.Errorf("%s has no molecule_name column", name)
		}
		var keep []int
		seen := map[any]bool{}
		for r := 0; r < t.Len(); r++ {
			if k, ok := pandas.CellKey(mn, r); ok && trainSet[k] {
				keep = append(keep, r)
				seen[k] = true
			}
		}
		if len(seen) != len(trainSet) {
			return fmt.Errorf("%s holds %d of the %d train molecules", name, len(seen), len(trainSet))
		}
		aux[i] = t.Take(keep)
	}
	trainIDs := map[any]bool{}
	trID, _ := newTrain.Col("id")
	for r := 0; r < trID.Len(); r++ {
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
		len(answers.Columns()) != 6 || len(newTrain.Columns()) != 6 {
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
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "test.csv"), newTest},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	}
	for i, name := range auxFiles {
		outs = append(outs, struct {
			path string
			t    *table.Table
		}{filepath.Join(d.Public, name), aux[i]})
	}
	for _, o := range outs {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return err
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

// pyCompare compares cells i and j of c as Python's sort does;
// ok=false when they cannot be ordered (text vs number).
func pyCompare(c *table.Column, i, j int) (int, bool) {
	a, ok1 := pandas.PyValueOf(c, i)
	b, ok2 := pandas.PyValueOf(c, j)
	if !ok1 || !ok2 {
		return 0, false
	}
	return pandas.PyCompare(a, b)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{target, "id"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
	}
	for _, c := range []string{target, "id", "type"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	predCol, _ := sub.Col(target)
	pred, err := pandas.Floats(predCol)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission %s: %w", target, err)
	}
	trueCol, _ := ans.Col(target)
	truth, err := pandas.Floats(trueCol)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers %s: %w", target, err)
	}
	bySub := map[any][]int{}
	for r := 0; r < subID.Len(); r++ {
		if k, ok := pandas.CellKey(subID, r); ok {
			bySub[k] = append(bySub[k], r)
		}
	}
	// Inner merge in answers order, then groupby("type") with sorted keys.
	types, _ := ans.Col("type")
	perType := map[any]*[2][]float64{}
	typeRow := map[any]int{}
	var typeKeys []any
	for r := 0; r < ansID.Len(); r++ {
		k, ok := pandas.CellKey(ansID, r)
		if !ok {
			continue
		}
		tk, ok := pandas.CellKey(types, r)
		if !ok || types.IsNull(r) {
			continue // groupby drops a missing key
		}
		g := perType[tk]
		if g == nil {
			g = &[2][]float64{}
			perType[tk] = g
			typeRow[tk] = r
			typeKeys = append(typeKeys, tk)
		}
		for _, s := range bySub[k] {
			g[0] = append(g[0], truth[r])
			g[1] = append(g[1], pred[s])
		}
	}
	var sortErr error
	sort.SliceStable(typeKeys, func(i, j int) bool {
		c, ok := pyCompare(types, typeRow[typeKeys[i]], typeRow[typeKeys[j]])
		if !ok {
			sortErr = fmt.Errorf("answers type column cannot be sorted")
		}
		return c < 0
	})
	if sortErr != nil {
		return competition.Score{}, sortErr
	}
	logs := make([]float64, len(typeKeys))
	for i, tk := range typeKeys {
		g := perType[tk]
		mae, err := metric.MAE(g[0], g[1])
		if err != nil {
			return competition.Score{}, fmt.Errorf("type %s: %w", types.Str(typeRow[tk]), err)
		}
		logs[i] = math.Log(mae)
	}
	return competition.Numpy(metric.Mean(logs)), nil
}

var couplingTypes = []string{"1JHC", "1JHN", "2JHC", "2JHH", "2JHN", "3JHC", "3JHH", "3JHN"}

// FakeRaw writes raw/train.csv (Kaggle's 6 columns; 60 molecules by
// default, 2–6 couplings each, ids 0… in file order which is not sorted by
// name), the six auxiliary CSVs with Kaggle's columns for every train
// molecule plus a few test-only molecules (filtered out), and
// raw/structures/<name>.xyz for every molecule. Floats include text forms
// pandas re-writes (trailing zeros, "-0.0", "1e-05").
func FakeRaw(dir string, opt competition.FakeOptions) error {
	nMol := max(synth.Rows(opt.Rows, 60), 2)
	r := synth.Rand(opt.Seed, "train")
	num := func(lo, hi float64) string {
		x := lo + r.Float64()*(hi-lo)
		switch r.IntN(25) {
		case 0:
			return strconv.FormatFloat(x, 'f', 2, 64) + "0"
		case 1:
			return "-0.0"
		case 2:
			return "1e-05"
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	// Molecule names in shuffled file order; 4 extra ones exist only in the
	// auxiliary files (like Kaggle's test molecules).
	order := r.Perm(nMol + 4)
	names := make([]string, nMol+4)
	for i, p := range order {
		names[i] = fmt.Sprintf("dsgdb9nsd_%06d", 1+p*7)
	}
	atoms := make([]int, len(names))
	for i := range atoms {
		atoms[i] = 3 + r.IntN(5)
	}
	train := &synth.CSV{Header: []string{"id", "molecule_name", "atom_index_0", "atom_index_1", "type", target}}
	contrib := &synth.CSV{Header: []string{"molecule_name", "atom_index_0", "atom_index_1", "type", "fc", "sd", "pso", "dso"}}
	id := 0
	for m := 0; m < nMol; m++ {
		for k := 2 + r.IntN(5); k > 0; k-- {
			a0, a1 := r.IntN(atoms[m]), r.IntN(atoms[m])
			typ := synth.Pick(r, couplingTypes)
			train.Add(strconv.Itoa(id), names[m], strconv.Itoa(a0), strconv.Itoa(a1), typ, num(-20, 200))
			contrib.Add(names[m], strconv.Itoa(a0), strconv.Itoa(a1), typ, num(-20, 200), num(-1, 1), num(-1, 1), num(-1, 1))
			id++
		}
	}
	structures := &synth.CSV{Header: []string{"molecule_name", "atom_index", "atom", "x", "y", "z"}}
	dipole := &synth.CSV{Header: []string{"molecule_name", "X", "Y", "Z"}}
	shield := &synth.CSV{Header: []string{"molecule_name", "atom_index", "XX", "YX", "ZX", "XY", "YY", "ZY", "XZ", "YZ", "ZZ"}}
	mulliken := &synth.CSV{Header: []string{"molecule_name", "atom_index", "mulliken_charge"}}
	energy := &synth.CSV{Header: []string{"molecule_name", "potential_energy"}}
	for m, name := range names {
		dipole.Add(name, num(-3, 3), num(-3, 3), num(-3, 3))
		energy.Add(name, num(-500, -40))
		var xyz []byte
		xyz = fmt.Appendf(xyz, "%d\n\n", atoms[m])
		for a := 0; a < atoms[m]; a++ {
			el := synth.Pick(r, []string{"C", "H", "N", "O"})
			x, y, z := num(-3, 3), num(-3, 3), num(-3, 3)
			structures.Add(name, strconv.Itoa(a), el, x, y, z)
			xyz = fmt.Appendf(xyz, "%s %s %s %s\n", el, x, y, z)
			row := []string{name, strconv.Itoa(a)}
			for k := 0; k < 9; k++ {
				row = append(row, num(-100, 200))
			}
			shield.Add(row...)
			mulliken.Add(name, strconv.Itoa(a), num(-1, 1))
		}
		if err := synth.WriteFile(filepath.Join(dir, "structures", name+".xyz"), xyz); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{
		{"train.csv", train}, {"structures.csv", structures}, {"dipole_moments.csv", dipole},
		{"magnetic_shielding_tensors.csv", shield}, {"mulliken_charges.csv", mulliken},
		{"potential_energy.csv", energy}, {"scalar_coupling_contributions.csv", contrib},
	} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
