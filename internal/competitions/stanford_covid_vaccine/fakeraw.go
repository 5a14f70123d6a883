package stanford_covid_vaccine

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyfloat"
)

// Kaggle's lengths: every train row has 107 bases, of which the first 68
// are scored; test rows have 107 (68 scored) or 130 (91 scored).
const (
	seqLength = 107
	seqScored = 68
)

// FakeRaw writes raw/train.json (default 100 rows) in Kaggle's JSON Lines
// layout and field order, raw/test.json (a fifth as many rows, seq_length
// 107 or 130) and raw/sample_submission.csv (one all-zero row per test
// position). About two rows in three pass SN_filter (written 1.0/0.0 as
// Kaggle does), always at least int(0.1·n). Numbers are mostly 4-decimal
// values, some negative, some written with 17 significant digits
// ("0.38430000000000003", which pandas' parser truncates to 15 fraction
// digits), a few integral ("1.0"), in exponent form or above 1e5; one
// error list holds a bare integer 0. signal_to_noise always has a fraction
// in some row, so it stays a float column.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "stanford-covid-vaccine")
	n := synth.Rows(opt.Rows, 100)
	if n < 10 {
		return fmt.Errorf("stanford-covid-vaccine fake raw data needs at least 10 rows (int(0.1·n) ≥ 1), got %d", n)
	}
	ids, err := synth.HexIDs(r, n+n/5+1, 9)
	if err != nil {
		return err
	}
	pass := make([]bool, n)
	passing := 0
	for i := range pass {
		pass[i] = r.IntN(3) != 0
		if pass[i] {
			passing++
		}
	}
	for i := 0; passing < n/10+1; i++ { // enough rows to draw the test set from
		if !pass[i] {
			pass[i] = true
			passing++
		}
	}
	var train bytes.Buffer
	for i := range n {
		s2n := fmt.Sprintf("%d.%03d", r.IntN(12), 1+r.IntN(999))
		if !pass[i] {
			s2n = "0." + strconv.Itoa(100+r.IntN(800))
		}
		sn := "0.0"
		if pass[i] {
			sn = "1.0"
		}
		fmt.Fprintf(&train, `{"index":%d,"id":"id_%s","sequence":"%s","structure":"%s","predicted_loop_type":"%s","signal_to_noise":%s,"SN_filter":%s,"seq_length":%d,"seq_scored":%d`,
			i, ids[i], synth.String(r, "ACGU", seqLength), synth.String(r, "(.)", seqLength),
			synth.String(r, "SMIBHEX", seqLength), s2n, sn, seqLength, seqScored)
		for _, name := range []string{"reactivity_error", "deg_error_Mg_pH10", "deg_error_pH10", "deg_error_Mg_50C", "deg_error_50C"} {
			fmt.Fprintf(&train, `,"%s":[`, name)
			for j := range seqScored {
				if j > 0 {
					train.WriteByte(',')
				}
				if i == 2 && j == 5 && name == "deg_error_pH10" {
					train.WriteString("0") // a Python int in a list stays an int
					continue
				}
				train.WriteString(number(r, true))
			}
			train.WriteByte(']')
		}
		for _, name := range targets {
			fmt.Fprintf(&train, `,"%s":[`, name)
			for j := range seqScored {
				if j > 0 {
					train.WriteByte(',')
				}
				train.WriteString(number(r, false))
			}
			train.WriteByte(']')
		}
		train.WriteString("}\n")
	}
	if err := synth.WriteFile(filepath.Join(dir, "train.json"), train.Bytes()); err != nil {
		return err
	}

	var test bytes.Buffer
	sample := synth.CSV{Header: append([]string{idCol}, targets...)}
	for i := range n/5 + 1 {
		length, scoredLen := seqLength, seqScored
		if r.IntN(2) == 0 {
			length, scoredLen = 130, 91
		}
		id := "id_" + ids[n+i]
		fmt.Fprintf(&test, `{"index":%d,"id":"%s","sequence":"%s","structure":"%s","predicted_loop_type":"%s","seq_length":%d,"seq_scored":%d}`+"\n",
			i, id, synth.String(r, "ACGU", length), synth.String(r, "(.)", length),
			synth.String(r, "SMIBHEX", length), length, scoredLen)
		for j := range length {
			sample.Add(id+"_"+strconv.Itoa(j), "0.0", "0.0", "0.0", "0.0", "0.0")
		}
	}
	if err := synth.WriteFile(filepath.Join(dir, "test.json"), test.Bytes()); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

// number returns the JSON text of one measurement, as Python's json
// module wrote Kaggle's file (shortest repr).
func number(r *rand.Rand, errorList bool) string {
	x := float64(r.IntN(30000)-1500) / 10000
	switch k := r.IntN(100); {
	case k < 8 && x != 0: // a neighbouring double: 16-17 significant digits
		x = math.Nextafter(x, 10)
	case k < 10:
		x = float64(r.IntN(4)) // integral: "2.0"
	case k < 11 && errorList:
		return strconv.Itoa(1+r.IntN(9)) + "e-0" + strconv.Itoa(5+r.IntN(4))
	case k < 12 && errorList:
		x = float64(r.IntN(2000000)) / 10 // Kaggle has huge error bars
	case k < 13 && errorList:
		return "3.5e-17" // below ujson's 1e-15: written with %.10g
	}
	return pyfloat.Repr(x)
}
