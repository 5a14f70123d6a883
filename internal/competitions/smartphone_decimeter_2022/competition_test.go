package smartphone_decimeter_2022

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
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (the CSVs and every copied drive file) must match
// testdata/golden_md5.json, which reference_prepare.py (pandas +
// scikit-learn + shutil) produced from the same raw data. Sample and gold
// scores are reference_grade.py's, rounded.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: comptest.Ptr(3102943.93088),
		GoldScore:   comptest.Ptr(0),
	})
	a, err := os.ReadFile(p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("testdata", "answers.csv"))
	if err != nil || string(a) != string(b) {
		t.Errorf("testdata/answers.csv is not the seed-0 private/test.csv (%v)", err)
	}
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		malformed(t, answers)
		comptest.FuzzNoPanic(t, Competition, answers, string(a), competition.NumpyFloat64)
	})
}

// malformed grades structural mutations of the answers (comptest.Malformed
// cannot be used: a repeated row within its trip is valid here, rows are
// paired by position) and checks the outcome.
func malformed(t *testing.T, answers *table.Table) {
	n := answers.Len()
	dup := comptest.Range(n)
	dup[1] = 0
	trips, _ := answers.Col(tripID)
	moved := make([]string, n)
	for i := range moved {
		moved[i] = trips.Str(i)
	}
	moved[0] = moved[n-1] // one trip a row short, another a row long
	for _, tc := range []struct {
		name    string
		sub     *table.Table
		invalid bool
		want    float64
	}{
		{"empty", table.MustNew(), true, 0},
		{"no rows", answers.Take(nil), true, 0},
		{"drop tripId", answers.Drop(tripID), true, 0},
		{"drop UnixTimeMillis", answers.Drop(millis), true, 0},
		{"drop LatitudeDegrees", answers.Drop(lat), true, 0},
		{"drop LongitudeDegrees", answers.Drop(lon), true, 0},
		{"one row short", answers.Take(comptest.Range(n - 1)), true, 0},
		{"every row twice", answers.Take(append(comptest.Range(n), comptest.Range(n)...)), true, 0},
		{"a row moved to another trip", mustWith(t, answers, table.Strings(tripID, moved)), true, 0},
		{"a row repeated in place of the next (valid)", answers.Take(dup), false, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, tc.sub, answers)
			if tc.invalid {
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("(%v, %v), want invalid", s, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

func mustWith(t *testing.T, tb *table.Table, c *table.Column) *table.Table {
	out, err := tb.With(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGradeReference grades testdata/submissions against the seed-0
// answers and compares with reference_grade.py (numpy): outcome, score to
// 1e-9 and rounded score.
func TestGradeReference(t *testing.T) {
	comptest.CheckReferenceScores(t, Competition, filepath.Join("testdata", "answers.csv"), "testdata")
}

// TestGradeNaN: a NaN coordinate makes a NaN score, which is valid.
func TestGradeNaN(t *testing.T) {
	ans, err := grade.LoadAnswers(Competition, filepath.Join("testdata", "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := grade.ReadSubmission(filepath.Join("testdata", "submissions", "nan_latitude_valid_nan.csv"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Grade(sub, ans)
	if err != nil || !math.IsNaN(s.Value) || s.Kind != competition.NumpyFloat64 {
		t.Fatalf("(%v, %v), want a NaN numpy float64", s, err)
	}
}

// TestGradeSmall checks the spec's rules on hand-made tables.
func TestGradeSmall(t *testing.T) {
	ans := comptest.Table(t, "tripId,UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n"+
		"d-1-A,1,0,0\nd-1-A,2,0,0\nd-1-A,3,0,0\nd-1-B,1,0,0\n")
	// One degree of latitude on the R = 6,371,000 m sphere.
	deg := 6_371_000 * math.Pi / 180
	for _, c := range []struct {
		name, rows string
		want       float64 // -1 invalid, -2 error
	}{
		{"perfect", "d-1-A,1,0,0\nd-1-A,2,0,0\nd-1-A,3,0,0\nd-1-B,1,0,0\n", 0},
		// trip A distances (0, 0, 1°): p50 = 0, p95 = 0.9°; trip B 0.
		{"linear percentiles, trips averaged", "d-1-A,1,0,0\nd-1-A,2,1,0\nd-1-A,3,0,0\nd-1-B,9,0,0\n", 0.45 * deg / 2},
		{"millis ignored, rows of trips interleaved", "d-1-B,0,0,0\nd-1-A,0,0,0\nd-1-A,0,1,0\nd-1-A,0,0,0\n", 0.45 * deg / 2},
		{"2. no LongitudeDegrees", "d-1-A,1,0\nd-1-A,2,0\nd-1-A,3,0\nd-1-B,1,0\n", -1},
		{"2. one row short", "d-1-A,1,0,0\nd-1-A,2,0,0\nd-1-B,1,0,0\n", -1},
		{"2. a trip one row short", "d-1-A,1,0,0\nd-1-A,2,0,0\nd-1-B,3,0,0\nd-1-B,1,0,0\n", -1},
		{"2. unknown trip", "d-1-A,1,0,0\nd-1-A,2,0,0\nd-1-A,3,0,0\nd-1-C,1,0,0\n", -1},
		{"6. text latitude", "d-1-A,1,x,0\nd-1-A,2,0,0\nd-1-A,3,0,0\nd-1-B,1,0,0\n", -2},
	} {
		t.Run(c.name, func(t *testing.T) {
			head := "tripId,UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n"
			if strings.HasPrefix(c.name, "2. no Longitude") {
				head = "tripId,UnixTimeMillis,LatitudeDegrees\n"
			}
			s, err := comptest.SafeGrade(Competition, comptest.Table(t, head+c.rows), ans)
			switch c.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("(%v, %v), want invalid", s, err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("(%v, %v), want a non-invalid error", s, err)
				}
			default:
				if err != nil || math.Abs(s.Value-c.want) > 1e-6 {
					t.Fatalf("(%v, %v), want %v", s, err, c.want)
				}
			}
		})
	}
}

// TestQuantile checks numpy's 'linear' quantile and _lerp on small arrays
// (values from numpy.quantile).
func TestQuantile(t *testing.T) {
	for _, c := range []struct {
		d    []float64
		q    float64
		want float64
	}{
		{[]float64{3}, 0.95, 3},
		{[]float64{1, 2}, 0.5, 1.5},
		{[]float64{4, 1, 3, 2}, 0.95, 3.8499999999999996},
		{[]float64{0, 0, 1}, 0.95, 0.8999999999999999},
		{[]float64{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100}, 0.95, 95},
		{[]float64{1, math.NaN(), 2}, 0.5, math.NaN()},
	} {
		if got := quantile(c.d, c.q); !comptest.Close(got, c.want) || (got != c.want && !math.IsNaN(c.want)) {
			t.Errorf("quantile(%v, %v) = %.17g, want %.17g", c.d, c.q, got, c.want)
		}
	}
}

func TestDriveDate(t *testing.T) {
	for in, want := range map[string]string{
		"2020-05-15-US-MTV-1": "2020-05-15",
		"2021-4-2-US-SJC-1":   "2021-04-02",
		"2021-005-2-x":        "2021-005-02",
		"21-12-07-US-LAX-2":   "21-12-07",
		"2021-04-28":          "2021-04-28",
	} {
		if got, err := driveDate(in); err != nil || got != want {
			t.Errorf("driveDate(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"2021-04", "2021-0a-02-x", "x-04-02-y", "2021--02-x", "metadata"} {
		if _, err := driveDate(bad); err == nil {
			t.Errorf("driveDate(%q) accepted", bad)
		}
	}
}

// TestPrepareErrors: raw data the original's asserts reject.
func TestPrepareErrors(t *testing.T) {
	mk := func(t *testing.T, files map[string]string) competition.Dirs {
		d := comptest.Dirs(t)
		for p, body := range files {
			full := filepath.Join(d.Raw, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	gt := "UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n1,37.1,-122.1\n"
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"one date", map[string]string{"train/2021-01-01-a/P/ground_truth.csv": gt, "train/2021-1-1-b/P/ground_truth.csv": gt, "metadata/m.json": "{}"}, "train set will be empty"},
		{"bad drive id", map[string]string{"train/2021-01-01-a/P/ground_truth.csv": gt, "train/latest/P/ground_truth.csv": gt, "metadata/m.json": "{}"}, "latest"},
		{"no metadata", map[string]string{"train/2021-01-01-a/P/ground_truth.csv": gt, "train/2021-01-02-b/P/ground_truth.csv": gt}, "metadata"},
		{"no latitude", map[string]string{"train/2021-01-01-a/P/ground_truth.csv": "UnixTimeMillis,Lat,LongitudeDegrees\n1,2,3\n", "train/2021-01-02-b/P/ground_truth.csv": "UnixTimeMillis,Lat,LongitudeDegrees\n1,2,3\n", "metadata/m.json": "{}"}, "LatitudeDegrees"},
		{"test drive without rows", map[string]string{"train/2021-01-01-a/P/ground_truth.csv": "UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n", "train/2021-01-02-b/P/ground_truth.csv": "UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n", "metadata/m.json": "{}"}, "journeys"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Prepare(context.Background(), mk(t, c.files))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

// TestCancel: a cancelled context stops prepare with ctx's error.
func TestCancel(t *testing.T) {
	d := comptest.Dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
