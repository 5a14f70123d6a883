package nomad2018_predict_transparent_conductors

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

const testID = "nomad2018-predict-transparent-conductors"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s of every prepared file (CSVs and the
// geometry tree) from reference_prepare.py on the seed-0 fake raw data; the
// sample score from scikit-learn on the same data.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.32519),
		GoldScore:   comptest.Ptr(0),
	})
	// Folder 2 has geometry.xyz and zz_relaxed.xyz: the later one wins.
	// Find the new id of old id 2 through the answers' order.
	found := false
	for _, dir := range []string{"train", "test"} {
		entries, _ := os.ReadDir(filepath.Join(p.Paths.Public, dir))
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(p.Paths.Public, dir, e.Name(), "geometry.xyz"))
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(string(b), "#relaxed") {
				found = true
			}
		}
	}
	if !found {
		t.Error("the .xyz that sorts last in a folder did not win")
	}
}

func writeRaw(t *testing.T, dir string, geo []synth.ZipEntry, csv string) {
	t.Helper()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(synth.WriteZip(filepath.Join(dir, "train.csv.zip"), []synth.ZipEntry{{Name: "train.csv", Data: []byte(csv)}}))
	must(synth.WriteZip(filepath.Join(dir, "train.zip"), geo))
	must(synth.WriteZip(filepath.Join(dir, "test.zip"), nil))
	must(synth.WriteZip(filepath.Join(dir, "test.csv.zip"), nil))
}

func TestPrepareErrors(t *testing.T) {
	csv := "id,formation_energy_ev_natom,bandgap_energy_ev\n1,0.1,1\n2,0.2,2\n3,0.3,3\n"
	geo := func(names ...string) []synth.ZipEntry {
		var out []synth.ZipEntry
		for _, n := range names {
			out = append(out, synth.ZipEntry{Name: n, Data: []byte(n)})
		}
		return out
	}
	for _, c := range []struct {
		name  string
		geo   []synth.ZipEntry
		setup func(dir string)
		want  string
	}{
		{"ok", geo("train/1/geometry.xyz", "train/2/geometry.xyz", "train/3/geometry.xyz"), nil, ""},
		{"python int() folder names", geo("train/ 1/geometry.xyz", "train/+2/geometry.xyz", "train/3/geometry.xyz"), nil, ""},
		{"non-integer folder (unused) fails", geo("train/1/geometry.xyz", "train/2/geometry.xyz", "train/3/geometry.xyz", "train/x/geometry.xyz"), nil, "int()"},
		{"id without geometry", geo("train/1/geometry.xyz", "train/2/geometry.xyz"), nil, ".xyz files"},
		{"deeper levels are not listed", geo("train/1/geometry.xyz", "train/2/geometry.xyz", "train/3/sub/geometry.xyz"), nil, ".xyz files"},
		{"missing test.zip", geo("train/1/geometry.xyz"), func(dir string) { os.Remove(filepath.Join(dir, "test.zip")) }, "test.zip"},
		{"corrupt test.csv.zip", geo("train/1/geometry.xyz"), func(dir string) { os.WriteFile(filepath.Join(dir, "test.csv.zip"), []byte("nope"), 0o644) }, "test.csv.zip"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			writeRaw(t, d.Raw, c.geo, csv)
			if c.setup != nil {
				c.setup(d.Raw)
			}
			err := Prepare(context.Background(), d)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %.17g (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

func TestGradeInvalid(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,formation_energy_ev_natom,bandgap_energy_ev\n1,0.1,1.0\n2,0.2,2.0\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"1 missing formation_energy_ev_natom", "id,bandgap_energy_ev\n1,1\n2,2\n", true},
		{"1 missing bandgap_energy_ev", "id,formation_energy_ev_natom\n1,1\n2,2\n", true},
		{"2 row count differs", "id,formation_energy_ev_natom,bandgap_energy_ev\n1,0.1,1\n", true},
		{"NaN prediction", "id,formation_energy_ev_natom,bandgap_energy_ev\n1,0.1,\n2,0.2,2\n", false},
		{"negative prediction (sklearn 1.5.x)", "id,formation_energy_ev_natom,bandgap_energy_ev\n1,-0.1,1\n2,0.2,2\n", false},
		{"non-numeric prediction", "id,formation_energy_ev_natom,bandgap_energy_ev\n1,a,1\n2,0.2,2\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			if err == nil {
				t.Fatal("graded as valid")
			}
			if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
				t.Errorf("invalid=%v (%v), want %v", got, err, c.invalid)
			}
		})
	}
	// Positional comparison: the ids are ignored, rows in another order
	// score differently without any error.
	s, err := Grade(comptest.TableViaFile(t, "id,formation_energy_ev_natom,bandgap_energy_ev\n2,0.2,2.0\n1,0.1,1.0\n"), answers)
	if err != nil || s.Value == 0 {
		t.Errorf("reordered rows: %v, %v; want a non-zero score", s, err)
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,formation_energy_ev_natom,bandgap_energy_ev\n1,0.1,1.0\n2,0.2,2.0\n")
	for _, sub := range []string{"", "id\n", "formation_energy_ev_natom,bandgap_energy_ev\n",
		"formation_energy_ev_natom,bandgap_energy_ev\n1e400,1\n1,1\n", "formation_energy_ev_natom,bandgap_energy_ev\nTrue,1\n,1\n"} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: panic %v", sub, r)
				}
			}()
			if s, err := Grade(comptest.TableViaFile(t, sub), answers); err == nil {
				t.Errorf("%q: graded as valid (%v)", sub, s)
			}
		}()
	}
}
