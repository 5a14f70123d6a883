package nomad2018_predict_transparent_conductors

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
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
