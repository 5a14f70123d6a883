package nomad2018_predict_transparent_conductors

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var header = []string{"id", "spacegroup", "number_of_total_atoms", "percent_atom_al", "percent_atom_ga",
	"percent_atom_in", "lattice_vector_1_ang", "lattice_vector_2_ang", "lattice_vector_3_ang",
	"lattice_angle_alpha_degree", "lattice_angle_beta_degree", "lattice_angle_gamma_degree",
	formation, bandgap}

// FakeRaw writes the four zips: train.csv.zip (train.csv at the root,
// the real 14-column header, 60 rows by default), train.zip
// (train/<id>/geometry.xyz for every id, plus a second .xyz that sorts last
// in one folder, a hidden .xyz and a non-.xyz file), test.zip and
// test.csv.zip. Feature columns mix integral and fractional text
// (percent_atom_* holds "0", "0.5", "0.50"; number_of_total_atoms "80.0").
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 60)
	r := synth.Rand(opt.Seed, "train")
	c := &synth.CSV{Header: header}
	var geo []synth.ZipEntry
	groups := []string{"12", "33", "167", "194", "206", "227"}
	f := func(x float64, digits int) string { return strconv.FormatFloat(x, 'f', digits, 64) }
	for i := 1; i <= n; i++ {
		id := strconv.Itoa(i)
		al := []string{"0", "0.5", "0.50", "0.25", "1", "0.625", "0.0312"}[r.IntN(7)]
		c.Add(id, synth.Pick(r, groups), []string{"80.0", "40.0", "30.0", "10.0"}[r.IntN(4)],
			al, f(r.Float64(), 4), f(r.Float64(), 3),
			f(5+r.Float64()*20, 4), f(5+r.Float64()*15, 4), f(8+r.Float64()*20, 4),
			f(88+r.Float64()*4, 4), f(88+r.Float64()*4, 4), f(r.Float64()*120, 4),
			f(r.Float64()*0.4, 4), f(r.Float64()*5, 4))
		xyz := fmt.Sprintf("#=======================================================\n#Created using the Atomic Simulation Environment (ASE)\n#=======================================================\nlattice_vector %s 0.0 0.0 \natom %s %s %s Ga\n",
			f(5+r.Float64()*20, 8), f(r.Float64(), 8), f(r.Float64(), 8), f(r.Float64(), 8))
		geo = append(geo, synth.ZipEntry{Name: "train/" + id + "/geometry.xyz", Data: []byte(xyz)})
		if i == 2 {
			geo = append(geo, synth.ZipEntry{Name: "train/" + id + "/zz_relaxed.xyz", Data: []byte("#relaxed: this file sorts last and wins\n" + xyz)})
		}
		if i == 3 {
			geo = append(geo, synth.ZipEntry{Name: "train/" + id + "/notes.txt", Data: []byte("not a geometry\n")},
				synth.ZipEntry{Name: "train/" + id + "/.hidden.xyz", Data: []byte("hidden\n")})
		}
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.csv.zip"), []synth.ZipEntry{{Name: "train.csv", Data: c.Bytes()}}); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.zip"), geo); err != nil {
		return err
	}
	test := &synth.CSV{Header: header[:12]}
	var testGeo []synth.ZipEntry
	for i := 1; i <= 5; i++ {
		test.Add(strconv.Itoa(i), "12", "80.0", "0.5", "0.25", "0.25", "9.9", "9.9", "9.9", "90.0", "90.0", "90.0")
		testGeo = append(testGeo, synth.ZipEntry{Name: fmt.Sprintf("test/%d/geometry.xyz", i), Data: []byte("#test geometry\n")})
	}
	if err := synth.WriteZip(filepath.Join(dir, "test.csv.zip"), []synth.ZipEntry{{Name: "test.csv", Data: test.Bytes()}}); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "test.zip"), testGeo)
}
