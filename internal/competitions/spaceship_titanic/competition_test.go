package spaceship_titanic

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; the
// prepared files must match testdata/spaceship-titanic/golden_md5.json, which
// reference_prepare.py (pandas + scikit-learn) produced from the same raw data.
// On that data the test split has 20 rows, half of them Transported, so the
// all-False sample submission scores exactly 0.5 (the real data's upstream
// value is 0.50345).
func TestConformance(t *testing.T) {
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &half,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		valid, err := answers.Select("PassengerId", "Transported")
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, Competition, valid, answers, "PassengerId", "Transported")
	})
}

// TestGrade covers each rule of the spec's Grade section on a tiny
// hand-made answers table, with scores computed by hand.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "PassengerId,HomePlanet,Transported\n0001_01,Earth,True\n0002_01,,False\n0003_01,Mars,True\n0004_02,Mars,False\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect", "PassengerId,Transported\n0001_01,True\n0002_01,False\n0003_01,True\n0004_02,False\n", 1},
		{"sample all False", "PassengerId,Transported\n0001_01,False\n0002_01,False\n0003_01,False\n0004_02,False\n", 0.5},
		{"rows in another order", "Transported,PassengerId\nTrue,0004_02\nTrue,0003_01\nTrue,0002_01\nTrue,0001_01\n", 0.5},
		{"TRUE/false spellings", "PassengerId,Transported\n0001_01,TRUE\n0002_01,false\n0003_01,false\n0004_02,FALSE\n", 0.75},
		{"0/1 integers", "PassengerId,Transported\n0001_01,1\n0002_01,1\n0003_01,1\n0004_02,0\n", 0.75},
		{"0.0/1.0 floats", "PassengerId,Transported\n0001_01,1.0\n0002_01,0.0\n0003_01,0.0\n0004_02,0.0\n", 0.75},
		{"1. the row count differs", "PassengerId,Transported\n0001_01,True\n", -1},
		{"2. no Transported column", "PassengerId,transported\n0001_01,True\n0002_01,False\n0003_01,True\n0004_02,False\n", -1},
		{"3. no PassengerId column", "Id,Transported\n0001_01,True\n0002_01,False\n0003_01,True\n0004_02,False\n", -1},
		{"4. ids differ", "PassengerId,Transported\n0001_01,True\n0002_01,False\n0003_01,True\n0004_01,False\n", -1},
		{"4. duplicate id", "PassengerId,Transported\n0001_01,True\n0001_01,False\n0003_01,True\n0004_02,False\n", -1},
		{"5. a missing value (object dtype)", "PassengerId,Transported\n0001_01,True\n0002_01,\n0003_01,True\n0004_02,False\n", -2},
		{"5. arbitrary strings (two values)", "PassengerId,Transported\n0001_01,yes\n0002_01,no\n0003_01,yes\n0004_02,no\n", -2},
		{"5. non-integral floats", "PassengerId,Transported\n0001_01,0.9\n0002_01,0.1\n0003_01,0.9\n0004_02,0.1\n", -2},
		{"5. three distinct strings: all wrong", "PassengerId,Transported\n0001_01,a\n0002_01,b\n0003_01,c\n0004_02,a\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Value != tc.want || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestSplitVector prepares a raw file of the real size (8,693 rows)
// and checks the split against the spec's test vector (raw row positions).
func TestSplitVector(t *testing.T) {
	if testing.Short() {
		t.Skip("8,693-row prepare")
	}
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 8693}); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	read := func(p string) *table.Table {
		tb, err := table.ReadFile(p, table.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	raw := read(filepath.Join(d.Raw, "train.csv"))
	rawIDs, _ := raw.Col("PassengerId")
	pos := map[string]int{}
	for i, id := range rawIDs.Text {
		pos[id] = i
	}
	positions := func(tb *table.Table) []int {
		c, _ := tb.Col("PassengerId")
		out := make([]int, c.Len())
		for i, id := range c.Text {
			out[i] = pos[id]
		}
		return out
	}
	test, train := positions(read(filepath.Join(d.Private, "test.csv"))), positions(read(filepath.Join(d.Public, "train.csv")))
	if len(test) != 870 || len(train) != 7823 {
		t.Fatalf("split sizes %d/%d, want 870/7823", len(test), len(train))
	}
	if want := []int{3601, 6057, 2797, 7110, 8579, 989, 5166, 4644}; !slices.Equal(test[:8], want) {
		t.Errorf("test starts %v, want %v", test[:8], want)
	}
	if want := []int{4132, 7217, 7216, 7968, 50, 5670, 5554, 8440}; !slices.Equal(train[:8], want) {
		t.Errorf("train starts %v, want %v", train[:8], want)
	}
	if want := []int{4859, 3264, 2732}; !slices.Equal(train[len(train)-3:], want) {
		t.Errorf("train ends %v, want %v", train[len(train)-3:], want)
	}
}
