package osic_pulmonary_fibrosis_progression

// osic-pulmonary-fibrosis-progression — spec: ../shared/spec/competitions/osic-pulmonary-fibrosis-progression.md
//
// Quirks reproduced:
//   - the split is over patients (groups in ascending code-point order of
//     Patient, rows in file order), train_test_split(test_size=0.1,
//     random_state=0); rows with a missing Patient belong to no group
//     (groupby drops them);
//   - public/test.csv: each test patient's earliest-week row (groupby-first:
//     first non-missing cell per column), sorted by Patient;
//   - private/test.csv: a grid of every week from the global min to max test
//     week for each test patient (first-appearance order), left-joined with
//     the test rows, so FVC/Age print as floats ("2315.0") when any grid
//     week is unmeasured; plus Patient_Week and Confidence = 100; the
//     equal-rows-per-patient assert runs before anything is written;
//   - the sample submission is Patient_Week, FVC = 2000, Confidence = 100;
//   - patient folders raw/train/<Patient> are copied as trees after the CSVs;
//     the column-count asserts (7/9/7/3) and the disjoint-folder assert run
//     last;
//   - grading: rows may be missing (only the 3 latest measured weeks per
//     patient are scored), unknown Patient_Week values are invalid, FVC and
//     Confidence must be numeric dtypes (bool counts), NaN Confidence → 0;
//     both sides are aligned by position after sorting by Patient_Week, so a
//     duplicated row is scored by numpy broadcasting (length 1 on the true
//     side) or fails with a broadcasting error; no scored row present gives
//     a NaN score (valid); score = mean of the modified Laplace
//     log-likelihood, a NumPy float64.
//
// Deliberate differences: a patient id that is not a plain folder name is
// refused. Ties between a patient's measured weeks at the top-3 cut-off
// (impossible in prepared answers) are broken stably.

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
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "osic-pulmonary-fibrosis-progression",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var rawHeader = []string{"Patient", "Weeks", "FVC", "Percent", "Age", "Sex", "SmokingStatus"}

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
	return filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
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
		return imagecopy.CopyFile(path, filepath.Join(dst, rel))
	})
}

func numericDtype(c *table.Column) bool {
	return c.Mixed == nil && (c.Kind == table.Int64 || c.Kind == table.Float64 || c.Kind == table.Bool)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, name := range []string{"Patient_Week", "FVC", "Confidence"} {
		if !sub.Has(name) {
			return competition.Score{}, competition.Invalid("Submission is missing the '%s' column", name)
		}
	}
	if !ans.Has("Patient", "Patient_Week", "FVC") {
		return competition.Score{}, fmt.Errorf("answers must have Patient, Patient_Week and FVC columns")
	}
	subPW, _ := sub.Col("Patient_Week")
	subFVC, _ := sub.Col("FVC")
	subConf, _ := sub.Col("Confidence")
	ansPW, _ := ans.Col("Patient_Week")
	ansPatient, _ := ans.Col("Patient")
	ansFVC, _ := ans.Col("FVC")
	known := map[pandas.SetKey]bool{}
	for i := 0; i < ansPW.Len(); i++ {
		if k, ok := pandas.SetKeyOf(ansPW, i); ok {
			known[k] = true
		}
	}
	for i := 0; i < subPW.Len(); i++ {
		if k, ok := pandas.SetKeyOf(subPW, i); !ok || !known[k] {
			return competition.Score{}, competition.Invalid("Submission contains Patient_Week values not in the answers (%s)", subPW.Str(i))
		}
	}
	if !numericDtype(subFVC) {
		return competition.Score{}, competition.Invalid("FVC column must be numeric")
	}
	if !numericDtype(subConf) {
		return competition.Score{}, competition.Invalid("Confidence column must be numeric")
	}

	// Scored answer rows: the 3 latest measured weeks per patient.
	type row struct {
		i    int
		week int64
	}
	byPatient := map[string][]row{}
	var order []string
	for i := 0; i < ans.Len(); i++ {
		if ansFVC.IsNull(i) {
			continue
		}
		s := ansPW.Str(i)
		w, ok := pandas.PyInt(s[strings.LastIndex(s, "_")+1:])
		if !ok {
			return competition.Score{}, fmt.Errorf("answers Patient_Week %q: invalid literal for int()", s)
		}
		p := ansPatient.Str(i)
		if ansPatient.IsNull(i) {
			continue
		}
		if _, ok := byPatient[p]; !ok {
			order = append(order, p)
		}
		byPatient[p] = append(byPatient[p], row{i, w})
	}
	selected := map[string]int{} // Patient_Week → answers row
	for _, p := range order {
		rows := byPatient[p]
		sort.SliceStable(rows, func(a, b int) bool { return rows[a].week < rows[b].week })
		for _, r := range rows[max(0, len(rows)-3):] {
			selected[ansPW.Str(r.i)] = r.i
		}
	}
	var subRows []int
	present := map[string]bool{}
	for i := 0; i < subPW.Len(); i++ {
		if _, ok := selected[subPW.Str(i)]; ok && subPW.Kind == table.String {
			subRows = append(subRows, i)
			present[subPW.Str(i)] = true
		}
	}
	sort.SliceStable(subRows, func(a, b int) bool { return subPW.Str(subRows[a]) < subPW.Str(subRows[b]) })
	var trueKeys []string
	for k := range present {
		trueKeys = append(trueKeys, k)
	}
	slices.Sort(trueKeys)
	yTrue := make([]float64, len(trueKeys))
	for k, pw := range trueKeys {
		yTrue[k], _ = ansFVC.Float(selected[pw])
	}
	pred, err := pandas.Floats(subFVC.Take(subRows))
	if err != nil {
		return competition.Score{}, err
	}
	conf, err := pandas.Floats(subConf.Take(subRows))
	if err != nil {
		return competition.Score{}, err
	}
	n := len(pred)
	if len(yTrue) != n && len(yTrue) != 1 {
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", len(yTrue), n)
	}
	vals := make([]float64, n)
	for k := range vals {
		t := yTrue[0]
		if len(yTrue) == n {
			t = yTrue[k]
		}
		c := conf[k]
		if math.IsNaN(c) {
			c = 0
		}
		sigma := math.Max(c, 70)
		delta := math.Min(math.Abs(t-pred[k]), 1000)
		if math.IsNaN(pred[k]) {
			delta = math.NaN()
		}
		vals[k] = -(math.Sqrt2*delta)/sigma - math.Log(math.Sqrt2*sigma)
	}
	return competition.Numpy(metric.Mean(vals)), nil
}

// FakeRaw writes raw/train.csv (the Kaggle 7 columns; 20 patients with
// 4–8 measurements each by default, opt.Rows rows in total; weeks distinct
// per patient in −5..40; patients shuffled and one patient's rows split
// apart; Percent with many digits) and raw/train/<Patient>/<k>.dcm
// placeholder slices (never parsed by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "osic-pulmonary-fibrosis-progression")
	nPatients := max(2, synth.Rows(opt.Rows, 120)/6)
	ids, err := synth.Unique(nPatients, func() string { return "ID" + synth.Digits(r, 23) })
	if err != nil {
		return err
	}
	sexes := []string{"Male", "Female"}
	smoke := []string{"Ex-smoker", "Never smoked", "Currently smokes"}
	var rows [][]string
	for _, id := range ids {
		age, sex, sm := 50+r.IntN(35), synth.Pick(r, sexes), synth.Pick(r, smoke)
		base := 1500 + r.IntN(2500)
		weeks := r.Perm(46)[:4+r.IntN(5)]
		slices.Sort(weeks)
		for _, w := range weeks {
			fvc := base - 5*w + r.IntN(100)
			pct := float64(fvc) / (3000 + r.Float64()*1000) * 100
			rows = append(rows, []string{id, strconv.Itoa(w - 5), strconv.Itoa(fvc), strconv.FormatFloat(pct, 'g', -1, 64), strconv.Itoa(age), sex, sm})
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id, "1.dcm"), append(make([]byte, 128), "DICM"...)); err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id, strconv.Itoa(2+r.IntN(300))+".dcm"), append(make([]byte, 128), "DICM"...)); err != nil {
			return err
		}
	}
	// Move the first patient's last row to the end of the file.
	if len(rows) > 1 {
		first := rows[0][0]
		j := 0
		for j+1 < len(rows) && rows[j+1][0] == first {
			j++
		}
		moved := rows[j]
		rows = append(append(rows[:j:j], rows[j+1:]...), moved)
	}
	c := &synth.CSV{Header: rawHeader}
	for _, row := range rows {
		c.Add(row...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
