package smartphone_decimeter_2022

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	entries, err := os.ReadDir(filepath.Join(d.Raw, "train"))
	if err != nil {
		return fmt.Errorf("listing raw drives: %w", err)
	}
	var ids []string
	for _, e := range entries {
		if st, err := os.Stat(filepath.Join(d.Raw, "train", e.Name())); err == nil && st.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	slices.Sort(ids)
	dateOf := map[string]string{}
	var dates []string
	for _, id := range ids {
		date, err := driveDate(id)
		if err != nil {
			return err
		}
		dateOf[id] = date
		if !slices.Contains(dates, date) {
			dates = append(dates, date)
		}
	}
	slices.Sort(dates)
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(dates), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d dates: %w", len(dates), err)
	}
	if len(trainIdx) < 1 || len(testIdx) < 1 {
		return errors.New("assertion failed: each side of the split needs at least one date")
	}
	testDate := map[string]bool{}
	for _, i := range testIdx {
		testDate[dates[i]] = true
	}
	var trainIDs, testIDs []string
	for _, id := range ids {
		if testDate[dateOf[id]] {
			testIDs = append(testIDs, id)
		} else {
			trainIDs = append(trainIDs, id)
		}
	}

	var jobs []filecopy.Job
	for _, part := range []struct {
		dir string
		ids []string
	}{{"train", trainIDs}, {"test", testIDs}} {
		for _, id := range part.ids {
			j, err := copyTree(filepath.Join(d.Raw, "train", id), filepath.Join(d.Public, part.dir, id))
			if err != nil {
				return err
			}
			jobs = append(jobs, j...)
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}

	answers, err := buildAnswers(filepath.Join(d.Public, "test"), testIDs)
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return err
	}
	gts, err := findGroundTruth(filepath.Join(d.Public, "test"))
	if err != nil {
		return err
	}
	for _, p := range gts {
		if err := os.Remove(p); err != nil {
			return err
		}
	}
	meta, err := copyTree(filepath.Join(d.Raw, "metadata"), filepath.Join(d.Public, "metadata"))
	if err != nil {
		return err
	}
	if err := filecopy.Run(ctx, meta); err != nil {
		return err
	}

	trips, _ := answers.Col(tripID)
	journeys := map[string]bool{}
	for i := 0; i < trips.Len(); i++ {
		s := trips.Str(i)
		if k := strings.LastIndexByte(s, '-'); k >= 0 {
			s = s[:k]
		} else {
			s = ""
		}
		journeys[s] = true
	}
	if len(journeys) != len(testIDs) {
		return fmt.Errorf("assertion failed: the answers hold %d journeys, there are %d test drives", len(journeys), len(testIDs))
	}

	n := answers.Len()
	lats, lons := make([]float64, n), make([]float64, n)
	for i := range lats {
		lats[i], lons[i] = sampleLat, sampleLon
	}
	sample, err := answers.With(table.Floats(lat, lats))
	if err == nil {
		sample, err = sample.With(table.Floats(lon, lons))
	}
	if err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return err
	}

	for _, part := range []struct {
		dir string
		ids []string
	}{{"train", trainIDs}, {"test", testIDs}} {
		entries, err := os.ReadDir(filepath.Join(d.Public, part.dir))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if !slices.Equal(names, part.ids) {
			return fmt.Errorf("assertion failed: public/%s holds %v, want the drives %v", part.dir, names, part.ids)
		}
	}
	if left, err := findGroundTruth(filepath.Join(d.Public, "test")); err != nil || len(left) > 0 {
		return fmt.Errorf("assertion failed: ground truth left in public/test (%v)", err)
	}
	trainGT, err := findGroundTruth(filepath.Join(d.Public, "train"))
	if err != nil {
		return err
	}
	if len(trainGT) < len(trainIDs) {
		return fmt.Errorf("assertion failed: %d ground_truth.csv files for %d train drives", len(trainGT), len(trainIDs))
	}
	return nil
}

// driveDate is the original's get_date: the first three '-' parts of a
// drive id, each all digits (str.isdigit), month and day zfill(2)-ed.
func driveDate(id string) (string, error) {
	parts := strings.Split(id, "-")
	if len(parts) < 3 {
		return "", fmt.Errorf("assertion failed: drive id %q has %d '-' parts, want at least 3", id, len(parts))
	}
	for _, p := range parts[:3] {
		if !isDigits(p) {
			return "", fmt.Errorf("assertion failed: drive id %q: %q is not a string of digits", id, p)
		}
	}
	return parts[0] + "-" + zfill2(parts[1]) + "-" + zfill2(parts[2]), nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// zfill2 is str.zfill(2) for a string of digits.
func zfill2(s string) string {
	if n := utf8.RuneCountInString(s); n < 2 {
		return strings.Repeat("0", 2-n) + s
	}
	return s
}

// copyTree is shutil.copytree(src, dst): dst must not exist; folders are
// made here and the files returned as copy jobs (symbolic links followed).
func copyTree(src, dst string) ([]filecopy.Job, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, fmt.Errorf("copytree: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("copytree: %s is not a directory", src)
	}
	if _, err := os.Lstat(dst); err == nil {
		return nil, fmt.Errorf("copytree: %s already exists", dst)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	var jobs []filecopy.Job
	for _, e := range entries {
		s, t := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		est, err := os.Stat(s)
		if err != nil {
			return nil, fmt.Errorf("copytree: %w", err)
		}
		if est.IsDir() {
			sub, err := copyTree(s, t)
			if err != nil {
				return nil, err
			}
			jobs = append(jobs, sub...)
			continue
		}
		jobs = append(jobs, filecopy.Job{Src: s, Dst: t})
	}
	return jobs, nil
}

// findGroundTruth is sorted(dir.rglob("ground_truth.csv")): every entry of
// that name below dir, in path order (component by component).
func findGroundTruth(dir string) ([]string, error) {
	var out [][]string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if p != dir && e.Name() == gtName {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, strings.Split(filepath.ToSlash(rel), "/"))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, slices.Compare[[]string])
	paths := make([]string, len(out))
	for i, parts := range out {
		paths[i] = filepath.Join(append([]string{dir}, parts...)...)
	}
	return paths, nil
}

// buildAnswers reads every test ground_truth.csv as plain read_csv does and
// concatenates (tripId, UnixTimeMillis, LatitudeDegrees, LongitudeDegrees).
func buildAnswers(testDir string, testIDs []string) (*table.Table, error) {
	paths, err := findGroundTruth(testDir)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, errors.New("no test ground_truth.csv: pd.concat raises ValueError (No objects to concatenate)")
	}
	var trips []string
	var parts [3][]*table.Column
	for _, p := range paths {
		drive := filepath.Base(filepath.Dir(filepath.Dir(p)))
		phone := filepath.Base(filepath.Dir(p))
		if !slices.Contains(testIDs, drive) {
			return nil, fmt.Errorf("assertion failed: %s: drive %q is not a test drive", p, drive)
		}
		t, err := table.ReadFile(p, table.ReadOptions{})
		if err != nil {
			return nil, err
		}
		for k, name := range []string{millis, lat, lon} {
			c, ok := t.Col(name)
			if !ok {
				return nil, fmt.Errorf("%s: no %q column (KeyError)", p, name)
			}
			pandas.HighPrecisionFloats(c)
			parts[k] = append(parts[k], c)
		}
		for i := 0; i < t.Len(); i++ {
			trips = append(trips, drive+"-"+phone)
		}
	}
	cols := []*table.Column{table.Strings(tripID, trips)}
	for k, name := range []string{millis, lat, lon} {
		c, err := concat(name, parts[k])
		if err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	return table.New(cols...)
}

// concat is pd.concat of one column of several frames: frames without rows
// do not count towards the dtype (pandas 2.2); int64 with float64 gives
// float64; any other mix an object column whose cells keep their values.
func concat(name string, cs []*table.Column) (*table.Column, error) {
	n := 0
	kinds := map[table.Kind]bool{}
	for _, c := range cs {
		if c.Len() > 0 {
			kinds[c.Kind] = true
			if c.Mixed != nil {
				kinds[table.String] = true
			}
		}
		n += c.Len()
	}
	switch {
	case len(kinds) == 0:
		return table.Strings(name, []string{}), nil
	case len(kinds) == 1 && kinds[table.Int64]:
		v := make([]int64, 0, n)
		for _, c := range cs {
			v = append(v, c.Ints...)
		}
		return table.Ints(name, v), nil
	case len(kinds) <= 2 && !kinds[table.String] && !kinds[table.Bool] && !kinds[table.BoolObject]:
		v := make([]float64, 0, n)
		for _, c := range cs {
			for i := 0; i < c.Len(); i++ {
				f, _ := c.Float(i)
				v = append(v, f)
			}
		}
		return table.Floats(name, v), nil
	}
	// object: every cell keeps its Python value
	out := &table.Column{Name: name, Kind: table.String, Mixed: make([]table.Kind, 0, n), Text: make([]string, 0, n),
		Ints: make([]int64, 0, n), Floats: make([]float64, 0, n), Bools: make([]bool, 0, n), Null: make([]bool, 0, n)}
	for _, c := range cs {
		for i := 0; i < c.Len(); i++ {
			k := table.String
			var iv int64
			fv := math.NaN()
			var bv bool
			switch {
			case c.Kind == table.Int64 || (c.Mixed != nil && c.Mixed[i] == table.Int64):
				k, iv = table.Int64, c.Ints[i]
			case c.Kind == table.Float64 || (c.Mixed != nil && c.Mixed[i] == table.Float64):
				k, fv = table.Float64, c.Floats[i]
			case c.Kind == table.Bool || c.Kind == table.BoolObject || (c.Mixed != nil && c.Mixed[i] == table.Bool):
				k, bv = table.Bool, c.Bools[i]
			}
			out.Mixed = append(out.Mixed, k)
			out.Ints = append(out.Ints, iv)
			out.Floats = append(out.Floats, fv)
			out.Bools = append(out.Bools, bv)
			out.Null = append(out.Null, c.IsNull(i))
			txt := ""
			if c.Text != nil {
				txt = c.Text[i]
			}
			out.Text = append(out.Text, txt)
		}
	}
	return out, nil
}
