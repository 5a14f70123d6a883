package new_york_city_taxi_fare_prediction

import (
	"context"
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/table"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

const testID = "new-york-city-taxi-fare-prediction"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s from reference_prepare.py (pandas) on the
// seed-0 fake raw data; the sample score (RMSE of 11.35) from scikit-learn
// on the same data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(21.44463),
		GoldScore:   comptest.Ptr(0),
	})
}

func TestSplitVectors(t *testing.T) {
	if testing.Short() {
		t.Skip("permutes 55 million indices")
	}
	train, test, err := split(55_423_856)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []int{27853670, 21980810, 42678605, 27677771, 35769990, 11836403, 54872674, 38071881} {
		if test[i] != w {
			t.Fatalf("test[%d] = %d, want %d", i, test[i], w)
		}
	}
	for i, w := range []int{11475745, 889321, 23269145, 4408500} {
		if train[i] != w {
			t.Fatalf("train[%d] = %d, want %d", i, train[i], w)
		}
	}
	for i, w := range []int{2215104, 51816053, 8325804} {
		if got := train[len(train)-3+i]; got != w {
			t.Fatalf("train[-%d] = %d, want %d", 3-i, got, w)
		}
	}
}

func dirs(t *testing.T) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	return d
}

// TestFastPathMatchesTablePath: the fast path and package table write
// the same bytes.
func TestFastPathMatchesTablePath(t *testing.T) {
	t.Run("mapped", testFastPathMatchesTablePath)
	t.Run("bounded", func(t *testing.T) {
		// The real 5.5 GB file is read in bounded mode (pread rows,
		// dropped pages); force it on the small fake.
		defer table.SetMappedResidentLimit(0)()
		testFastPathMatchesTablePath(t)
	})
}

func testFastPathMatchesTablePath(t *testing.T) {
	d := dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Seed: 5}); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	fast, _ := competitiontest.TreeMD5(filepath.Dir(d.Public))
	d2 := d
	d2.Public, d2.Private = d.Public+"2", d.Private+"2"
	os.MkdirAll(d2.Public, 0o755)
	os.MkdirAll(d2.Private, 0o755)
	if err := prepareTable(context.Background(), d2, filepath.Join(d.Raw, "train.csv")); err != nil {
		t.Fatal(err)
	}
	slow, _ := competitiontest.TreeMD5(filepath.Dir(d.Public))
	for _, name := range []string{"labels.csv", "test.csv", "sample_submission.csv", coupons} {
		if fast["pub/"+name] != slow["pub2/"+name] {
			t.Errorf("public %s differs between the fast path and the table path", name)
		}
	}
	if fast["priv/test.csv"] != slow["priv2/test.csv"] {
		t.Error("private test.csv differs between the fast path and the table path")
	}
}

func TestPrepareErrors(t *testing.T) {
	header := strings.Join(rawHeader, ",") + "\n"
	rows := func(n int, row func(i int) string) string {
		var b strings.Builder
		b.WriteString(header)
		for i := 0; i < n; i++ {
			b.WriteString(row(i))
		}
		return b.String()
	}
	good := func(i int) string {
		return fmt.Sprintf("2011-01-01 00:00:00.%07d,5.5,2011-01-01 00:00:00 UTC,-73.9,40.7,-73.9,40.7,1\n", i)
	}
	for _, c := range []struct {
		name, csv string
		noRTF     bool
		want      string // substring of the error
		written   bool   // the CSVs are written before the failure
	}{
		{"too few rows", rows(9914, good), false, "test_size", false},
		{"missing coupons file", rows(9915, good), true, "GCP-Coupons", true},
		{"duplicate keys overlap", rows(9915, func(i int) string { return good(i % 2) }), false, "overlap", true},
		{"nine columns", strings.Replace(rows(9915, func(i int) string { return strings.TrimSuffix(good(i), "\n") + ",x\n" }), "passenger_count", "passenger_count,extra", 1), false, "8 columns", true},
		{"quoted nine columns (table path)", strings.Replace(rows(9915, func(i int) string { return strings.TrimSuffix(good(i), "\n") + ",\"x\"\n" }), "passenger_count", "passenger_count,extra", 1), false, "8 columns", true},
		{"no fare column", strings.Replace(rows(9915, good), "fare_amount", "fare", 1), false, "fare_amount", false},
	} {
		for _, bounded := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/bounded=%v", c.name, bounded), func(t *testing.T) {
				if bounded {
					defer table.SetMappedResidentLimit(0)()
				}
				d := dirs(t)
				os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(c.csv), 0o644)
				if !c.noRTF {
					os.WriteFile(filepath.Join(d.Raw, coupons), []byte("{\\rtf1}"), 0o644)
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
}

// TestGradeGolden: scores computed once with scikit-learn
// (reference_grade.py → scores.json).
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
				t.Errorf("score %v (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
	if s, err := Grade(answers, answers); err != nil || s.Value != 0 {
		t.Errorf("answers against themselves: %v, %v", s, err)
	}
}

func TestGradeInvalid(t *testing.T) {
	answers := comptest.TableViaFile(t, "key,fare_amount\nb,2.0\na,1.0\nc,3.0\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"2 no fare_amount column", "key,fare\na,1\nb,2\nc,3\n", true},
		{"3 no key column", "id,fare_amount\na,1\nb,2\nc,3\n", true},
		{"4 row count differs (sklearn length error)", "key,fare_amount\na,1\nb,2\n", false},
		{"5 NaN prediction", "key,fare_amount\na,1\nb,\nc,3\n", false},
		{"5 inf prediction", "key,fare_amount\na,1\nb,inf\nc,3\n", false},
		{"5 non-numeric prediction", "key,fare_amount\na,1\nb,x\nc,3\n", false},
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
	if _, err := Grade(comptest.TableViaFile(t, "key,fare_amount\na,1\n"), comptest.TableViaFile(t, "key,fare\na,1\n")); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without fare_amount: %v, want a plain error", err)
	}
	// Quirk: equal length, wrong keys → still scored by position after
	// sorting each table; numeric keys sort numerically.
	s, err := Grade(comptest.TableViaFile(t, "key,fare_amount\n30,3\n10,1\n20,2\n"), answers)
	if err != nil || s.Value != 0 {
		t.Errorf("numeric wrong keys: %v, %v; want 0 (positional pairing)", s, err)
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "key,fare_amount\na,1.0\nb,2.0\n")
	for _, sub := range []string{"", "key\n", "key,fare_amount\n", "key,fare_amount\na,1e400\nb,1\n", "key,fare_amount,x\n,,\n,,\n", "fare_amount,key\nTrue,a\n,b\n"} {
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
