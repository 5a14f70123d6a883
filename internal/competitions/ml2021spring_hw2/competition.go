package ml2021spring_hw2

// ml2021spring-hw2: ../shared/spec/competitions/ml2021spring-hw2.md
//
// Quirks reproduced:
//   - the test fraction is len(test_11)/(len(train_11)+len(test_11)) in
//     float64, and train_test_split(range(n), test_size=fraction,
//     random_state=0) takes ceil(fraction·n) rows in RandomState(0)
//     permutation order;
//   - the .npy outputs are np.save (numpy 1.26, format 1.0) of the raw
//     arrays indexed by those rows: the raw dtype is kept (labels stay
//     "<U2" strings), C order even for a Fortran-order raw file;
//   - answers.csv renders each label as plain text, so string labels "36"
//     and integer labels 36 give the same bytes; the sample submission is
//     ClassId 0 everywhere;
//   - grading is the shared accuracy helper (Id, ClassId): text predictions
//     score as wrong on the multiclass path and raise on the binary path.

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "ml2021spring-hw2",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const subDir = "timit_11/timit_11"

func Prepare(ctx context.Context, d competition.Dirs) error {
	raw := filepath.Join(d.Raw, subDir)
	paths := map[string]string{}
	arrs := map[string]*npyfile.Array{}
	for _, name := range []string{"train_11", "train_label_11", "test_11"} {
		p := filepath.Join(raw, name+".npy")
		a, err := npyfile.ReadHeader(p)
		if err != nil {
			return fmt.Errorf("loading raw %s.npy: %w", name, err)
		}
		if len(a.Shape) == 0 {
			return fmt.Errorf("raw %s.npy: len() of a 0-d array", name)
		}
		paths[name], arrs[name] = p, a
	}
	nTrain, nTest := arrs["train_11"].Rows(), arrs["test_11"].Rows()
	frac := float64(nTest) / float64(nTrain+nTest)
	trainIdx, testIdx, err := pyrand.TrainTestSplit(nTrain, pyrand.SplitOptions{TestSize: pyrand.Fraction(frac), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	labels := arrs["train_label_11"]
	for _, idx := range [][]int{trainIdx, testIdx} {
		for _, i := range idx {
			if i >= labels.Rows() {
				return fmt.Errorf("raw train_label_11.npy: index %d is out of bounds for axis 0 with size %d", i, labels.Rows())
			}
		}
	}
	// The label texts for answers.csv are checked before any file is
	// written, as the original builds its DataFrames first.
	testLabels, err := labelColumn(paths["train_label_11"], labels, testIdx)
	if err != nil {
		return err
	}
	ids := make([]int64, len(testIdx))
	for i := range ids {
		ids[i] = int64(i)
	}
	answers := table.MustNew(table.Ints("Id", ids), testLabels)
	sample := table.MustNew(table.Ints("Id", ids), table.Ints("ClassId", make([]int64, len(ids))))

	pub := filepath.Join(d.Public, subDir)
	if err := os.MkdirAll(pub, 0o755); err != nil {
		return err
	}
	for _, s := range []struct {
		src, dst string
		idx      []int
	}{
		{"train_11", "train_11", trainIdx},
		{"train_label_11", "train_label_11", trainIdx},
		{"train_11", "test_11", testIdx},
	} {
		if err := npyfile.TakeRows(ctx, paths[s.src], arrs[s.src], s.idx, filepath.Join(pub, s.dst+".npy")); err != nil {
			return fmt.Errorf("writing public %s.npy: %w", s.dst, err)
		}
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sampleSubmission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sampleSubmission.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	return nil
}

// labelColumn is the ClassId column of a DataFrame built from a 1-D label
// array indexed by idx: unicode strings (trailing NULs stripped, as numpy
// does), integers, bools or float64 (written with Python's repr). Other
// dtypes are refused.
func labelColumn(path string, a *npyfile.Array, idx []int) (*table.Column, error) {
	if len(a.Shape) != 1 {
		return nil, fmt.Errorf("raw train_label_11.npy: labels must be 1-D, shape is %v", a.Shape)
	}
	r, err := npyfile.OpenRows(path, a)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	buf := make([]byte, a.ItemSize)
	bo := a.Order()
	texts := make([]string, len(idx))
	ints := make([]int64, len(idx))
	floats := make([]float64, len(idx))
	bools := make([]bool, len(idx))
	for k, i := range idx {
		if err := r.Row(i, buf); err != nil {
			return nil, fmt.Errorf("reading label %d: %w", i, err)
		}
		switch a.Kind {
		case 'U':
			var sb strings.Builder
			for j := 0; j+4 <= len(buf); j += 4 {
				sb.WriteRune(rune(bo.Uint32(buf[j:])))
			}
			texts[k] = strings.TrimRight(sb.String(), "\x00")
		case 'i', 'u':
			v, ok := readInt(buf, a.Kind == 'i', bo)
			if !ok {
				return nil, fmt.Errorf("raw train_label_11.npy: unsupported label dtype %s", a.Descr)
			}
			ints[k] = v
		case 'b':
			bools[k] = buf[0] != 0
		case 'f':
			if a.ItemSize != 8 {
				return nil, fmt.Errorf("raw train_label_11.npy: unsupported label dtype %s", a.Descr)
			}
			floats[k] = math.Float64frombits(bo.Uint64(buf))
		default:
			return nil, fmt.Errorf("raw train_label_11.npy: unsupported label dtype %s", a.Descr)
		}
	}
	switch a.Kind {
	case 'U':
		return table.Strings("ClassId", texts), nil
	case 'i', 'u':
		return table.Ints("ClassId", ints), nil
	case 'b':
		return table.Bools("ClassId", bools), nil
	}
	c := table.Floats("ClassId", floats)
	for i, f := range floats {
		if math.IsNaN(f) {
			if c.Null == nil {
				c.Null = make([]bool, len(floats))
			}
			c.Null[i] = true
		}
	}
	return c, nil
}

func readInt(b []byte, signed bool, bo binary.ByteOrder) (int64, bool) {
	switch len(b) {
	case 1:
		if signed {
			return int64(int8(b[0])), true
		}
		return int64(b[0]), true
	case 2:
		if signed {
			return int64(int16(bo.Uint16(b))), true
		}
		return int64(bo.Uint16(b)), true
	case 4:
		if signed {
			return int64(int32(bo.Uint32(b))), true
		}
		return int64(bo.Uint32(b)), true
	case 8:
		u := bo.Uint64(b)
		if !signed && u > math.MaxInt64 {
			return 0, false
		}
		return int64(u), true
	}
	return 0, false
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, "ClassId", "Id")
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// FakeRaw writes raw/timit_11/timit_11/{train_11,train_label_11,test_11}.npy:
// float32 feature matrices of 429 columns (default 100 train rows, 40 test
// rows, opt.Rows scales the train side) and "<U2" string labels 0..38, every
// class present when there are enough rows.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "ml2021spring-hw2")
	n := synth.Rows(opt.Rows, 100)
	t := max(1, n*2/5)
	const width = 429
	dst := filepath.Join(dir, subDir)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	feats := func(rows int) []byte {
		b := npyfile.FormatHeader("<f4", []int{rows, width})
		for range rows * width {
			v := float32(r.NormFloat64())
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
		return b
	}
	classes := make([]int, 39)
	for i := range classes {
		classes[i] = i
	}
	labels := synth.Balanced(r, n, classes)
	lb := npyfile.FormatHeader("<U2", []int{n})
	for _, c := range labels {
		s := strconv.Itoa(c)
		for k := range 2 {
			var ch uint32
			if k < len(s) {
				ch = uint32(s[k])
			}
			lb = binary.LittleEndian.AppendUint32(lb, ch)
		}
	}
	train := feats(n)
	test := feats(t)
	for _, f := range []struct {
		name string
		data []byte
	}{{"train_11.npy", train}, {"train_label_11.npy", lb}, {"test_11.npy", test}} {
		if err := synth.WriteFile(filepath.Join(dst, f.name), f.data); err != nil {
			return err
		}
	}
	return nil
}
