package multi_modal_gesture_recognition

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data to DIR/raw for reference_prepare.py")

// TestWriteFakeRaw writes DIR/raw for testdata/reference_prepare.py:
//
//	go test ./internal/competitions/multi_modal_gesture_recognition/ -run TestWriteFakeRaw -args -fakeraw-out DIR
//	/usr/bin/python3 testdata/reference_prepare.py DIR testdata
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	if err := FakeRaw(filepath.Join(*fakeRawOut, "raw"), competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}

type referenceScores struct {
	Sample, Gold, Fixed float64
	Cases               map[string]any // a score or "invalid" / "error: <Python exception>"
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func readTable(t *testing.T, text string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(text), table.ReadOptions{})
	if errors.Is(err, table.ErrEmpty) {
		return table.MustNew()
	}
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestConformance: every prepared file matches reference_prepare.py's MD5s
// (pandas, Python random, the archives copied) on the same raw data (whose
// nested .mat labels it checks with scipy); scores match its Python grader.
func TestConformance(t *testing.T) {
	var ref referenceScores
	readJSON(t, "reference_scores.json", &ref)
	sample, gold := pyfloat.RoundNumpy(ref.Sample, 5), pyfloat.RoundNumpy(ref.Gold, 5)
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := grade.ReadSubmission(p.Paths.SampleSubmission)
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := answers.Col("Id")
	seq := make([]string, answers.Len())
	for i := range seq {
		seq[i] = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"
	}
	fixed := table.MustNew(ids, table.Strings("Sequence", seq))
	for name, c := range map[string]struct {
		sub  *table.Table
		want float64
	}{"sample": {sub, ref.Sample}, "gold": {answers, ref.Gold}, "fixed": {fixed, ref.Fixed}} {
		s, err := Grade(c.sub, answers)
		if err != nil || s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-c.want) > 1e-9 {
			t.Errorf("%s: %v %v, reference %v", name, s, err, c.want)
		}
	}
	t.Run("malformed", func(t *testing.T) { malformed(t, answers) })
}

// TestGrade runs testdata/grade_cases.json (the spec's rules and Python's
// int()/str.split() forms) against reference_prepare.py's outcomes.
func TestGrade(t *testing.T) {
	var spec struct {
		Answers string
		Cases   map[string]string
	}
	readJSON(t, "grade_cases.json", &spec)
	var ref referenceScores
	readJSON(t, "reference_scores.json", &ref)
	ans := readTable(t, spec.Answers)
	for name, csv := range spec.Cases {
		t.Run(name, func(t *testing.T) {
			want, ok := ref.Cases[name]
			if !ok {
				t.Fatal("no reference outcome")
			}
			s, err := Grade(readTable(t, csv), ans)
			switch w := want.(type) {
			case float64:
				if err != nil || math.Abs(s.Value-w) > 1e-9 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("%v %v, reference %v", s, err, w)
				}
			case string:
				if w == "invalid" && !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err %v, reference invalid", err)
				}
				if strings.HasPrefix(w, "error") && (err == nil || errors.Is(err, competition.ErrInvalidSubmission)) {
					t.Fatalf("err %v, reference %s", err, w)
				}
			}
		})
	}
	// A bad answer token is a plain error, not an invalid submission.
	bad := readTable(t, "Id,Sequence\n1,2 x\n")
	if _, err := Grade(readTable(t, "Id,Sequence\n1,2\n"), bad); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("bad answers: %v", err)
	}
}

func TestTokenKey(t *testing.T) {
	for tok, want := range map[string]int64{"0": 0, "-0": 0, "+7": 7, "1_000": 1000, "٣": 3, "１２": 12, "𝟗": 9, "-1": -1,
		"-2": -2, "2305843009213693952": 1, "-2305843009213693952": -2, "00000000000000000000001": 1,
		"-2305843009213693951": 0, "99999999999999999999999999999": 0} {
		got, err := tokenKey(tok)
		if err != nil {
			t.Errorf("%q: %v", tok, err)
			continue
		}
		if tok == "99999999999999999999999999999" {
			continue // only checked for acceptance
		}
		if int64(got) != want {
			t.Errorf("key(%q) = %d, want %d", tok, int64(got), want)
		}
	}
	if k1, _ := tokenKey("-1"); k1 == mustKey(t, "-2") {
		t.Error("-1 collides with -2")
	}
	for _, tok := range []string{"", "+", "-", "_1", "1_", "1__0", "1.0", "nan", "0x10", "1e3", "+-1", "½"} {
		if _, err := tokenKey(tok); err == nil {
			t.Errorf("%q accepted", tok)
		}
	}
}

func mustKey(t *testing.T, s string) uint64 {
	k, err := tokenKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b []uint64
		want int
	}{{nil, nil, 0}, {[]uint64{1, 2, 3}, nil, 3}, {nil, []uint64{1}, 1}, {[]uint64{1, 2, 3}, []uint64{1, 3}, 1},
		{[]uint64{1, 2}, []uint64{2, 1}, 2}, {[]uint64{5, 6, 7, 8}, []uint64{6, 7, 8, 9}, 2}} {
		if got := Levenshtein(c.a, c.b); got != c.want || Levenshtein(c.b, c.a) != c.want {
			t.Errorf("%v %v: %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func malformed(t *testing.T, answers *table.Table) {
	n := answers.Len()
	idx := func(k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = i % n
		}
		return out
	}
	with := func(c *table.Column) *table.Table {
		s, err := answers.With(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	nan := make([]float64, n)
	nan[0] = math.NaN()
	huge := make([]string, n)
	for i := range huge {
		huge[i] = strings.Repeat("9", 5000) + " " + strings.Repeat("1 ", 10000)
	}
	for name, c := range map[string]struct {
		sub     *table.Table
		invalid bool
	}{
		"empty": {table.MustNew(), true}, "no rows": {answers.Take(nil), true},
		"one short": {answers.Take(idx(n - 1)), true}, "twice": {answers.Take(idx(2 * n)), true},
		"drop Id": {answers.Drop("Id"), true}, "drop Sequence": {answers.Drop("Sequence"), true},
		"NaN sequence": {with(table.Floats("Sequence", nan)), true},
		"text ids":     {with(table.Strings("Id", make([]string, n))), true},
		"huge tokens":  {with(table.Strings("Sequence", huge)), false},
	} {
		out := competitiontest.GradeTable(Competition, c.sub, answers)
		if c.invalid && !errors.Is(out.Err, competition.ErrInvalidSubmission) {
			t.Errorf("%s: %v %v, want invalid", name, out.Score, out.Err)
		}
		if !c.invalid && out.Score == nil {
			t.Errorf("%s: %v, want a score", name, out.Err)
		}
	}
}

func dirs(t *testing.T) competition.Dirs {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestPrepareErrors: raw problems the original crashes on are errors; raw
// stays untouched.
func TestPrepareErrors(t *testing.T) {
	base := t.TempDir() // one fake raw (its 7z files are slow to write), copied per case
	if err := FakeRaw(base, competition.FakeOptions{Rows: 8}); err != nil {
		t.Fatal(err)
	}
	fresh := func(t *testing.T) competition.Dirs {
		d := dirs(t)
		if err := os.CopyFS(d.Raw, os.DirFS(base)); err != nil {
			t.Fatal(err)
		}
		return d
	}
	for name, mutate := range map[string]func(raw string) error{
		"missing archive": func(raw string) error { return os.Remove(filepath.Join(raw, "devel01-40.7z")) },
		"test id missing from training.csv": func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "training.csv"), []byte("Id,Sequence\n0001,1 2\n"), 0o644)
		},
		"training4 not gzip": func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "training4.tar.gz"), []byte("not a tar"), 0o644)
		},
		"no Sequence column": func(raw string) error {
			b, _ := os.ReadFile(filepath.Join(raw, "training.csv"))
			return os.WriteFile(filepath.Join(raw, "training.csv"), []byte(strings.Replace(string(b), "Sequence", "Seq", 1)), 0o644)
		},
	} {
		t.Run(name, func(t *testing.T) {
			d := fresh(t)
			if err := mutate(d.Raw); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
	d := fresh(t)
	before, _ := os.ReadDir(d.Raw)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadDir(d.Raw)
	if len(before) != len(after) {
		t.Errorf("prepare changed raw/: %d entries, then %d", len(before), len(after))
	}
}

// TestTopLevelZips: the names pathlib's glob("*.zip") would see in the
// unpacked folder: top-level files (with or without "./"), dot-files
// included, directories implied by deeper members; nothing deeper.
func TestTopLevelZips(t *testing.T) {
	write := func(names ...string) string {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		tw := tar.NewWriter(zw)
		for _, n := range names {
			typ := byte(tar.TypeReg)
			if strings.HasSuffix(n, "/") {
				typ = tar.TypeDir
			}
			tw.WriteHeader(&tar.Header{Name: n, Typeflag: typ, Mode: 0o644})
		}
		tw.Close()
		zw.Close()
		p := filepath.Join(t.TempDir(), "t.tar.gz")
		os.WriteFile(p, b.Bytes(), 0o644)
		return p
	}
	got, err := topLevelZips(context.Background(), write("./", "./Sample00300.zip", "./._Sample00301.zip", "deep/Sample00302.zip",
		"dir.zip/file", "./Sample00300.zip", "README", "Sample00303.ZIP", "x.zip.bak"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{"._Sample00301.zip", "Sample00300.zip", "dir.zip"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for _, bad := range []string{"../Sample00300.zip", "/Sample00300.zip", "a/../../b.zip"} {
		if _, err := topLevelZips(context.Background(), write(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// A macOS "._" twin duplicates a test id: the count asserts fail.
	d := dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 8}); err != nil {
		t.Fatal(err)
	}
	zips, err := topLevelZips(context.Background(), filepath.Join(d.Raw, "training4.tar.gz"))
	if err != nil || len(zips) != 2 {
		t.Fatalf("%v %v", zips, err)
	}
	os.WriteFile(filepath.Join(d.Raw, "training4.tar.gz"), mustRead(t, write("./"+zips[0], "./._"+zips[0])), 0o644)
	if err := Prepare(context.Background(), d); err == nil {
		t.Error("duplicate test id accepted")
	}
}

func mustRead(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestExtraColumns: columns besides Id and Sequence are kept, with pandas'
// inferred dtype (read_csv(dtype={"Id": str, "Sequence": str})): "1.50"
// is written back as 1.5, while Id keeps its zero padding.
func TestExtraColumns(t *testing.T) {
	d := dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 8}); err != nil {
		t.Fatal(err)
	}
	raw, err := table.ReadFile(filepath.Join(d.Raw, "training.csv"), table.ReadOptions{AllString: true})
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := raw.Col("Id")
	seqs, _ := raw.Col("Sequence")
	var b strings.Builder
	b.WriteString("Id,Sequence,Score\n")
	for i := range raw.Len() {
		b.WriteString(ids.Text[i] + "," + seqs.Text[i] + ",1.50\n")
	}
	os.WriteFile(filepath.Join(d.Raw, "training.csv"), []byte(b.String()), 0o644)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(d.Public, "training.csv"), filepath.Join(d.Private, "test.csv")} {
		got := string(mustRead(t, p))
		lines := strings.Split(strings.TrimSpace(got), "\n")
		if lines[0] != "Id,Sequence,Score" || !strings.HasSuffix(lines[1], ",1.5") || len(strings.Split(lines[1], ",")[0]) != 4 {
			t.Errorf("%s:\n%s", p, got)
		}
	}
}
