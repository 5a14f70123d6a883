package champs_scalar_coupling

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

const testID = "champs-scalar-coupling"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s (every CSV and copied .xyz) from
// reference_prepare.py on the seed-0 fake raw data. The gold submission
// (the answers) has MAE 0 for every type: np.log gives −inf, kept as a
// valid score, so no gold value is compared here (see TestGradeCases).
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(1.3986),
		SkipGold:    true,
	})
}

func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	if len(want) < 3 {
		t.Fatalf("scores.json has %d entries", len(want))
	}
	for name, w := range want {
		s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
			t.Errorf("%s: score %.17g (kind %v), reference %.17g", name, s.Value, s.Kind, w)
		}
	}
	// The answers themselves: every type's MAE is 0 → −inf, valid.
	s, err := Grade(answers, answers)
	if err != nil || !math.IsInf(s.Value, -1) {
		t.Errorf("gold: %v, %v; want -Inf", s, err)
	}
}

func TestGradeCases(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,molecule_name,atom_index_0,atom_index_1,type,scalar_coupling_constant\n"+
		"5,m1,0,1,2JHH,10\n3,m1,0,2,1JHC,20\n9,m2,1,2,2JHH,30\n")
	// types sorted: 1JHC (MAE a), 2JHH (MAE b); score = (ln a + ln b)/2
	for _, c := range []struct {
		name, sub string
		want      float64 // NaN: invalid; +Inf: plain error
	}{
		{"reordered", "id,scalar_coupling_constant\n9,31\n3,22\n5,12\n", (math.Log(2) + math.Log(1.5)) / 2},
		{"extra column", "scalar_coupling_constant,x,id\n22,a,3\n12,b,5\n31,c,9\n", (math.Log(2) + math.Log(1.5)) / 2},
		// id 5 twice: 2JHH rows 10 vs 12, 10 vs 14, 30 vs 31 → MAE 7/3
		{"duplicated id counts twice", "id,scalar_coupling_constant\n9,31\n3,22\n5,12\n5,14\n", (math.Log(2) + math.Log(7.0/3)) / 2},
		{"float ids equal ints", "id,scalar_coupling_constant\n9.0,31\n3.0,22\n5.0,12\n", (math.Log(2) + math.Log(1.5)) / 2},
		{"perfect type gives -inf", "id,scalar_coupling_constant\n9,31\n3,20\n5,12\n", math.Inf(-1)},
		{"1 missing scalar_coupling_constant", "id,x\n9,31\n3,22\n5,12\n", math.NaN()},
		{"1 missing id", "scalar_coupling_constant\n31\n22\n12\n", math.NaN()},
		{"2 id set differs", "id,scalar_coupling_constant\n9,31\n3,22\n6,12\n", math.NaN()},
		{"2 missing id", "id,scalar_coupling_constant\n9,31\n3,22\n", math.NaN()},
		{"NaN prediction", "id,scalar_coupling_constant\n9,31\n3,\n5,12\n", math.Inf(1)},
		{"inf prediction", "id,scalar_coupling_constant\n9,31\n3,inf\n5,12\n", math.Inf(1)},
		{"text prediction", "id,scalar_coupling_constant\n9,31\n3,abc\n5,12\n", math.Inf(1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			switch {
			case math.IsNaN(c.want):
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want invalid", s, err)
				}
			case math.IsInf(c.want, 1):
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want a plain error", s, err)
				}
			case err != nil:
				t.Fatal(err)
			case s.Kind != competition.NumpyFloat64 || !(s.Value == c.want || math.Abs(s.Value-c.want) < 1e-12):
				t.Errorf("score %.17g (kind %v), want %.17g", s.Value, s.Kind, c.want)
			}
		})
	}
}

func TestPrepareErrors(t *testing.T) {
	setup := func(t *testing.T, edit func(raw string)) competition.Dirs {
		d := comptest.Dirs(t)
		if err := FakeRaw(d.Raw, competition.FakeOptions{Seed: 1, Rows: 12}); err != nil {
			t.Fatal(err)
		}
		edit(d.Raw)
		return d
	}
	for _, c := range []struct {
		name string
		edit func(raw string)
		want string
	}{
		{"aux file lacks a train molecule", func(raw string) {
			b, _ := os.ReadFile(filepath.Join(raw, "potential_energy.csv"))
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			// keep the header and the last row (a molecule only the
			// auxiliary files have)
			os.WriteFile(filepath.Join(raw, "potential_energy.csv"), []byte(lines[0]+"\n"+lines[len(lines)-1]+"\n"), 0o644)
		}, "train molecules"},
		{"missing aux file", func(raw string) { os.Remove(filepath.Join(raw, "mulliken_charges.csv")) }, "mulliken"},
		{"missing xyz", func(raw string) {
			es, _ := os.ReadDir(filepath.Join(raw, "structures"))
			for _, e := range es {
				os.Remove(filepath.Join(raw, "structures", e.Name()))
			}
		}, ".xyz"},
		{"seventh column", func(raw string) {
			b, _ := os.ReadFile(filepath.Join(raw, "train.csv"))
			os.WriteFile(filepath.Join(raw, "train.csv"), []byte(strings.ReplaceAll(string(b), "\n", ",x\n")), 0o644)
		}, "6 columns"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := setup(t, c.edit)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,molecule_name,atom_index_0,atom_index_1,type,scalar_coupling_constant\n"+
		"5,m1,0,1,2JHH,10\n3,m1,0,2,1JHC,20\n9,m2,1,2,2JHH,30\n")
	comptest.FuzzNoPanic(t, Competition, answers, "id,scalar_coupling_constant\n9,31\n3,22\n5,12\n", competition.NumpyFloat64)
}
