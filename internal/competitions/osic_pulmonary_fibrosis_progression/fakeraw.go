package osic_pulmonary_fibrosis_progression

import (
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var rawHeader = []string{"Patient", "Weeks", "FVC", "Percent", "Age", "Sex", "SmokingStatus"}

// FakeRaw writes raw/train.csv (the Kaggle 7 columns; 20 patients with
// 4–8 measurements each by default, opt.Rows rows in total; weeks distinct
// per patient in −5..40; patients shuffled and one patient's rows split
// apart; Percent with many digits) and raw/train/<Patient>/<k>.dcm
// placeholder slices (never parsed by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "osic-pulmonary-fibrosis-progression")
	nPatients := max(2, synth.Rows(opt.Rows, 120)/6)
	ids, err := synth.Unique(nPatients, func() string { return "ID" + synth.Digits(r, 23) })
	if err != nil {
		return err
	}
	sexes := []string{"Male", "Female"}
	smoke := []string{"Ex-smoker", "Never smoked", "Currently smokes"}
	var rows [][]string
	for _, id := range ids {
		age, sex, sm := 50+r.IntN(35), synth.Pick(r, sexes), synth.Pick(r, smoke)
		base := 1500 + r.IntN(2500)
		weeks := r.Perm(46)[:4+r.IntN(5)]
		slices.Sort(weeks)
		for _, w := range weeks {
			fvc := base - 5*w + r.IntN(100)
			pct := float64(fvc) / (3000 + r.Float64()*1000) * 100
			rows = append(rows, []string{id, strconv.Itoa(w - 5), strconv.Itoa(fvc), strconv.FormatFloat(pct, 'g', -1, 64), strconv.Itoa(age), sex, sm})
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id, "1.dcm"), append(make([]byte, 128), "DICM"...)); err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id, strconv.Itoa(2+r.IntN(300))+".dcm"), append(make([]byte, 128), "DICM"...)); err != nil {
			return err
		}
	}
	// Move the first patient's last row to the end of the file.
	if len(rows) > 1 {
		first := rows[0][0]
		j := 0
		for j+1 < len(rows) && rows[j+1][0] == first {
			j++
		}
		moved := rows[j]
		rows = append(append(rows[:j:j], rows[j+1:]...), moved)
	}
	c := &synth.CSV{Header: rawHeader}
	for _, row := range rows {
		c.Add(row...)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
