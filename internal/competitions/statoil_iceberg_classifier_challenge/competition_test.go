package statoil_iceberg_classifier_challenge

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyjson"
)

const testID = "statoil-iceberg-classifier-challenge"

var testdata = filepath.Join("testdata")

// checkGolden compares every prepared file with golden_md5.json
// (reference_prepare.py with py7zr): plain files by md5, 7z archives by
// the md5 of each extracted member ("public/x.7z:member").
func checkGolden(t *testing.T, prepared string) {
	t.Helper()
	var want map[string]string
	comptest.ReadJSON(t, filepath.Join(testdata, "golden_md5.json"), &want)
	sums, err := competitiontest.TreeMD5(prepared)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for p, s := range sums {
		if strings.HasSuffix(p, "description.md") {
			continue
		}
		if !strings.HasSuffix(p, ".7z") {
			got[p] = s
			continue
		}
		dst := t.TempDir()
		if err := archive.Extract(context.Background(), filepath.Join(prepared, p), dst, archive.Options{SkipSpaceCheck: true}); err != nil {
			t.Fatal(err)
		}
		members, err := competitiontest.TreeMD5(dst)
		if err != nil {
			t.Fatal(err)
		}
		for m, s := range members {
			got[p+":"+m] = s
		}
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("prepared %s: md5 %q, golden %s", k, got[k], w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("prepared %s is not in the golden file", k)
		}
	}
}

// TestConformance: golden member MD5s from reference_prepare.py on
// the seed-0 fake raw data; the sample (all 0.5) scores ln 2.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: comptest.Ptr(0.69315),
		GoldScore:   comptest.Ptr(0),
	})
	checkGolden(t, filepath.Join(p.DataDir, testID, "prepared"))
	if _, err := os.Stat(filepath.Join(p.Paths.Private, "tmp_data")); !os.IsNotExist(err) {
		t.Errorf("private/tmp_data left behind: %v", err)
	}
}

// TestDecode: Python json.loads typing and json.dumps output.
func TestDecode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[1, 1.0, 1e5, -0.0, 1E-7, 12345678901234567890123, "na", "\u00e9", true, null]`,
			`[1, 1.0, 100000.0, -0.0, 1e-07, 12345678901234567890123, "na", "\u00e9", true, null]`},
		{`{"b":1,"a":2,"b":3}`, `{"b": 3, "a": 2}`},
		{`[1e400]`, `[Infinity]`},
	} {
		v, err := decode([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		b, err := pyjson.Marshal(v, pyjson.Options{})
		if err != nil || string(b) != c.want {
			t.Errorf("%s → %s (%v), want %s", c.in, b, err, c.want)
		}
	}
	for _, bad := range []string{``, `[1,`, `[1] 2`, `{"a" 1}`} {
		if _, err := decode([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func writeRaw(t *testing.T, raw, trainJSON, testJSON string) {
	t.Helper()
	tmp := t.TempDir()
	for name, content := range map[string]string{"train.json": trainJSON, "test.json": testJSON} {
		p := filepath.Join(tmp, name)
		os.WriteFile(p, []byte(content), 0o644)
		if err := archive.Write7z(context.Background(), filepath.Join(raw, name+".7z"), []archive.Entry7z{{Name: "data/processed/" + name, Path: p}}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	obj := func(id string, extra string) string {
		return `{"id": "` + id + `", "band_1": [1.0], "band_2": [2.0], "inc_angle": "na"` + extra + `}`
	}
	train := func(extraLast string) string {
		var parts []string
		for i := 0; i < 10; i++ {
			e := `, "is_iceberg": 1`
			if i == 9 {
				e = extraLast
			}
			parts = append(parts, obj("id"+string(rune('a'+i)), e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	for _, c := range []struct{ name, train, test, want string }{
		{"train key sets differ", train(""), "[" + obj("t", "") + "]", "keys"},
		{"test key sets differ", train(`, "is_iceberg": 0`), "[" + obj("t", "") + `, {"id": "u"}]`, "keys"},
		{"empty test", train(`, "is_iceberg": 0`), "[]", "empty"},
		{"test key not in train", train(`, "is_iceberg": 0`), "[" + obj("t", `, "extra": 1`) + "]", "KeyError"},
		{"not an array", train(`, "is_iceberg": 0`), `{"a": 1}`, "array"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			writeRaw(t, d.Raw, c.train, c.test)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
	d := comptest.Dirs(t)
	if err := Prepare(context.Background(), d); err == nil {
		t.Error("missing archives: no error")
	}
}

// TestGradeGolden: scores of committed submissions equal
// reference_grade.py's (scikit-learn 1.5 log_loss rule: clip to
// [eps, 1-eps], no renormalisation, reimplemented in numpy there).
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
		if s.Kind != competition.PyFloat || math.Abs(s.Value-w) > 1e-9 {
			t.Errorf("%s: score %.17g (kind %v), reference %.17g", name, s.Value, s.Kind, w)
		}
	}
}

func TestGradeCases(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,is_iceberg\nb1,1\na2,0\nc3,1\n")
	eps := 2.220446049250313e-16
	for _, c := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 plain error
	}{
		{"reordered", "id,is_iceberg\nc3,0.5\nb1,0.5\na2,0.5\n", math.Ln2},
		{"clipped extremes", "id,is_iceberg\na2,1\nb1,0\nc3,1\n", -(2*math.Log(eps) + math.Log(1-eps)) / 3},
		{"booleans are 0/1", "id,is_iceberg\nb1,True\na2,False\nc3,True\n", -math.Log(1 - eps)},
		{"extra column", "id,is_iceberg,x\nb1,0.5,1\na2,0.5,2\nc3,0.5,3\n", math.Ln2},
		{"1 missing id", "is_iceberg\n0.5\n0.5\n0.5\n", -1},
		{"2 missing is_iceberg", "id,p\nb1,0.5\na2,0.5\nc3,0.5\n", -1},
		{"3 id sets differ", "id,is_iceberg\nb1,0.5\na2,0.5\nd4,0.5\n", -1},
		{"3 missing id", "id,is_iceberg\nb1,0.5\na2,0.5\n", -1},
		{"3 duplicated id, same set: log_loss length error", "id,is_iceberg\nb1,0.5\na2,0.5\nc3,0.5\nc3,0.5\n", -2},
		{"4 above 1", "id,is_iceberg\nb1,1.5\na2,0.5\nc3,0.5\n", -1},
		{"4 negative", "id,is_iceberg\nb1,-0.1\na2,0.5\nc3,0.5\n", -1},
		{"4 NaN", "id,is_iceberg\nb1,\na2,0.5\nc3,0.5\n", -1},
		{"4 text", "id,is_iceberg\nb1,x\na2,0.5\nc3,0.5\n", -2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			switch {
			case c.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want invalid", s, err)
				}
			case c.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want a plain error", s, err)
				}
			case err != nil:
				t.Fatal(err)
			case s.Kind != competition.PyFloat || math.Abs(s.Value-c.want) > 1e-12:
				t.Errorf("score %.17g (kind %v), want %.17g", s.Value, s.Kind, c.want)
			}
		})
	}
	one := comptest.TableViaFile(t, "id,is_iceberg\nb1,1\na2,1\n")
	if _, err := Grade(comptest.TableViaFile(t, "id,is_iceberg\nb1,0.5\na2,0.5\n"), one); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("single-class answers: %v, want a plain error", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	valid := "id,is_iceberg\nb1,0.2\na2,0.7\nc3,0.9\n"
	comptest.FuzzNoPanic(t, Competition, comptest.TableViaFile(t, "id,is_iceberg\nb1,1\na2,0\nc3,1\n"), valid, competition.PyFloat)
}
