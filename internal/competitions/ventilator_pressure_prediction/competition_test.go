package ventilator_pressure_prediction

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const testID = "ventilator-pressure-prediction"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s from reference_prepare.py (pandas 1.5.3,
// sklearn 1.2.1) on the seed-0 fake raw data; the sample score from
// scikit-learn on the same data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(8.95056),
		GoldScore:   comptest.Ptr(0),
	})
}

// TestSplitVectors: the spec's split vectors for the real 75,450 breaths.
func TestSplitVectors(t *testing.T) {
	train, test, err := pyrand.TrainTestSplit(75450, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 7545 || len(train) != 67905 {
		t.Fatalf("sizes %d/%d", len(train), len(test))
	}
	for i, w := range []int{26700, 42259, 10122, 33487, 41378, 74359, 1503, 68450} {
		if test[i] != w {
			t.Errorf("test[%d] = %d, want %d", i, test[i], w)
		}
	}
	for i, w := range []int{50986, 33138, 25950, 11455, 66086, 26217, 42865, 36874} {
		if train[i] != w {
			t.Errorf("train[%d] = %d, want %d", i, train[i], w)
		}
	}
	for i, w := range []int{42613, 43567, 68268} {
		if got := train[len(train)-3+i]; got != w {
			t.Errorf("train[-%d] = %d, want %d", 3-i, got, w)
		}
	}
}

func TestGroupsAscending(t *testing.T) {
	got := breathGroups([]int64{7, 3, 7, -1, 3, 7})
	want := [][]int{{3}, {1, 4}, {0, 2, 5}}
	if len(got) != len(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	for k := range want {
		if !slices.Equal(got[k], want[k]) {
			t.Errorf("group %d = %v, want %v", k, got[k], want[k])
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	header := strings.Join(rawHeader, ",") + "\n"
	rows := "1,5,20,10,0,1.5,0,3.25\n2,9,20,10,0,1.5,0,3.25\n3,5,20,10,0.03,2,1,4\n"
	for _, c := range []struct {
		name, csv, want string
		written         bool
	}{
		{"R out of int8 range", header + strings.Replace(rows, "1,5,20,", "1,5,200,", 1), "out of range", false},
		{"breath_id not an integer", header + strings.Replace(rows, "1,5,", "1,x,", 1), "dtype", false},
		{"no breath_id column", strings.Replace(header, "breath_id", "breath", 1) + rows, "breath_id", false},
		{"extra column fails the width assert after writing", strings.Replace(header, "pressure", "pressure,x", 1) + strings.ReplaceAll(rows, "\n", ",1\n"), "7 columns", true},
		{"one breath only", header + "1,5,20,10,0,1.5,0,3.25\n", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			if err := os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(c.csv), 0o644); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, c.want)
			}
			_, statErr := os.Stat(filepath.Join(d.Private, "test.csv"))
			if written := statErr == nil; written != c.written {
				t.Errorf("private/test.csv written = %v, want %v", written, c.written)
			}
		})
	}
}

// TestGradeGolden: scores computed once with scikit-learn
// (reference_grade.py → scores.json).
func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	if len(want) != 3 {
		t.Fatalf("scores.json has %d entries", len(want))
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %v (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

func TestGradeCases(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,breath_id,R,C,time_step,u_in,u_out,pressure\n1,3,5,10,0,1,0,2.5\n2,3,5,10,0.1,1,0,4\n3,3,5,10,0.2,1,1,100\n")
	for _, c := range []struct {
		name, sub string
		score     float64 // when valid
		invalid   bool
		err       bool // plain error
	}{
		{"valid: u_out==1 rows ignored", "id,pressure\n2,5\n1,2.5\n3,0\n", 0.5, false, false},
		{"valid: float ids", "id,pressure\n1.0,2.5\n2.0,4\n3.0,7\n", 0, false, false},
		{"valid: text pressure only on an ignored row", "id,pressure\n1,2.5\n2,4\n3,abc\n", 0, false, false},
		{"2 no id column", "ID,pressure\n1,2.5\n2,4\n3,0\n", 0, true, false},
		{"3 no pressure column", "id,p\n1,2.5\n2,4\n3,0\n", 0, true, false},
		{"4 row count differs", "id,pressure\n1,2.5\n2,4\n", 0, true, false},
		{"5 duplicate id", "id,pressure\n1,2.5\n1,4\n3,0\n", 0, true, false},
		{"5 text ids", "id,pressure\na,2.5\n2,4\n3,0\n", 0, true, false},
		{"5 NaN id", "id,pressure\n1,2.5\n,4\n3,0\n", 0, true, false},
		{"5 non-integral float id", "id,pressure\n1,2.5\n2.5,4\n3,0\n", 0, true, false},
		{"7 NaN prediction", "id,pressure\n1,2.5\n2,\n3,0\n", 0, false, true},
		{"7 inf prediction", "id,pressure\n1,2.5\n2,inf\n3,0\n", 0, false, true},
		{"7 non-numeric prediction", "id,pressure\n1,2.5\n2,x\n3,0\n", 0, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			switch {
			case c.invalid || c.err:
				if err == nil {
					t.Fatalf("graded as valid (%v)", s)
				}
				if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
					t.Errorf("invalid=%v (%v), want %v", got, err, c.invalid)
				}
			case err != nil:
				t.Fatal(err)
			case math.Abs(s.Value-c.score) > 1e-12:
				t.Errorf("score %v, want %v", s.Value, c.score)
			}
		})
	}
	noInsp := comptest.TableViaFile(t, "id,u_out,pressure\n1,1,2\n")
	if _, err := Grade(comptest.TableViaFile(t, "id,pressure\n1,2\n"), noInsp); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("no u_out == 0 rows: %v, want a plain error", err)
	}
	if _, err := Grade(comptest.TableViaFile(t, "id,pressure\n1,2\n"), comptest.TableViaFile(t, "id,u_out\n1,0\n")); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without pressure: %v, want a plain error", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,u_out,pressure\n1,0,1.0\n2,0,2.0\n")
	for _, sub := range []string{"", "id\n", "id,pressure\n", "id,pressure\n1,1e400\n2,1\n", "id,pressure,x\n,,\n,,\n", "pressure,id\nTrue,a\n,b\n", "id,pressure\n1,1\n2,2\n3,3\n"} {
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

// TestPrepareWithoutIDColumn: a raw train.csv without an id column is
// prepared as the original does it: ids 1 … n added as the last column,
// and the width asserts pass.
func TestPrepareWithoutIDColumn(t *testing.T) {
	raw := t.TempDir()
	var b strings.Builder
	b.WriteString("breath_id,R,C,time_step,u_in,u_out,pressure\n")
	for br := 1; br <= 20; br++ {
		for k := 0; k < 3; k++ {
			fmt.Fprintf(&b, "%d,5,10,%g,%g,%d,%g\n", br, float64(k)/10, float64(br+k)/7, k%2, float64(br*k)/3)
		}
	}
	if err := os.WriteFile(filepath.Join(raw, "train.csv"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	d := competition.Dirs{Raw: raw, Public: t.TempDir(), Private: t.TempDir()}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if lines[0] != "breath_id,R,C,time_step,u_in,u_out,pressure,id" || len(lines) != 1+2*3 || !strings.HasSuffix(lines[1], ",1") || !strings.HasSuffix(lines[6], ",6") {
		t.Errorf("answers without a raw id column:\n%s", got)
	}
}
