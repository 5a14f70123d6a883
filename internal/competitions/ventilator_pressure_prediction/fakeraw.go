package ventilator_pressure_prediction

import (
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var rawHeader = []string{"id", "breath_id", "R", "C", "time_step", "u_in", "u_out", "pressure"}

// FakeRaw writes raw/train.csv: 48 breaths of 20 rows by default
// (opt.Rows rows in total, rounded up to whole breaths), breath_ids distinct
// and shuffled, two breaths' rows interleaved, u_out 0 for the first 8
// steps of each breath. Floats carry many digits so that %.10g rounds them;
// some u_in values are tiny (exponent form) or exactly 0.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	const perBreath = 20
	nBreaths := max(2, (synth.Rows(opt.Rows, 48*perBreath)+perBreath-1)/perBreath)
	r := synth.Rand(opt.Seed, "train")
	ids := r.Perm(nBreaths * 3)[:nBreaths]
	var rows [][]string
	rs, cs := []int{5, 20, 50}, []int{10, 20, 50}
	for _, b := range ids {
		R, C := rs[r.IntN(3)], cs[r.IntN(3)]
		t := 0.0
		for s := 0; s < perBreath; s++ {
			uin := r.Float64() * 100
			switch r.IntN(10) {
			case 0:
				uin = 0
			case 1:
				uin = r.Float64() * 1e-4
			}
			uout := 0
			if s >= 8 {
				uout = 1
			}
			p := 5 + r.NormFloat64()*8
			rows = append(rows, []string{"", strconv.Itoa(b + 1), strconv.Itoa(R), strconv.Itoa(C),
				strconv.FormatFloat(t, 'g', -1, 64), strconv.FormatFloat(uin, 'g', -1, 64), strconv.Itoa(uout),
				strconv.FormatFloat(p, 'g', -1, 64)})
			t += 0.03 + r.Float64()*0.005
		}
	}
	// Interleave the first two breaths' rows.
	for s := 1; s < perBreath; s += 2 {
		rows[s], rows[perBreath+s] = rows[perBreath+s], rows[s]
	}
	c := &synth.CSV{Header: rawHeader}
	for i, cells := range rows {
		cells[0] = strconv.Itoa(i + 1)
		c.Add(cells...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
