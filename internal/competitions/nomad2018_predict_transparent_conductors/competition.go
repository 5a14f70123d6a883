package nomad2018_predict_transparent_conductors

// nomad2018-predict-transparent-conductors — spec: ../shared/spec/competitions/nomad2018-predict-transparent-conductors.md
//
// Quirks reproduced:
//   - the four raw zips are read in place (raw/train.csv.zip holds
//     train.csv at its root, read as "raw/train.csv/train.csv"; raw/train.zip
//     holds train/<id>/*.xyz); test.zip and test.csv.zip must exist and be
//     valid zips but are never read;
//   - train_test_split(test_size=0.1, random_state=0); ids renumbered 1..n in
//     each part's permutation order;
//   - geometry: every train/*/*.xyz member (one directory level, glob order:
//     full paths sorted as strings, hidden names skipped) has its folder name
//     parsed with Python int() — before filtering, so a non-integer folder
//     fails prepare; a train id's files go to public/train/<new>/geometry.xyz
//     and, in a second pass, a test id's to public/test/<new>/geometry.xyz,
//     so with several .xyz files in one folder the last in sort order wins;
//   - the .xyz counts below public/train and public/test must equal the row
//     counts (every id needs at least one .xyz);
//   - grading has no id alignment: rows are compared by position, the id
//     column is not required; each target's RMSLE follows scikit-learn 1.5.x
//     (any negative value raises → plain error); score = mean of the two, a
//     numpy float64.

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "nomad2018-predict-transparent-conductors",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	formation = "formation_energy_ev_natom"
	bandgap   = "bandgap_energy_ev"
)

var header = []string{"id", "spacegroup", "number_of_total_atoms", "percent_atom_al", "percent_atom_ga",
	"percent_atom_in", "lattice_vector_1_ang", "lattice_vector_2_ang", "lattice_vector_3_ang",
	"lattice_angle_alpha_degree", "lattice_angle_beta_degree", "lattice_angle_gamma_degree",
	formation, bandgap}

func Prepare(ctx context.Context, d competition.Dirs) error {
	for _, z := range []string{"test.zip", "test.csv.zip"} {
		if err := zipfile.Check(filepath.Join(d.Raw, z)); err != nil {
			return err
		}
	}
	geo, err := zipfile.Open(filepath.Join(d.Raw, "train.zip"))
	if err != nil {
		return err
	}
	defer geo.Close()
	csvZip, err := zipfile.Open(filepath.Join(d.Raw, "train.csv.zip"))
	if err != nil {
		return err
	}
	defer csvZip.Close()
	df, err := zipfile.ReadTable(csvZip, "train.csv", filepath.Join(d.Raw, "train.csv.zip"))
	if err != nil {
		return err
	}
	idCol, ok := df.Col("id")
	if !ok {
		return fmt.Errorf("train.csv has no id column")
	}
	train, test, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return err
	}
	renumber := func(rows []int) (*table.Table, map[key]int64, error) {
		ids := make([]int64, len(rows))
		mapping := make(map[key]int64, len(rows))
		for i, r := range rows {
			ids[i] = int64(i + 1)
			k, ok := cellKey(idCol, r)
			if ok {
				mapping[k] = ids[i]
			}
		}
		t, err := df.Take(rows).With(table.Ints("id", ids))
		return t, mapping, err
	}
	newTrain, trainMap, err := renumber(train)
	if err != nil {
		return err
	}
	newTest, testMap, err := renumber(test)
	if err != nil {
		return err
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Private, "test.csv"), newTest},
		{filepath.Join(d.Public, "test.csv"), newTest.Drop(formation, bandgap)},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}

	// Geometry: raw/train/train/*/*.xyz, sorted; int() of every folder name first.
	type xyz struct {
		member string
		id     key
	}
	var files []xyz
	for _, m := range globXYZ(geo) {
		dir := strings.Split(m, "/")[1]
		v, ok := pandas.PyInt(dir)
		if !ok {
			return fmt.Errorf("invalid literal for int() with base 10: '%s' (geometry folder of %s)", dir, m)
		}
		files = append(files, xyz{m, key{isInt: true, i: v}})
	}
	for _, pass := range []struct {
		dir     string
		mapping map[key]int64
	}{{filepath.Join(d.Public, "train"), trainMap}, {filepath.Join(d.Public, "test"), testMap}} {
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			newID, ok := pass.mapping[f.id]
			if !ok {
				continue
			}
			dst := filepath.Join(pass.dir, strconv.FormatInt(newID, 10))
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
			if err := geo.ExtractTo(f.member, filepath.Join(dst, "geometry.xyz")); err != nil {
				return fmt.Errorf("copying geometry %s: %w", f.member, err)
			}
		}
	}
	for _, c := range []struct {
		dir  string
		want int
	}{{filepath.Join(d.Public, "train"), newTrain.Len()}, {filepath.Join(d.Public, "test"), newTest.Len()}} {
		got, err := imagecopy.CountFiles(c.dir, ".xyz")
		if err != nil {
			return err
		}
		if got != c.want {
			return fmt.Errorf("%s holds %d .xyz files, expected %d (one per row)", c.dir, got, c.want)
		}
	}

	n := newTest.Len()
	ids := make([]int64, n)
	fe, bg := make([]float64, n), make([]float64, n)
	for i := range ids {
		ids[i], fe[i], bg[i] = int64(i+1), 0.1779, 1.8892
	}
	sample := table.MustNew(table.Ints("id", ids), table.Floats(formation, fe), table.Floats(bandgap, bg))
	return table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{})
}

// key is a Python dict key for an id value: ints and integral floats
// by their integer (1 == 1.0), other floats and text as themselves.
type key struct {
	isInt bool
	i     int64
	f     float64
	s     string
}

func cellKey(c *table.Column, r int) (key, bool) {
	if c.IsNull(r) {
		return key{}, false // NaN never matches a folder id
	}
	switch c.Kind {
	case table.Int64:
		return key{isInt: true, i: c.Ints[r]}, true
	case table.String:
		return key{s: "s:" + c.Text[r]}, true
	}
	v, _ := c.Float(r)
	if v == math.Trunc(v) && math.Abs(v) < 1<<63 {
		return key{isInt: true, i: int64(v)}, true
	}
	return key{f: v}, true
}

// globXYZ lists the members matching train/*/*.xyz (glob.glob: one
// directory level, names starting with '.' skipped), sorted as strings.
func globXYZ(z *zipfile.Reader) []string {
	var out []string
	for _, m := range z.Paths() {
		parts := strings.Split(m, "/")
		if len(parts) != 3 || parts[0] != "train" || strings.HasPrefix(parts[1], ".") || strings.HasPrefix(parts[2], ".") || !strings.HasSuffix(parts[2], ".xyz") {
			continue
		}
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{formation, bandgap} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the column %s", c)
		}
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers have different lengths (%d, expected %d)", sub.Len(), ans.Len())
	}
	var yTrue, yPred [][]float64
	for _, c := range []string{formation, bandgap} {
		a, ok := ans.Col(c)
		if !ok {
			return competition.Score{}, fmt.Errorf("answers have no %s column", c)
		}
		s, _ := sub.Col(c)
		at, err := pandas.Floats(a)
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers %s: %w", c, err)
		}
		sp, err := pandas.Floats(s)
		if err != nil {
			return competition.Score{}, err
		}
		yTrue, yPred = append(yTrue, at), append(yPred, sp)
	}
	v, err := metric.MeanColumnwiseRMSLE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(v), nil
}

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
