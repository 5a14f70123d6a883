package predict_volcanic_eruptions_ingv_oe

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (CSVs and copied segments) must match testdata/golden_md5.json,
// which reference_prepare.py (pandas + scikit-learn + shutil) produced from
// the same raw data. The sample (all 0) scores int(round(31176367.17)) and
// the gold (the answers) 0, per reference_grade.py.
func TestConformance(t *testing.T) {
	sample, gold := 31176367.0, 0.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata")
	})
	t.Run("malformed", func(t *testing.T) {
		malformed(t, p.Paths.Answers)
	})
}

// malformed grades structural mutations of the answers (comptest.Malformed
// cannot be used: it requires "every row twice" to fail, which this
// grader accepts by design) and 300 random malformed texts, none of which
// may panic.
func malformed(t *testing.T, answersPath string) {
	answers, err := grade.LoadAnswers(Competition, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	n := answers.Len()
	dup := comptest.Range(n)
	dup[1] = 0
	for _, tc := range []struct {
		name string
		sub  *table.Table
		want float64 // -1: invalid
	}{
		{"empty", table.MustNew(), -1},
		{"no rows", answers.Take(nil), -1},
		{"drop id", answers.Drop(idCol), -1},
		{"drop target", answers.Drop(targetCol), -1},
		{"one row short", answers.Take(comptest.Range(n - 1)), -1},
		{"duplicate replaces an id", answers.Take(dup), -1},
		{"every row twice (valid, spec 5)", answers.Take(append(comptest.Range(n), comptest.Range(n)...)), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, tc.sub, answers)
			if tc.want == -1 {
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("score %v err %v, want invalid", s, err)
				}
				return
			}
			if err != nil || s.Value != tc.want {
				t.Fatalf("score %v err %v, want %v", s, err, tc.want)
			}
		})
	}
	text, err := os.ReadFile(answersPath)
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(text), competition.PyInt)
}

// TestGrade covers each rule of the spec's Grade section on a tiny
// hand-made answers table, with scores derived by hand.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n", 0},
		{"all zero", "segment_id,time_to_eruption\n10,0\n20,0\n30,0\n40,0\n", 250},
		{"other order, extra column", "x,time_to_eruption,segment_id\na,0,40\nb,0,30\nc,0,20\nd,0,10\n", 250},
		{"6. MAE 2.5 rounds half to even", "segment_id,time_to_eruption\n10,110\n20,200\n30,300\n40,400\n", 2},
		{"6. MAE 3.5 rounds half to even", "segment_id,time_to_eruption\n10,114\n20,200\n30,300\n40,400\n", 4},
		{"6. MAE 2.75 float predictions", "segment_id,time_to_eruption\n10,111.0\n20,200\n30,300\n40,400\n", 3},
		{"4. 123.0 equals 123", "segment_id,time_to_eruption\n10.0,100\n20.0,200\n30.0,300\n40.0,0\n", 100},
		{"5. a repeated id counts twice", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n10,150\n", 10},
		{"2. no time_to_eruption column", "segment_id,prediction\n10,100\n20,200\n30,300\n40,400\n", -1},
		{"3. no segment_id column", "id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n", -1},
		{"4. an id missing", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n", -1},
		{"4. an unknown id", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n50,1\n", -1},
		{"4. an empty id cell (NaN)", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\n,1\n", -1},
		{"4. a non-integral float id", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40.5,400\n", -1},
		{"4. ids read as text", "segment_id,time_to_eruption\n10,100\n20,200\n30,300\n40,400\nx,1\n", -1},
		{"6. NaN prediction", "segment_id,time_to_eruption\n10,\n20,200\n30,300\n40,400\n", -2},
		{"6. inf prediction", "segment_id,time_to_eruption\n10,inf\n20,200\n30,300\n40,400\n", -2},
		{"6. text prediction", "segment_id,time_to_eruption\n10,soon\n20,200\n30,300\n40,400\n", -2},
		{"7. the mean overflows to inf", "segment_id,time_to_eruption\n10,1e308\n20,1e308\n30,1e308\n40,1e308\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, comptest.Table(t, tc.sub), ans)
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
				if s.Value != tc.want || s.Kind != competition.PyInt {
					t.Fatalf("score %v kind %v, want %v (Python int)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestSplitVector prepares a raw file of the real size (4,431 rows) and
// checks the split against the spec's test vector (raw row positions).
func TestSplitVector(t *testing.T) {
	if testing.Short() {
		t.Skip("4,431-segment prepare")
	}
	d := comptest.Dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 4431}); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	raw := comptest.ReadFile(t, filepath.Join(d.Raw, "train.csv"))
	rawIDs, _ := raw.Col(idCol)
	pos := map[int64]int{}
	for i, id := range rawIDs.Ints {
		pos[id] = i
	}
	positions := func(tb *table.Table) []int {
		c, _ := tb.Col(idCol)
		out := make([]int, c.Len())
		for i, id := range c.Ints {
			out[i] = pos[id]
		}
		return out
	}
	test := positions(comptest.ReadFile(t, filepath.Join(d.Private, "test.csv")))
	train := positions(comptest.ReadFile(t, filepath.Join(d.Public, "train.csv")))
	if len(test) != 444 || len(train) != 3987 {
		t.Fatalf("split sizes %d/%d, want 444/3987", len(test), len(train))
	}
	if want := []int{1696, 582, 4137, 2805, 2350, 1830, 3974, 4148}; !slices.Equal(test[:8], want) {
		t.Errorf("test starts %v, want %v", test[:8], want)
	}
	if want := []int{3319, 1774, 2089, 1267, 2537, 2869, 634, 3970}; !slices.Equal(train[:8], want) {
		t.Errorf("train starts %v, want %v", train[:8], want)
	}
	if want := []int{1653, 2607, 2732}; !slices.Equal(train[len(train)-3:], want) {
		t.Errorf("train ends %v, want %v", train[len(train)-3:], want)
	}
	for _, part := range []struct {
		dir string
		n   int
	}{{"train", 3987}, {"test", 444}} {
		entries, err := os.ReadDir(filepath.Join(d.Public, part.dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != part.n {
			t.Errorf("public/%s holds %d files, want %d", part.dir, len(entries), part.n)
		}
	}
}

// TestPrepareErrors: raw data the original's asserts reject gives an
// error, never a panic or partial success.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name, csv string
		files     []int
	}{
		{"extra column", "segment_id,time_to_eruption,x\n1,5,a\n2,6,b\n3,7,c\n", []int{1, 2, 3}},
		{"columns swapped", "time_to_eruption,segment_id\n5,1\n6,2\n7,3\n", []int{1, 2, 3}},
		{"repeated segment_id", "segment_id,time_to_eruption\n1,5\n1,6\n3,7\n", []int{1, 3}},
		{"segment file missing", "segment_id,time_to_eruption\n1,5\n2,6\n3,7\n", []int{1, 3}},
		{"text segment_id", "segment_id,time_to_eruption\n../x,5\n2,6\n3,7\n", []int{2, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			if err := os.MkdirAll(filepath.Join(d.Raw, "train"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(tc.csv), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.files {
				if err := os.WriteFile(filepath.Join(d.Raw, "train", strconv.Itoa(f)+".csv"), []byte("sensor_1\n1\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
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

// TestFakeRawDeterministic: the same seed gives the same bytes, another
// seed other ids.
func TestFakeRawDeterministic(t *testing.T) {
	read := func(seed uint64) string {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Seed: seed}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "train.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n"); n != 61 {
			t.Fatalf("train.csv has %d lines, want 61", n)
		}
		return string(b)
	}
	if read(0) != read(0) {
		t.Error("seed 0 gives different files")
	}
	if read(0) == read(1) {
		t.Error("seeds 0 and 1 give the same file")
	}
}
