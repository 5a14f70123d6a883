// Package spaceship_titanic is the spaceship-titanic competition (the original's
// mlebench/competitions/spaceship-titanic/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/spaceship-titanic.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0): new test/train rows in
//     RandomState(0).permutation order (not the raw order);
//   - everything is a pandas re-serialisation of raw/train.csv: floats in
//     shortest-repr form ("39" in the raw becomes "39.0" when the column has
//     a float dtype), CryoSleep/VIP object columns of bools with missing
//     cells written True/False/empty;
//   - the sample submission is every test PassengerId with Transported False;
//   - grading is the shared accuracy helper (PassengerId, Transported) with
//     scikit-learn 1.5 target checks: 0/1 ints or floats compare equal to the
//     bool answers, a column with a missing cell or ≤ 2 distinct strings
//     raises (null score), more than 2 distinct strings score as all wrong.
package spaceship_titanic

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "spaceship-titanic",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

const (
	id     = "PassengerId"
	target = "Transported"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !old.Has(id, target) {
		return fmt.Errorf("raw train.csv: need columns %s and %s", id, target)
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(old.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	newTrain, newTest := old.Take(trainIdx), old.Take(testIdx)

	ids, _ := newTest.Col(id)
	sample := table.MustNew(ids, table.Bools(target, make([]bool, newTest.Len())))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop(target)},
	)
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, target, id)
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

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
