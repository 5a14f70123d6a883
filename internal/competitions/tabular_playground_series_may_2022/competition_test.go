package tabular_playground_series_may_2022

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

const testID = "tabular-playground-series-may-2022"

var testdata = filepath.Join("testdata")

// TestConformance runs the shared suite on the seed-0 fake raw data. The
// golden MD5s come from testdata/.../reference_prepare.py (pandas), run once
// on the same fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

// TestSplitVectors checks the split against the spec's vectors for the
// real size (900,000 rows).
func TestSplitVectors(t *testing.T) {
	train, test, err := split(900_000)
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != 800_000 || len(test) != 100_000 {
		t.Fatalf("split sizes %d/%d", len(train), len(test))
	}
	wantTest := []int{772215, 292046, 814437, 381608, 172519, 344224, 38934, 91015}
	wantTrain := []int{781150, 732950, 75905, 666248, 587818, 610430, 508487, 118984}
	wantTrainEnd := []int{117952, 435829, 305711}
	for i, w := range wantTest {
		if test[i] != w {
			t.Fatalf("test[%d] = %d, want %d", i, test[i], w)
		}
	}
	for i, w := range wantTrain {
		if train[i] != w {
			t.Fatalf("train[%d] = %d, want %d", i, train[i], w)
		}
	}
	for i, w := range wantTrainEnd {
		if got := train[len(train)-3+i]; got != w {
			t.Fatalf("train[-%d] = %d, want %d", 3-i, got, w)
		}
	}
	if _, _, err := split(100_000); err == nil {
		t.Error("a 100,000-row raw file must fail the split (test_size=100000 needs 100,001 rows)")
	}
}

// TestFastPathMatchesTablePath prepares the same raw file through the
// parallel fast path and through package table; both must write the same
// bytes.
func TestFastPathMatchesTablePath(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares 101,000 rows twice")
	}
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw")
	os.MkdirAll(raw, 0o755)
	if err := FakeRaw(raw, competition.FakeOptions{Seed: 3}); err != nil {
		t.Fatal(err)
	}
	prep := func(name string, fn func(d competition.Dirs) error) map[string]string {
		d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, name, "public"), Private: filepath.Join(dir, name, "private")}
		os.MkdirAll(d.Public, 0o755)
		os.MkdirAll(d.Private, 0o755)
		if err := fn(d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sums, err := competitiontest.TreeMD5(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return sums
	}
	fast := prep("fast", func(d competition.Dirs) error { return Prepare(context.Background(), d) })
	slow := prep("table", func(d competition.Dirs) error {
		return prepareTable(context.Background(), d, filepath.Join(raw, "train.csv"))
	})
	if len(fast) != 5 {
		t.Errorf("fast path wrote %d files, want 5", len(fast))
	}
	for p, s := range fast {
		if slow[p] != s {
			t.Errorf("%s differs between the fast path and the table path", p)
		}
	}
}

// TestPrepareFallback feeds a raw file the fast path declines (quoted
// fields) and checks the table path's output.
func TestPrepareFallback(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares 100,001 rows")
	}
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("id,\"f_00\",target\n")
	for i := 0; i < 100_001; i++ {
		b.WriteString(strconv.Itoa(i + 5))
		b.WriteString(",\"")
		b.WriteString(strconv.Itoa(i % 11))
		b.WriteString(".50\",")
		b.WriteString(strconv.Itoa(i % 2))
		b.WriteByte('\n')
	}
	d := competition.Dirs{Raw: dir, Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	os.WriteFile(filepath.Join(dir, "train.csv"), []byte(b.String()), 0o644)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(d.Public, "sample_submission.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), "id,target\n1,0.5\n") { // n_train = 1
		t.Errorf("sample submission starts %q", got[:40])
	}
	test, err := os.ReadFile(filepath.Join(d.Public, "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	_, perm, _ := split(100_001)
	want := "id,f_00\n1," + strconv.Itoa(perm[0]%11) + ".5\n"
	if !strings.HasPrefix(string(test), want) {
		t.Errorf("public test.csv starts %q, want %q", test[:30], want)
	}
}

func TestPrepareErrors(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: dir, Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	if err := Prepare(context.Background(), d); err == nil {
		t.Error("missing raw/train.csv: no error")
	}
	os.WriteFile(filepath.Join(dir, "train.csv"), []byte("id,target\n1,0\n2,1\n"), 0o644)
	if err := Prepare(context.Background(), d); err == nil || !strings.Contains(err.Error(), "test_size") {
		t.Errorf("2-row raw file: err = %v, want the train_test_split size error", err)
	}
	os.WriteFile(filepath.Join(dir, "train.csv"), []byte("idx,target\n1,0\n2,1\n"), 0o644)
	if err := Prepare(context.Background(), d); err == nil {
		t.Error("raw file without id: no error")
	}
}

// TestGradeGolden grades submissions whose scores were computed once with
// scikit-learn (reference_grade.py → scores.json).
func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			sub := comptest.ReadFile(t, filepath.Join(testdata, name+".csv"))
			s, err := Grade(sub, answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 {
				t.Errorf("score kind %v, want numpy float64", s.Kind)
			}
			if math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %.17g, sklearn %.17g", s.Value, w)
			}
		})
	}
	// perfect and constant submissions
	perfect, err := Grade(answers, answers)
	if err != nil || perfect.Value != 1 {
		t.Errorf("answers graded against themselves: %v, %v", perfect, err)
	}
}

// TestGradeInvalid covers every invalid case of the spec's Grade section,
// in order.
func TestGradeInvalid(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,target\n800000,0\n800001,1\n800002,1\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool // InvalidSubmissionError; otherwise a plain error
	}{
		{"1 no id column", "idx,target\n800000,0.1\n800001,0.2\n800002,0.3\n", true},
		{"2 no target column", "id,pred\n800000,0.1\n800001,0.2\n800002,0.3\n", true},
		{"3 row count differs", "id,target\n800000,0.1\n800001,0.2\n", true},
		{"4 to_numeric fails", "id,target\n800000,a\n800001,0.2\n800002,0.3\n", true},
		{"5 below 0", "id,target\n800000,-0.1\n800001,0.2\n800002,0.3\n", true},
		{"5 above 1", "id,target\n800000,1.5\n800001,0.2\n800002,0.3\n", true},
		{"5 NaN skipped then sklearn raises", "id,target\n800000,\n800001,0.2\n800002,0.3\n", false},
		{"6 ids differ", "id,target\n800000,0.1\n800001,0.2\n800003,0.3\n", true},
		{"6 duplicate id", "id,target\n800000,0.1\n800001,0.2\n800001,0.3\n", true},
		{"6 text ids never equal", "id,target\nx800000,0.1\n800001,0.2\n800002,0.3\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			if err == nil {
				t.Fatal("graded as valid")
			}
			if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
				t.Errorf("invalid=%v (%v), want invalid=%v", got, err, c.invalid)
			}
		})
	}
	// valid edge cases: rows in another order, ids as floats, bool targets
	for _, sub := range []string{
		"id,target\n800002,0.3\n800000,0.1\n800001,0.2\n",
		"id,target\n800000.0,0\n800001.0,1\n800002.0,1\n",
		"target,id\nFalse,800000\nTrue,800001\nTrue,800002\n",
	} {
		s, err := Grade(comptest.TableViaFile(t, sub), answers)
		if err != nil || s.Value != 1 {
			t.Errorf("%q: %v, %v; want 1", sub, s, err)
		}
	}
}

// TestGradeMalformed: malformed submissions never panic and are never
// valid.
func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,target\n800000,0\n800001,1\n")
	for _, sub := range []string{
		"",
		"id\n",
		"id,target\n",
		"id,target\n800000,0.5\n800000,0.5\n",
		"id,target\n800000,nan\n800001,inf\n",
		"id,target\n800000,1e308\n800001,-1e308\n",
		"id,target,target2\n800000,0.5,x\n",
		"id,target\n,\n,\n",
		"id,target\n800000,True\n800001,\n",
	} {
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

// BenchmarkPrepare1M prepares a 1,000,000-row fake raw file (33
// columns, about 370 MB), generated once outside the timer. See
// testdata/tabular-playground-series-may-2022/BENCHMARK.md.
func BenchmarkPrepare1M(b *testing.B) {
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	os.MkdirAll(raw, 0o755)
	if err := FakeRaw(raw, competition.FakeOptions{Seed: 0, Rows: 1_000_000}); err != nil {
		b.Fatal(err)
	}
	st, _ := os.Stat(filepath.Join(raw, "train.csv"))
	d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
	u0, s0 := comptest.CPUTime()
	for i := 0; i < b.N; i++ {
		if err := Prepare(context.Background(), d); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	u1, s1 := comptest.CPUTime()
	b.ReportMetric((u1-u0).Seconds()/float64(b.N), "user-s/op")
	b.ReportMetric((s1-s0).Seconds()/float64(b.N), "sys-s/op")
}
