package spaceship_titanic

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv with the real 14-column header
// (default 200 rows). Optional columns have missing cells; floats are mostly
// written "39.0" as in the real file, some as "39" or "1.5"; a few names
// contain a comma (quoted field). Raw test.csv and sample_submission.csv are
// written too, in their Kaggle layout, although prepare never reads them.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "spaceship-titanic")
	n := synth.Rows(opt.Rows, 200)
	header := []string{"PassengerId", "HomePlanet", "CryoSleep", "Cabin", "Destination", "Age", "VIP",
		"RoomService", "FoodCourt", "ShoppingMall", "Spa", "VRDeck", "Name", "Transported"}
	planets := []string{"Earth", "Europa", "Mars"}
	dests := []string{"TRAPPIST-1e", "PSO J318.5-22", "55 Cancri e"}
	firsts := []string{"Maham", "Juanna", "Altark", "Solam", "Willy", "Sandie", "Billex", "Candra"}
	lasts := []string{"Ofracculy", "Vines", "Susent", "Santantines", "Hinetthews", "Jacostaffey"}
	maybe := func(s string) string { // ~2% missing, as in the real data
		if r.IntN(50) == 0 {
			return ""
		}
		return s
	}
	pyBool := func() string {
		if r.IntN(2) == 0 {
			return "True"
		}
		return "False"
	}
	money := func() string {
		switch k := r.IntN(10); {
		case k < 6:
			return "0.0"
		case k < 9:
			return strconv.Itoa(r.IntN(3000)) + ".0"
		default:
			return strconv.Itoa(r.IntN(500)) // integral text in a float column
		}
	}
	train := synth.CSV{Header: header}
	test := synth.CSV{Header: header[:len(header)-1]}
	sample := synth.CSV{Header: []string{"PassengerId", "Transported"}}
	group := 1
	for i := 0; i < n; i++ {
		group += 1 + r.IntN(3)
		pid := fmt.Sprintf("%04d_%02d", group, 1+r.IntN(3))
		cabin := fmt.Sprintf("%c/%d/%c", "ABCDEFGT"[r.IntN(8)], r.IntN(2000), "PS"[r.IntN(2)])
		age := strconv.Itoa(r.IntN(80)) + ".0"
		if r.IntN(20) == 0 {
			age = "0.5"
		}
		name := synth.Pick(r, firsts) + " " + synth.Pick(r, lasts)
		if r.IntN(25) == 0 {
			name = synth.Pick(r, lasts) + ", " + synth.Pick(r, firsts)
		}
		row := []string{pid, maybe(synth.Pick(r, planets)), maybe(pyBool()), maybe(cabin),
			maybe(synth.Pick(r, dests)), maybe(age), maybe(pyBool()),
			maybe(money()), maybe(money()), maybe(money()), maybe(money()), maybe(money()),
			maybe(name), pyBool()}
		if i == 3 { // one row with every optional cell missing
			for k := 1; k < len(row)-1; k++ {
				row[k] = ""
			}
		}
		train.Add(row...)
		if i < 10 {
			test.Add(row[:len(row)-1]...)
			sample.Add(pid, "False")
		}
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
