package stanford_covid_vaccine

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Prepare is the original's prepare.py: see the package doc and the spec's
// Prepare section, whose asserts it checks before writing anything.
func Prepare(ctx context.Context, d competition.Dirs) error {
	train, err := readFrame(filepath.Join(d.Raw, "train.json"), false)
	if err != nil {
		return fmt.Errorf("reading raw train.json: %w", err)
	}
	rawTest, err := readFrame(filepath.Join(d.Raw, "test.json"), true)
	if err != nil {
		return fmt.Errorf("reading raw test.json: %w", err)
	}
	sample, err := table.ReadFile(filepath.Join(d.Raw, "sample_submission.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw sample_submission.csv: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	// The columns prepare refers to by name, and the column asserts.
	need := append([]string{"index", "id", "SN_filter", "seq_length", "seq_scored"}, targets...)
	for _, name := range need {
		if _, ok := train.col(name); !ok {
			return fmt.Errorf("raw train.json has no %q column", name)
		}
	}
	testCols := rawTest.names()
	for _, name := range testCols {
		if _, ok := train.col(name); !ok {
			return fmt.Errorf("raw test.json column %q is not a train.json column (KeyError)", name)
		}
		if slices.Contains(targets, name) {
			return fmt.Errorf("raw test.json has the target column %q", name)
		}
	}
	for _, name := range []string{"index", "seq_length"} {
		if !slices.Contains(testCols, name) {
			return fmt.Errorf("raw test.json has no %q column", name)
		}
	}
	if want := append([]string{idCol}, targets...); !pandas.SameNameSet(sample.Names(), want) {
		return fmt.Errorf("raw sample_submission.csv columns are %v, want the set %v", sample.Names(), want)
	}

	// The split: sample(n=n_test, random_state=0) of the SN_filter > 0 rows.
	nTest := int(float64(len(train.lines)) * 0.1)
	snCol, _ := train.col("SN_filter")
	var eligible []int
	for i := range train.lines {
		x, ok := train.cols[snCol].number(train.scalarCells(i)[snCol])
		if !ok {
			return fmt.Errorf("raw train.json: SN_filter of row %d is not a number ('>' not supported)", i)
		}
		if x > 0 {
			eligible = append(eligible, i)
		}
	}
	if len(eligible) < nTest {
		return fmt.Errorf("raw train.json: %d rows have SN_filter > 0, fewer than the %d test rows to draw (Cannot take a larger sample than population when 'replace=False')", len(eligible), nTest)
	}
	if nTest == 0 {
		return fmt.Errorf("raw train.json: %d rows give no test rows (int(0.1·n) = 0): the answers would have no columns (KeyError)", len(train.lines))
	}
	drawn, err := pyrand.SampleN(len(eligible), nTest, false, 0)
	if err != nil {
		return err
	}
	isTest := make([]bool, len(train.lines))
	for _, p := range drawn {
		isTest[eligible[p]] = true
	}
	var trainRows, testRows []int
	for i, t := range isTest {
		if t {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}

	answers, err := buildAnswers(ctx, train, testRows)
	if err != nil {
		return err
	}
	// len(answers) == len(test) · seq_length of the first test row.
	lenCol, _ := train.col("seq_length")
	first := train.scalarCells(testRows[0])
	k0, err := train.cols[lenCol].integer(first[lenCol])
	if err != nil {
		return err
	}
	if int64(answers.Len()) != int64(len(testRows))*k0 {
		return fmt.Errorf("the test rows have %d positions in all, not %d × the first row's seq_length %d: every test row must have the same seq_length", answers.Len(), len(testRows), k0)
	}

	opt := table.WriteOptions{FloatFormat: "%.10f"}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, opt); err != nil {
		return err
	}
	zeros := make([]float64, answers.Len())
	ids, _ := answers.Col(idCol)
	cols := []*table.Column{ids}
	for _, t := range targets {
		cols = append(cols, table.Floats(t, zeros))
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), table.MustNew(cols...), opt); err != nil {
		return err
	}
	all := make([]int, len(train.cols))
	for k := range all {
		all[k] = k
	}
	if err := writeJSONLines(ctx, filepath.Join(d.Public, "train.json"), train, trainRows, all); err != nil {
		return err
	}
	sel := make([]int, len(testCols))
	for k, name := range testCols {
		sel[k], _ = train.col(name)
	}
	return writeJSONLines(ctx, filepath.Join(d.Public, "test.json"), train, testRows, sel)
}

// buildAnswers is the answers frame: for each test row (file order) with n
// = seq_scored and k = seq_length, positions 0..n-1 carry the targets and
// keep=True, positions n..k-1 zeros and keep=False.
func buildAnswers(ctx context.Context, train *frame, testRows []int) (*table.Table, error) {
	idK, _ := train.col("id")
	scoredK, _ := train.col("seq_scored")
	lenK, _ := train.col("seq_length")
	targetK := make([]int, len(targets))
	for t, name := range targets {
		targetK[t], _ = train.col(name)
	}
	var ids []string
	values := make([][]float64, len(targets))
	var keep []bool
	for _, i := range testRows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cells, err := train.cells(i)
		if err != nil {
			return nil, err
		}
		id, err := train.cols[idK].str(cells[idK])
		if err != nil {
			return nil, err
		}
		n, err := train.cols[scoredK].integer(cells[scoredK])
		if err != nil {
			return nil, err
		}
		k, err := train.cols[lenK].integer(cells[lenK])
		if err != nil {
			return nil, err
		}
		if n >= k {
			return nil, fmt.Errorf("raw train.json row %d: seq_scored %d is not below seq_length %d", i, n, k)
		}
		if n < 0 || k > 1<<20 {
			return nil, fmt.Errorf("raw train.json row %d: seq_scored %d / seq_length %d out of range", i, n, k)
		}
		for t, tk := range targetK {
			v := cells[tk]
			if v.kind != jArray || int64(len(v.arr)) != n {
				return nil, fmt.Errorf("raw train.json row %d: %s is not a list of seq_scored = %d values", i, targets[t], n)
			}
			for _, e := range v.arr {
				switch e.kind {
				case jInt:
					values[t] = append(values[t], float64(e.i))
				case jFloat:
					values[t] = append(values[t], e.f)
				case jNull:
					values[t] = append(values[t], math.NaN())
				default:
					return nil, fmt.Errorf("raw train.json row %d: %s holds a %s, not a number", i, targets[t], e.kind)
				}
			}
			for j := n; j < k; j++ {
				values[t] = append(values[t], 0)
			}
		}
		for j := int64(0); j < k; j++ {
			ids = append(ids, id+"_"+strconv.FormatInt(j, 10))
			keep = append(keep, j < n)
		}
	}
	cols := []*table.Column{table.Strings(idCol, ids)}
	for t, name := range targets {
		cols = append(cols, table.Floats(name, values[t]))
	}
	cols = append(cols, table.Bools("keep", keep))
	return table.New(cols...)
}

// writeJSONLines writes the given rows and columns of f as pandas
// to_json(orient="records", lines=True) does, the "index" column
// renumbered 0..len-1.
func writeJSONLines(ctx context.Context, path string, f *frame, rows, cols []int) (err error) {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	indexK, ok := f.col("index")
	if !ok {
		indexK = -1
	}
	keys := make([][]byte, len(cols))
	for j, k := range cols {
		keys[j] = append(appendJSONString(nil, f.cols[k].name), ':')
	}
	var buf, lists []byte
	spans := make([][2]int, len(f.cols))
	for r, i := range rows {
		if r%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		lists, err = f.encodeLists(lists[:0], i, spans)
		if err != nil {
			return err
		}
		cells := f.scalarCells(i)
		buf = append(buf[:0], '{')
		for j, k := range cols {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, keys[j]...)
			switch {
			case k == indexK:
				buf = strconv.AppendInt(buf, int64(r), 10)
			case cells[k].kind == jArray:
				buf = append(buf, lists[spans[k][0]:spans[k][1]]...)
			default:
				buf = f.cols[k].appendCell(buf, cells[k])
			}
		}
		buf = append(buf, '}', '\n')
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return w.Flush()
}
