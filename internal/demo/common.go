package demo

import (
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// newRand returns the random source of one part ("stream") of one demo
// competition's generation. Streams are independent: adding draws to one
// never changes the bytes of another.
func newRand(seed uint64, id, stream string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(stream))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// csvFile is an in-memory CSV file.
type csvFile struct {
	header []string
	rows   [][]string
}

func (c *csvFile) add(row ...string) { c.rows = append(c.rows, row) }

// write writes the file with "\n" line endings, quoting only where needed.
func (c *csvFile) write(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write(c.header)
	w.WriteAll(c.rows) // flushes
	if err := w.Error(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// readCSV reads a whole CSV file written by [csvFile.write].
func readCSV(path string) (*csvFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("reading %s: empty file", path)
	}
	return &csvFile{header: recs[0], rows: recs[1:]}, nil
}

// col returns the index of a header column.
func (c *csvFile) col(name string) (int, error) {
	for i, h := range c.header {
		if h == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no column %q", name)
}

// splitRows returns a deterministic permutation of n rows cut into test
// (the first nTest, in ascending row order) and train (the rest, ascending).
func splitRows(r *rand.Rand, n, nTest int) (train, test []int) {
	perm := r.Perm(n)
	isTest := make([]bool, n)
	for _, i := range perm[:nTest] {
		isTest[i] = true
	}
	for i := 0; i < n; i++ {
		if isTest[i] {
			test = append(test, i)
		} else {
			train = append(train, i)
		}
	}
	return train, test
}

func ftoa(x float64, prec int) string { return strconv.FormatFloat(x, 'f', prec, 64) }

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// Grading building blocks shared by the demo graders. Every problem with a
// submission is a competition.Invalid error naming it; a problem with the
// answers is a plain error.

// alignByID returns, for each answers row, the submission row with the same
// id. The submission must have the id column, as many rows as the answers,
// no missing or duplicate ids, and exactly the answers' ids (compared as
// text, so "7" and "7.0" differ).
func alignByID(sub, ans *table.Table, id string) ([]int, error) {
	ansID, ok := ans.Col(id)
	if !ok {
		return nil, fmt.Errorf("answers have no %q column", id)
	}
	subID, ok := sub.Col(id)
	if !ok {
		return nil, competition.Invalid("Submission is missing the column %q.", id)
	}
	if sub.Len() != ans.Len() {
		return nil, competition.Invalid("Submission has %d rows; expected %d (one per test %s).", sub.Len(), ans.Len(), id)
	}
	pos := make(map[string]int, sub.Len())
	for i := 0; i < sub.Len(); i++ {
		if subID.IsNull(i) {
			return nil, competition.Invalid("Submission row %d has no %s.", i+1, id)
		}
		s := subID.Str(i)
		if _, dup := pos[s]; dup {
			return nil, competition.Invalid("Submission has the %s %q more than once.", id, s)
		}
		pos[s] = i
	}
	out := make([]int, ans.Len())
	for i := range out {
		j, ok := pos[ansID.Str(i)]
		if !ok {
			return nil, competition.Invalid("Submission has no row for %s %q (its %s values must be exactly the test set's).", id, ansID.Str(i), id)
		}
		out[i] = j
	}
	return out, nil
}

// numbers returns a submission column as finite floats in the order given
// by rows.
func numbers(sub *table.Table, name string, rows []int) ([]float64, error) {
	c, ok := sub.Col(name)
	if !ok {
		return nil, competition.Invalid("Submission is missing the column %q.", name)
	}
	if c.Kind != table.Int64 && c.Kind != table.Float64 {
		return nil, competition.Invalid("Column %q must hold numbers only.", name)
	}
	out := make([]float64, len(rows))
	for k, i := range rows {
		v, _ := c.Float(i)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, competition.Invalid("Column %q has a missing or infinite value in row %d.", name, i+1)
		}
		out[k] = v
	}
	return out, nil
}
