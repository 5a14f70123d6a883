package champs_scalar_coupling

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

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
