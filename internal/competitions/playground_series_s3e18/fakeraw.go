package playground_series_s3e18

import (
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var features = []string{"BertzCT", "Chi1", "Chi1n", "Chi1v", "Chi2n", "Chi2v", "Chi3v", "Chi4n", "EState_VSA1", "EState_VSA2", "ExactMolWt", "FpDensityMorgan1", "FpDensityMorgan2", "FpDensityMorgan3", "HallKierAlpha", "HeavyAtomMolWt", "Kappa3", "MaxAbsEStateIndex", "MinEStateIndex", "NumHeteroatoms", "PEOE_VSA10", "PEOE_VSA14", "PEOE_VSA6", "PEOE_VSA7", "PEOE_VSA8", "SMR_VSA10", "SMR_VSA5", "SlogP_VSA3", "VSA_EState9", "fr_COO", "fr_COO2"}

// FakeRaw writes raw/train.csv with the real 38-column header (default
// 200 rows, ids 0..n-1): float descriptors in several text forms (6
// decimals, trailing zeros, exponents, negatives), integer descriptors
// (NumHeteroatoms, fr_COO, fr_COO2), EC1..EC6 as 0/1 ints (EC1 and EC2
// balanced so both classes reach the test split).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "playground-series-s3e18")
	n := synth.Rows(opt.Rows, 200)
	header := append(append([]string{"id"}, features...), targets...)
	ec1 := synth.Balanced(r, n, []string{"0", "1"})
	ec2 := synth.Balanced(r, n, []string{"1", "0", "1"})
	c := synth.CSV{Header: header}
	for i := range n {
		row := []string{strconv.Itoa(i)}
		for _, f := range features {
			switch f {
			case "NumHeteroatoms", "fr_COO", "fr_COO2":
				row = append(row, strconv.Itoa(r.IntN(12)))
				continue
			}
			v := (r.Float64() - 0.2) * 400
			switch r.IntN(8) {
			case 0:
				row = append(row, strconv.FormatFloat(v, 'f', 2, 64)+"0") // trailing zero
			case 1:
				row = append(row, strconv.FormatFloat(v/1e7, 'e', 3, 64))
			case 2:
				row = append(row, strconv.Itoa(int(v))+".0")
			default:
				row = append(row, strconv.FormatFloat(v, 'f', 6, 64))
			}
		}
		row = append(row, ec1[i], ec2[i])
		for range 4 {
			row = append(row, strconv.Itoa(r.IntN(2)))
		}
		c.Add(row...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
