package tabular_playground_series_may_2022

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv in the real 33-column layout (id, f_00–f_06
// floats, f_07–f_18 ints, f_19–f_26 floats, f_27 ten capital letters, f_28
// float, f_29–f_30 ints, target). Default 101,000 rows (the fixed test size
// needs 100,001). Rare cells use non-canonical float text ("0.50", "3",
// "1E-05", "-0.0") and zero-padded ints so the re-printing is exercised.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 101_000)
	r := synth.Rand(opt.Seed, "train")
	out, err := os.Create(filepath.Join(dir, "train.csv"))
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	var line []byte
	line = append(line, "id"...)
	for j := 0; j <= 30; j++ {
		line = fmt.Appendf(line, ",f_%02d", j)
	}
	line = append(line, ",target\n"...)
	w.Write(line)
	for i := 0; i < n; i++ {
		line = strconv.AppendInt(line[:0], int64(i), 10)
		for j := 0; j <= 30; j++ {
			line = append(line, ',')
			line = fakeCell(line, r, j)
		}
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(r.IntN(2)), 10)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			out.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var oddFloats = []string{"0.50", "3", "1E-05", "-0.0", "12.250", "007.5", "2e3", "", "NA"}

func fakeCell(dst []byte, r *rand.Rand, j int) []byte {
	switch {
	case j <= 6 || (j >= 19 && j <= 26):
		if r.IntN(20000) == 0 {
			return append(dst, synth.Pick(r, oddFloats)...)
		}
		return strconv.AppendFloat(dst, r.NormFloat64()*1.5, 'g', -1, 64) // never below 1e-4 in 'g' exponent form in practice
	case j == 27:
		for k := 0; k < 10; k++ {
			dst = append(dst, byte('A'+r.IntN(20)))
		}
		return dst
	case j == 28:
		return strconv.AppendFloat(dst, float64(int64(r.NormFloat64()*1.5e10))/1e8, 'f', -1, 64)
	case j == 29:
		return strconv.AppendInt(dst, int64(r.IntN(2)), 10)
	case j == 30:
		return strconv.AppendInt(dst, int64(r.IntN(3)), 10)
	default: // f_07 … f_18
		if r.IntN(50000) == 0 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(r.IntN(16)), 10)
	}
}
