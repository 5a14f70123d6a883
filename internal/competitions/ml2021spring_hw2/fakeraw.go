package ml2021spring_hw2

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

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
