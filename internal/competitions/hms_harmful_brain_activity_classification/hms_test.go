package hms_harmful_brain_activity_classification

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (CSVs, the copied Parquet files and figures) must match
// testdata/golden_md5.json, which reference_prepare.py (pandas, scikit-learn
// and shutil) produced from the same raw data. The sample and gold scores
// are reference_grade.py's (sample.csv is the prepared sample submission's
// content; perfect.csv the gold's), rounded as numpy rounds.
func TestConformance(t *testing.T) {
	sample, gold := 1.08633, 0.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata")
	})
	t.Run("malformed", func(t *testing.T) {
		malformed(t, p.Paths.Answers, p.Paths.SampleSubmission)
	})
	t.Run("parquet files readable", func(t *testing.T) {
		// One file of each folder (a 401-column file takes a while to read).
		for _, dir := range []string{"train_eegs", "test_eegs", "train_spectrograms", "test_spectrograms"} {
			entries, err := os.ReadDir(filepath.Join(p.Paths.Public, dir))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) == 0 {
				t.Fatalf("public/%s is empty", dir)
			}
			name := entries[0].Name()
			cols, err := parquetcols.ReadAll(filepath.Join(p.Paths.Public, dir, name))
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, name, err)
			}
			want, first := eegChannels, "Fp1"
			if strings.Contains(dir, "spectrograms") {
				want, first = nil, "time"
				for _, c := range cols {
					want = append(want, c.Name)
				}
				if len(want) != 401 || want[1] != "LL_0.59" || want[100] != "LL_19.92" || want[400] != "RP_19.92" {
					t.Errorf("%s/%s: columns %v", dir, name, want)
				}
			}
			if len(cols) != len(want) || cols[0].Name != first || cols[0].Len() == 0 {
				t.Errorf("%s/%s: %d columns of %d rows, want %d columns", dir, name, len(cols), cols[0].Len(), len(want))
			}
			for k, c := range cols {
				if c.Name != want[k] {
					t.Errorf("%s/%s: column %d is %s, want %s", dir, name, k, c.Name, want[k])
				}
			}
		}
	})
}

// malformed grades structural mutations of the sample submission and 300
// random malformed texts, none of which may panic.
func malformed(t *testing.T, answersPath, samplePath string) {
	answers, err := grade.LoadAnswers(Competition, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	sample, err := grade.ReadSubmission(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	n := sample.Len()
	// A row of an id that has several rows is replaced by a row of another
	// id: same length, same set of ids.
	dupOther := comptest.Range(n)
	ids, _ := sample.Col(idCol)
	count := map[int64]int{}
	for _, id := range ids.Ints {
		count[id]++
	}
	for r := 0; r < n; r++ {
		if count[ids.Ints[r]] > 1 {
			dupOther[r] = (r + count[ids.Ints[r]]) % n
			if ids.Ints[dupOther[r]] == ids.Ints[r] {
				t.Fatalf("test data: rows of id %d are not contiguous", ids.Ints[r])
			}
			break
		}
	}
	for _, tc := range []struct {
		name string
		sub  *table.Table
		want string // "invalid", "error" or "valid"
	}{
		{"empty", table.MustNew(), "invalid"},
		{"no rows", sample.Take(nil), "invalid"},
		{"drop id", sample.Drop(idCol), "invalid"},
		{"drop a target", sample.Drop("grda_vote"), "invalid"},
		{"one row short", sample.Take(comptest.Range(n - 1)), "invalid"},
		{"every row twice", sample.Take(append(comptest.Range(n), comptest.Range(n)...)), "invalid"},
		// The same set of ids and the same length pass every check: rows
		// are paired after sorting, whatever the multiplicities.
		{"an id's row given to another id", sample.Take(dupOther), "valid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := comptest.SafeGrade(Competition, tc.sub, answers)
			switch tc.want {
			case "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err %v, want invalid", err)
				}
			case "valid":
				if err != nil {
					t.Fatalf("err %v, want a score", err)
				}
			}
		})
	}
	text, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(text), competition.NumpyFloat64)
}

const header = "eeg_id,seizure_vote,lpd_vote,gpd_vote,lrda_vote,grda_vote,other_vote\n"

// TestGrade covers each rule of the spec's Grade section on a small
// hand-made answers table (votes), with scores derived by hand in the
// comments.
func TestGrade(t *testing.T) {
	// Solution rows after sorting by eeg_id: 1: [0.5, 0.5, 0, 0, 0, 0],
	// 1: [0.2, 0.8, 0, ...], 2: [0, 0, 1, 0, 0, 0].
	ans := comptest.Table(t, "eeg_id,patient_id,seizure_vote,lpd_vote,gpd_vote,lrda_vote,grda_vote,other_vote\n"+
		"2,9,0,0,3,0,0,0\n1,9,1,1,0,0,0,0\n1,9,1,4,0,0,0,0\n")
	ln := math.Log
	hi := 1 - 1e-15
	// A row [0.5, 0.5, 0, 0, 0, 0] predicted uniformly: 2·0.5·ln 3.
	uniform := (ln(3) + (0.2*ln(0.2*6) + 0.8*ln(0.8*6)) + ln(6)) / 3
	for _, tc := range []struct {
		name, sub string
		want      float64 // NaN: invalid; Inf: other error
	}{
		{"perfect (answers order)", header + "2,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n",
			ln(1/hi) / 3},
		{"perfect (sorted, floats)", header + "1.0,0.5,0.5,0,0,0,0\n1.0,0.2,0.8,0,0,0,0\n2.0,0,0,1,0,0,0\n",
			ln(1/hi) / 3},
		{"uniform", header + strings.Repeat("", 0) + "2" + strings.Repeat(",0.16666666666666666", 6) + "\n1" +
			strings.Repeat(",0.16666666666666666", 6) + "\n1" + strings.Repeat(",0.16666666666666666", 6) + "\n", uniform},
		{"rows of one id paired in order of appearance", header + "1,0.2,0.8,0,0,0,0\n1,0.5,0.5,0,0,0,0\n2,0,0,1,0,0,0\n",
			(0.5*ln(0.5/0.2) + 0.5*ln(0.5/0.8) + 0.2*ln(0.2/0.5) + 0.8*ln(0.8/0.5) + ln(1/hi)) / 3},
		{"zero prediction clipped to 1e-15", header + "2,1,0,0,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n",
			ln(1/1e-15) / 3},
		{"NaN quirk: NaN terms skipped", header + "2,0,0,1,0,0,0\n1,1.0,,,,,\n1,1.0,,,,,\n",
			(ln(1/hi) + 0.5*ln(0.5/hi) + 0.2*ln(0.2/hi)) / 3},
		{"4. row sum 1.000004 rounds to 1", header + "2,0,0,0.500004,0.5,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n",
			ln(1/0.500004) / 3},
		{"extra all-zero column kept, sums still 1", "x," + header[:len(header)-1] + "\n0,2,0,0,1,0,0,0\n0,1,0.5,0.5,0,0,0,0\n0,1,0.2,0.8,0,0,0,0\n",
			ln(1/hi) / 3},
		{"bool-only frame is numeric", header + "2,False,False,True,False,False,False\n1,True,False,False,False,False,False\n1,False,True,False,False,False,False\n",
			(ln(1/hi) + 0.5*ln(0.5/hi) + 0.5*ln(0.5/1e-15) + 0.2*ln(0.2/1e-15) + 0.8*ln(0.8/hi)) / 3},
		{"1. no eeg_id column", strings.Replace(header, "eeg_id", "id", 1) + "2,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"2. a target column missing", strings.Replace(header, "lpd_vote", "lpd", 1) + "2,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"3. one row short", header + "2,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n", math.NaN()},
		{"3. one row too many", header + "2,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n2,0,0,1,0,0,0\n", math.NaN()},
		{"4. row sum 1.000006", header + "2,0,0,1.000006,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"4. row sum 0.99999", header + "2,0,0,0.99999,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"4. all-NaN row sums to 0", header + "2,,,,,,\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"4. integer targets summing to 2", header + "2,0,0,2,0,0,0\n1,1,0,0,0,0,0\n1,0,1,0,0,0,0\n", math.NaN()},
		{"4. inf prediction", header + "2,0,0,inf,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"5. an unknown eeg_id", header + "3,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"5. an id missing (another repeated)", header + "1,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"5. a NaN eeg_id", header + ",0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"5. text eeg_id", header + "two,0,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.NaN()},
		{"4. text in a target (pandas TypeError)", header + "2,x,0,1,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.Inf(1)},
		{"metric: negative value", header + "2,-0.5,0,1.5,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.Inf(1)},
		{"metric: value above 1", header + "2,1.5,0,-0.5,0,0,0\n1,0.5,0.5,0,0,0,0\n1,0.2,0.8,0,0,0,0\n", math.Inf(1)},
		{"metric: extra numeric column breaks the row sums", "Unnamed: 0," + header[:len(header)-1] + "\n0,2,0,0,1,0,0,0\n1,1,0.5,0.5,0,0,0,0\n2,1,0.2,0.8,0,0,0,0\n", math.Inf(1)},
		{"metric: extra text column", "note," + header[:len(header)-1] + "\na,2,0,0,1,0,0,0\nb,1,0.5,0.5,0,0,0,0\nc,1,0.2,0.8,0,0,0,0\n", math.Inf(1)},
		{"metric: bool next to numbers is object", header + "2,False,0,1,0,0,0\n1,False,0.5,0.5,0,0,0\n1,False,0.2,0.8,0,0,0\n", math.Inf(1)},
		{"metric: bool with NaN is object", header + "2,False,False,True,False,False,\n1,True,False,False,False,False,False\n1,False,True,False,False,False,False\n", math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, comptest.Table(t, tc.sub), ans)
			switch {
			case math.IsNaN(tc.want):
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want invalid", s, err)
				}
			case math.IsInf(tc.want, 1):
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want a non-invalid error", s, err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Kind != competition.NumpyFloat64 || !comptest.Close(s.Value, tc.want) {
					t.Fatalf("score %.17g (kind %v), want %.17g", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestNaNQuirkSpecVector is the spec's example: truth rows [0.5, 0.5] and
// [0.2, 0.8], predictions [1.0, NaN] for both give −0.334230586383396.
func TestNaNQuirkSpecVector(t *testing.T) {
	ans := comptest.Table(t, header+"1,1,1,0,0,0,0\n2,1,4,0,0,0,0\n")
	sub := comptest.Table(t, header+"1,1.0,,,,,\n2,1.0,,,,,\n")
	s, err := Grade(sub, ans)
	if err != nil {
		t.Fatal(err)
	}
	if !comptest.Close(s.Value, -0.334230586383396) {
		t.Fatalf("score %.17g, want -0.334230586383396", s.Value)
	}
}

// TestAnswersErrors: answers without the columns the original asserts give
// an error that is not an invalid submission.
func TestAnswersErrors(t *testing.T) {
	sub := comptest.Table(t, header+"1,1,0,0,0,0,0\n")
	for _, a := range []string{
		"id," + header[len("eeg_id,"):] + "1,1,0,0,0,0,0\n",
		"eeg_id,seizure_vote\n1,1\n",
		header + "1,0,0,0,0,0,0\n", // zero votes: NaN probabilities fail the solution check
	} {
		_, err := comptest.SafeGrade(Competition, sub, comptest.Table(t, a))
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Errorf("answers %q: err %v, want a plain error", a, err)
		}
	}
}

// TestSplitVector checks the split of the unique spectrogram ids against
// the spec's numpy test vector: with 10 spectrograms, the third one in
// order of appearance (permutation(10)[0] = 2) is the test side.
func TestSplitVector(t *testing.T) {
	train, test, err := pyrand.TrainTestSplit(10, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(test, []int{2}) || !slices.Equal(train, []int{8, 4, 9, 1, 6, 7, 3, 0, 5}) {
		t.Fatalf("split %v / %v", train, test)
	}
	d := comptest.Dirs(t)
	csv := strings.Join(trainColumns, ",") + "\n"
	for s := range 10 {
		for e := range 2 {
			eeg := 100 + 10*s + e
			csv += strconv.Itoa(eeg) + ",0,0.0," + strconv.Itoa(900+s) + ",0,0.0,1,7,Other,0,0,0,0,0,1\n"
			writeFile(t, filepath.Join(d.Raw, "train_eegs", strconv.Itoa(eeg)+".parquet"), "")
		}
		writeFile(t, filepath.Join(d.Raw, "train_spectrograms", strconv.Itoa(900+s)+".parquet"), "")
	}
	writeFile(t, filepath.Join(d.Raw, "train.csv"), csv)
	if err := os.MkdirAll(filepath.Join(d.Raw, "example_figures"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	got := comptest.ReadFile(t, filepath.Join(d.Public, "test.csv"))
	specs, _ := got.Col(specCol)
	eegs, _ := got.Col(idCol)
	if !slices.Equal(specs.Ints, []int64{902, 902}) || !slices.Equal(eegs.Ints, []int64{120, 121}) {
		t.Fatalf("public test.csv: spectrograms %v eegs %v, want 902 with eegs 120, 121", specs.Ints, eegs.Ints)
	}
	for dir, want := range map[string]int{"train_eegs": 18, "test_eegs": 2, "train_spectrograms": 9, "test_spectrograms": 1} {
		entries, err := os.ReadDir(filepath.Join(d.Public, dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != want {
			t.Errorf("public/%s holds %d files, want %d", dir, len(entries), want)
		}
	}
	if b := readString(t, filepath.Join(d.Private, "gold_submission.csv")); b != header+"120,0.0,0.0,0.0,0.0,0.0,1.0\n121,0.0,0.0,0.0,0.0,0.0,1.0\n" {
		t.Errorf("gold_submission.csv:\n%s", b)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPrepareErrors: raw data the original's code rejects gives an error,
// never a panic or a silent success.
func TestPrepareErrors(t *testing.T) {
	t.Parallel()
	row := func(eeg, spec int) string {
		return strconv.Itoa(eeg) + ",0,0.0," + strconv.Itoa(spec) + ",0,0.0,1,7,Other,0,0,0,0,0,1\n"
	}
	head := strings.Join(trainColumns, ",") + "\n"
	ok := head + row(1, 10) + row(2, 11) + row(3, 12)
	for _, tc := range []struct {
		name, csv   string
		eegs, specs []int
		noFigures   bool
	}{
		{"missing example_figures", ok, []int{1, 2, 3}, []int{10, 11, 12}, true},
		{"an eeg file missing", ok, []int{1, 3}, []int{10, 11, 12}, false},
		{"a spectrogram file missing", ok, []int{1, 2, 3}, []int{10, 12}, false},
		{"an eeg_id in two spectrograms on both sides", head + row(1, 10) + row(1, 11) + row(1, 12), []int{1}, []int{10, 11, 12}, false},
		{"a single spectrogram (empty train side)", head + row(1, 10) + row(2, 10), []int{1, 2}, []int{10}, false},
		{"14 columns", strings.Replace(head, ",label_id", "", 1) + strings.Replace(row(1, 10), ",1,7,", ",7,", 1), []int{1}, []int{10}, false},
		{"no spectrogram_id column", strings.Replace(ok, "spectrogram_id", "spec_id", 1), []int{1, 2, 3}, []int{10, 11, 12}, false},
		{"a missing spectrogram_id", head + row(1, 10) + strings.Replace(row(2, 11), ",11,", ",,", 1) + row(3, 12), []int{1, 2, 3}, []int{10, 12}, false},
		{"text eeg_id", head + row(1, 10) + strings.Replace(row(2, 11), "2,", "../x,", 1) + row(3, 12), []int{1, 3}, []int{10, 11, 12}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			writeFile(t, filepath.Join(d.Raw, "train.csv"), tc.csv)
			for _, e := range tc.eegs {
				writeFile(t, filepath.Join(d.Raw, "train_eegs", strconv.Itoa(e)+".parquet"), "x")
			}
			for _, s := range tc.specs {
				writeFile(t, filepath.Join(d.Raw, "train_spectrograms", strconv.Itoa(s)+".parquet"), "x")
			}
			if !tc.noFigures {
				if err := os.MkdirAll(filepath.Join(d.Raw, "example_figures"), 0o755); err != nil {
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
	t.Parallel()
	d := comptest.Dirs(t)
	head := strings.Join(trainColumns, ",") + "\n"
	writeFile(t, filepath.Join(d.Raw, "train.csv"), head+"1,0,0.0,10,0,0.0,1,7,Other,0,0,0,0,0,1\n2,0,0.0,11,0,0.0,1,7,Other,0,0,0,0,0,1\n")
	for _, f := range []string{"train_eegs/1", "train_eegs/2", "train_spectrograms/10", "train_spectrograms/11"} {
		writeFile(t, filepath.Join(d.Raw, f+".parquet"), "x")
	}
	writeFile(t, filepath.Join(d.Raw, "example_figures", "a.png"), "x")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestFakeRaw: the same seed gives the same bytes, another seed other ids;
// the requirements of the spec hold (15 columns, each eeg_id in a single
// spectrogram, at least 2 spectrograms, every row with a vote, one file per
// id), also at other sizes.
func TestFakeRaw(t *testing.T) {
	t.Parallel()
	read := func(seed uint64, rows int) (string, string) {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Seed: seed, Rows: rows}); err != nil {
			t.Fatal(err)
		}
		return readString(t, filepath.Join(dir, "train.csv")), dir
	}
	// competitiontest.Run checks that a seed gives the same bytes twice.
	a, _ := read(0, 0)
	c, _ := read(1, 0)
	if a == c {
		t.Error("seeds 0 and 1 give the same file")
	}
	for _, rows := range []int{2, 40} {
		text, dir := read(3, rows)
		tb := comptest.Table(t, text)
		if !slices.Equal(tb.Names(), trainColumns) {
			t.Fatalf("columns %v", tb.Names())
		}
		if rows > 0 && tb.Len() != rows {
			t.Errorf("%d rows, want %d", tb.Len(), rows)
		}
		eegs, _ := tb.Col(idCol)
		specs, _ := tb.Col(specCol)
		if eegs.Kind != table.Int64 || specs.Kind != table.Int64 {
			t.Fatalf("id kinds %v %v", eegs.Kind, specs.Kind)
		}
		specOf := map[int64]int64{}
		for i := 0; i < tb.Len(); i++ {
			if s, ok := specOf[eegs.Ints[i]]; ok && s != specs.Ints[i] {
				t.Errorf("eeg %d in spectrograms %d and %d", eegs.Ints[i], s, specs.Ints[i])
			}
			specOf[eegs.Ints[i]] = specs.Ints[i]
			var sum int64
			for _, c := range targetCols {
				v, _ := tb.Col(c)
				sum += v.Ints[i]
			}
			if sum == 0 {
				t.Errorf("row %d has no vote", i)
			}
		}
		specSet := map[int64]bool{}
		for _, s := range specs.Ints {
			specSet[s] = true
		}
		if len(specSet) < 2 {
			t.Errorf("%d spectrograms, want at least 2", len(specSet))
		}
		for _, part := range []struct {
			dir string
			n   int
		}{{"train_eegs", len(specOf)}, {"train_spectrograms", len(specSet)}} {
			entries, err := os.ReadDir(filepath.Join(dir, part.dir))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != part.n {
				t.Errorf("%s: %d files, want %d", part.dir, len(entries), part.n)
			}
		}
	}
}
