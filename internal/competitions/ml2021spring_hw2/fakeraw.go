package ml2021spring_hw2

import (
	"bufio"
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
	// The feature matrices are streamed to disk: at the real 1,229,932
	// train rows they are 2.1 GB.
	writeFeats := func(name string, rows int) error {
		f, err := os.Create(filepath.Join(dst, name))
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		if _, err := w.Write(npyfile.FormatHeader("<f4", []int{rows, width})); err != nil {
			f.Close()
			return err
		}
		var cell [4]byte
		for range rows * width {
			binary.LittleEndian.PutUint32(cell[:], math.Float32bits(float32(r.NormFloat64())))
			w.Write(cell[:]) // a write error sticks and returns from Flush
		}
		if err := w.Flush(); err != nil {
			f.Close()
			return err
		}
		return f.Close()
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
	if err := writeFeats("train_11.npy", n); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dst, "train_label_11.npy"), lb); err != nil {
		return err
	}
	if err := writeFeats("test_11.npy", t); err != nil {
		return err
	}
	return nil
}
