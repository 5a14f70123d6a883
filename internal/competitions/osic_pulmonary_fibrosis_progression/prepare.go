package osic_pulmonary_fibrosis_progression

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// takeOrNull is column c at rows idx, -1 giving a missing cell with the
// dtype pandas' left merge gives: int64 becomes float64 when any cell is
// missing, bool becomes an object column.
func takeOrNull(c *table.Column, idx []int) (*table.Column, error) {
	if !slices.Contains(idx, -1) {
		return c.Take(idx), nil
	}
	if c.Mixed != nil {
		return nil, fmt.Errorf("column %s: mixed-type column not supported in the merge", c.Name)
	}
	null := make([]bool, len(idx))
	for k, i := range idx {
		null[k] = i < 0 || c.IsNull(i)
	}
	switch c.Kind {
	case table.Int64, table.Float64:
		v := make([]float64, len(idx))
		for k, i := range idx {
			v[k] = math.NaN()
			if i >= 0 {
				if x, ok := c.Float(i); ok {
					v[k] = x
				}
			}
		}
		return &table.Column{Name: c.Name, Kind: table.Float64, Floats: v, Null: null}, nil
	case table.Bool, table.BoolObject:
		v := make([]bool, len(idx))
		for k, i := range idx {
			if i >= 0 {
				v[k] = c.Bools[i]
			}
		}
		return &table.Column{Name: c.Name, Kind: table.BoolObject, Bools: v, Null: null}, nil
	}
	v := make([]string, len(idx))
	for k, i := range idx {
		if i >= 0 && !null[k] {
			v[k] = c.Text[i]
		}
	}
	return &table.Column{Name: c.Name, Kind: table.String, Text: v, Null: null}, nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	old, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	patient, ok := old.Col("Patient")
	if !ok {
		return fmt.Errorf("%s: no %q column", src, "Patient")
	}
	weeks, ok := old.Col("Weeks")
	if !ok {
		return fmt.Errorf("%s: no %q column", src, "Weeks")
	}
	if !old.Has("FVC") {
		return fmt.Errorf("%s: no %q column", src, "FVC")
	}
	if patient.Kind != table.String || patient.Mixed != nil {
		return fmt.Errorf("%s: Patient column is %s, not text: building Patient_Week would raise", src, patient.Kind)
	}
	if weeks.Kind != table.Int64 {
		return fmt.Errorf("%s: Weeks column is %s, not integers", src, weeks.Kind)
	}
	byPatient := map[string][]int{}
	var names []string
	for i := 0; i < old.Len(); i++ {
		if patient.IsNull(i) {
			continue
		}
		p := patient.Text[i]
		if _, ok := byPatient[p]; !ok {
			names = append(names, p)
		}
		byPatient[p] = append(byPatient[p], i)
	}
	slices.Sort(names)
	trainG, testG, err := pyrand.TrainTestSplit(len(names), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting patients: %w", err)
	}
	flatten := func(sel []int) []int {
		var rows []int
		for _, g := range sel {
			rows = append(rows, byPatient[names[g]]...)
		}
		return rows
	}
	newTrain, newTest := old.Take(flatten(trainG)), old.Take(flatten(testG))
	tPatient, _ := newTest.Col("Patient")
	tWeeks, _ := newTest.Col("Weeks")

	// Public test: earliest week per patient, groupby-first per column.
	testNames := make([]string, len(testG))
	for k, g := range testG {
		testNames[k] = names[g]
	}
	sorted := slices.Clone(testNames)
	slices.Sort(sorted)
	rowsOf := map[string][]int{} // new_test rows per patient, by week
	for i := 0; i < newTest.Len(); i++ {
		rowsOf[tPatient.Text[i]] = append(rowsOf[tPatient.Text[i]], i)
	}
	for _, rows := range rowsOf {
		sort.SliceStable(rows, func(a, b int) bool { return tWeeks.Ints[rows[a]] < tWeeks.Ints[rows[b]] })
	}
	var pubCols []*table.Column
	for _, c := range newTest.Columns() {
		idx := make([]int, len(sorted))
		for k, p := range sorted {
			rows := rowsOf[p]
			idx[k] = rows[0]
			for _, r := range rows {
				if !c.IsNull(r) {
					idx[k] = r
					break
				}
			}
		}
		pubCols = append(pubCols, c.Take(idx))
	}
	pubTest, err := table.New(pubCols...)
	if err != nil {
		return err
	}

	// Private answers: the week grid left-joined with new_test.
	wMin, wMax := int64(math.MaxInt64), int64(math.MinInt64)
	for _, w := range tWeeks.Ints {
		wMin, wMax = min(wMin, w), max(wMax, w)
	}
	if wMax-wMin > 1_000_000 {
		return fmt.Errorf("test weeks span %d..%d: grid too large", wMin, wMax)
	}
	type key struct {
		p string
		w int64
	}
	match := map[key][]int{}
	for i := 0; i < newTest.Len(); i++ {
		k := key{tPatient.Text[i], tWeeks.Ints[i]}
		match[k] = append(match[k], i)
	}
	var gPatient, gPW []string
	var gWeeks []int64
	var gSrc []int
	perPatient := map[string]int{}
	for _, p := range testNames {
		for w := wMin; w <= wMax; w++ {
			rows := match[key{p, w}]
			if len(rows) == 0 {
				rows = []int{-1}
			}
			for _, r := range rows {
				gPatient = append(gPatient, p)
				gWeeks = append(gWeeks, w)
				gPW = append(gPW, p+"_"+strconv.FormatInt(w, 10))
				gSrc = append(gSrc, r)
				perPatient[p]++
			}
		}
	}
	for _, p := range testNames {
		if perPatient[p] != perPatient[testNames[0]] {
			return fmt.Errorf("assertion failed: patient %s has %d grid rows, %s has %d (repeated (Patient, Weeks) pair)", p, perPatient[p], testNames[0], perPatient[testNames[0]])
		}
	}
	privCols := []*table.Column{table.Strings("Patient", gPatient), table.Ints("Weeks", gWeeks)}
	for _, c := range newTest.Columns() {
		if c.Name == "Patient" || c.Name == "Weeks" {
			continue
		}
		tc, err := takeOrNull(c, gSrc)
		if err != nil {
			return err
		}
		privCols = append(privCols, tc)
	}
	hundred := make([]int64, len(gPW))
	fvc := make([]int64, len(gPW))
	for i := range hundred {
		hundred[i], fvc[i] = 100, 2000
	}
	privCols = append(privCols, table.Strings("Patient_Week", gPW), table.Ints("Confidence", hundred))
	private, err := table.New(privCols...)
	if err != nil {
		return fmt.Errorf("building the answers: %w", err)
	}
	sample := table.MustNew(table.Strings("Patient_Week", gPW), table.Ints("FVC", fvc), table.Ints("Confidence", hundred))
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: pubTest},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: private},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	for _, part := range []struct {
		sel []int
		dir string
	}{{trainG, "train"}, {testG, "test"}} {
		for _, g := range part.sel {
			p := names[g]
			if !imagecopy.SafeName(p) {
				return fmt.Errorf("patient %q is not a plain folder name", p)
			}
			if err := copyTree(ctx, filepath.Join(d.Raw, "train", p), filepath.Join(d.Public, part.dir, p)); err != nil {
				return err
			}
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{{"new_train", len(newTrain.Names()), 7}, {"private test", len(private.Names()), 9}, {"public test", len(pubTest.Names()), 7}, {"sample submission", len(sample.Names()), 3}} {
		if c.got != c.want {
			return fmt.Errorf("assertion failed: %s has %d columns, expected %d", c.what, c.got, c.want)
		}
	}
	return nil
}

// copyTree is shutil.copytree(src, dst): dst must not exist yet.
func copyTree(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("copying patient folder: %w", err)
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("copying patient folder: %s already exists", dst)
	}
	var jobs []filecopy.Job
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		jobs = append(jobs, filecopy.Job{Src: path, Dst: filepath.Join(dst, rel)})
		return nil
	})
	if err != nil {
		return err
	}
	return filecopy.Run(ctx, jobs)
}
