package icecube_neutrinos_in_deep_ice

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data and its JSON dump for reference_prepare.py here")

// TestWriteFakeRaw writes DIR/raw (FakeRaw, seed 0) and DIR/train_meta.json,
// the raw meta file's columns as JSON (dtype + values), which
// testdata/reference_prepare.py reads because Debian's Python has no
// parquet reader:
//
//	go test ./internal/competitions/icecube_neutrinos_in_deep_ice/ -run TestWriteFakeRaw -args -fakeraw-out DIR
//	/usr/bin/python3 testdata/reference_prepare.py DIR testdata
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	raw := filepath.Join(*fakeRawOut, "raw")
	if err := FakeRaw(raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(dump(t, filepath.Join(raw, "train_meta.parquet")))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*fakeRawOut, "train_meta.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

type dumpColumn struct {
	Name   string            `json:"name"`
	Dtype  string            `json:"dtype"`
	Values []json.RawMessage `json:"values"`
}

// dump renders a parquet file's columns as JSON numbers (floats by the
// Python repr of their exact float64 value).
func dump(t *testing.T, path string) map[string][]dumpColumn {
	t.Helper()
	cols, err := parquetcols.ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []dumpColumn
	for _, c := range cols {
		dc := dumpColumn{Name: c.Name, Dtype: c.Type.String()}
		for i := range c.Len() {
			var v string
			switch {
			case c.Type.IsFloat():
				v = pyfloat.Repr(c.Floats[i])
			case c.Type.IsInt():
				v = fmt.Sprint(c.Ints[i])
			default:
				t.Fatalf("dump: %s column %s", c.Type, c.Name)
			}
			dc.Values = append(dc.Values, json.RawMessage(v))
		}
		out = append(out, dc)
	}
	return map[string][]dumpColumn{"columns": out}
}

// canonical renders a parquet file's content as reference_prepare.py does
// for its frames: "name:dtype" header, then to_csv rows without header.
func canonical(t *testing.T, path string) string {
	t.Helper()
	cols, err := parquetcols.ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	for k, c := range cols {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, c.Name+":"+c.Type.String()...)
	}
	b = append(b, '\n')
	for i := 0; len(cols) > 0 && i < cols[0].Len(); i++ {
		for k, c := range cols {
			if k > 0 {
				b = append(b, ',')
			}
			b = csvCell(b, c, i)
		}
		b = append(b, '\n')
	}
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}

type referenceScores struct {
	Sample, Gold, Random float64
	Cases                map[string]float64
}

func readReference(t *testing.T) referenceScores {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r referenceScores
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
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

// randomSubmission is the "random" submission reference_prepare.py scores
// too: angles derived from the event id.
func randomSubmission(t *testing.T, answers *table.Table) *table.Table {
	ids, _ := answers.Col("event_id")
	var b strings.Builder
	b.WriteString("event_id,azimuth,zenith\n")
	for _, id := range ids.Ints {
		fmt.Fprintf(&b, "%d,%s,%s\n", id, pyfloat.Repr(float64(id%628)/100), pyfloat.Repr(float64(id%314)/100))
	}
	return readTable(t, b.String())
}

// TestConformance: the seed-0 prepare matches reference_prepare.py (pandas +
// scikit-learn on the JSON dump of the same raw data): CSV and copied batch
// files by MD5, the two parquet files by content (columns, dtypes, values,
// row order); scores match the reference's numpy computation.
func TestConformance(t *testing.T) {
	ref := readReference(t)
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:     filepath.Join("testdata", "golden_md5.json"),
		GoldenExclude: []string{"public/train_meta.parquet", "public/test_meta.parquet"},
		SampleScore:   ptr(pyfloat.RoundNumpy(ref.Sample, 5)),
		GoldScore:     ptr(pyfloat.RoundNumpy(ref.Gold, 5)),
	})
	t.Run("parquet content", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join("testdata", "golden_parquet_content.json"))
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]string
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		for rel, sum := range want {
			if got := canonical(t, filepath.Join(p.Paths.Public, "..", rel)); got != sum {
				t.Errorf("%s content md5 %s, reference %s", rel, got, sum)
			}
		}
	})
	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("reference scores", func(t *testing.T) {
		sample, err := grade.ReadSubmission(p.Paths.SampleSubmission)
		if err != nil {
			t.Fatal(err)
		}
		// The gold score is ulp noise through arccos (see TestGrade): 1e-7.
		for name, c := range map[string]struct {
			sub       *table.Table
			want, tol float64
		}{"sample": {sample, ref.Sample, 1e-9}, "gold": {answers, ref.Gold, 1e-7}, "random": {randomSubmission(t, answers), ref.Random, 1e-9}} {
			s, err := Grade(c.sub, answers)
			if err != nil || s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-c.want) > c.tol {
				t.Errorf("%s: %v %v, reference %v", name, s, err, c.want)
			}
		}
	})
	t.Run("own pass over the files", func(t *testing.T) {
		// The prepared files are of the form gradeFiles takes: it must
		// grade them itself, with Grade's scores.
		for name, c := range map[string]struct {
			path      string
			want, tol float64
		}{"sample": {p.Paths.SampleSubmission, ref.Sample, 1e-9}, "gold": {p.Paths.Answers, ref.Gold, 1e-7}} {
			s, err := gradeFiles(c.path, p.Paths.Answers)
			if err != nil || s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-c.want) > c.tol {
				t.Errorf("%s: %v %v, reference %v", name, s, err, c.want)
			}
			out, done := grade.GradeFiles(Competition, c.path, p.Paths.Answers)
			if !done || out.Score == nil || *out.Score != pyfloat.RoundNumpy(s.Value, 5) {
				t.Errorf("%s: grade.GradeFiles = %+v, %v", name, out, done)
			}
		}
	})
	t.Run("malformed", func(t *testing.T) { malformed(t, answers) })
}

func ptr(f float64) *float64 { return &f }

// TestGrade covers the spec's Grade rules in order on a hand-made answers
// table; scores are reference_prepare.py's numpy values for the same inputs
// (its "cases"), equal to 1e-9 except where predictions are (anti)parallel
// to the truth: there arccos(1 - k·2⁻⁵³) ≈ 1.5e-8·√k turns the last-ulp
// differences of sin/cos into ~1e-8 per event. Those differ between numpy
// builds too (on this AVX-512 machine numpy's SVML sin/cos differ from the C
// library's in ~60% of arguments), so they are compared to 1e-7.
func TestGrade(t *testing.T) {
	ref := readReference(t)
	ans := readTable(t, gradeAnswers)
	for _, tc := range []struct {
		name, sub string
		want      string // "invalid" or a reference case name
		tol       float64
	}{
		{"perfect", "event_id,azimuth,zenith\n10,0.5,1.0\n20,3.0,2.0\n30,6.0,0.1\n", "perfect", 1e-7},
		{"all ones (sample)", "event_id,azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n", "ones", 0},
		{"shuffled rows and columns, out-of-range angles", "zenith,event_id,azimuth\n-2.5,30,100\n4,10,-7\n0,20,3.5\n", "wild", 0},
		{"opposite directions", "event_id,azimuth,zenith\n10,3.641592653589793,2.141592653589793\n20,6.141592653589793,1.141592653589793\n30,2.858407346410207,3.041592653589793\n", "opposite", 1e-7},
		{"float event ids", "event_id,azimuth,zenith\n10.0,1,1\n20.0,1,1\n30.0,1,1\n", "ones", 0},
		{"1. extra column", "event_id,azimuth,zenith,x\n10,1,1,0\n20,1,1,0\n30,1,1,0\n", "invalid", 0},
		{"1. missing column", "event_id,azimuth\n10,1\n20,1\n30,1\n", "invalid", 0},
		{"1. column case", "event_id,Azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"2. azimuth text", "event_id,azimuth,zenith\n10,a,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"2. azimuth bool", "event_id,azimuth,zenith\n10,True,1\n20,False,1\n30,True,1\n", "invalid", 0},
		{"3. zenith text", "event_id,azimuth,zenith\n10,1,x\n20,1,1\n30,1,1\n", "invalid", 0},
		{"4. azimuth NaN", "event_id,azimuth,zenith\n10,,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"4. azimuth inf", "event_id,azimuth,zenith\n10,inf,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"5. zenith -inf", "event_id,azimuth,zenith\n10,1,-inf\n20,1,1\n30,1,1\n", "invalid", 0},
		{"6. row count", "event_id,azimuth,zenith\n10,1,1\n20,1,1\n", "invalid", 0},
		{"6. extra row", "event_id,azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n40,1,1\n", "invalid", 0},
		{"7. other ids", "event_id,azimuth,zenith\n10,1,1\n20,1,1\n31,1,1\n", "invalid", 0},
		{"7. duplicate id", "event_id,azimuth,zenith\n10,1,1\n10,1,1\n30,1,1\n", "invalid", 0},
		{"7. text ids", "event_id,azimuth,zenith\na,1,1\nb,1,1\nc,1,1\n", "invalid", 0},
		{"7. fractional ids", "event_id,azimuth,zenith\n10.5,1,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"7. missing id", "event_id,azimuth,zenith\n,1,1\n20,1,1\n30,1,1\n", "invalid", 0},
		{"empty", "", "invalid", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(readTable(t, tc.sub), ans)
			switch tc.want {
			case "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			default:
				want, ok := ref.Cases[tc.want]
				if !ok {
					t.Fatalf("no reference case %q", tc.want)
				}
				if err != nil {
					t.Fatal(err)
				}
				tol := max(tc.tol, 1e-9)
				if math.Abs(s.Value-want) > tol || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v (kind %v), reference %v", s.Value, s.Kind, want)
				}
			}
		})
	}
	// Broken answers are an error, not an invalid submission.
	bad := readTable(t, "event_id,azimuth,zenith\n10,,1\n20,1,1\n30,1,1\n")
	if _, err := Grade(readTable(t, "event_id,azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n"), bad); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("NaN in answers: %v", err)
	}
}

// gradeAnswers is the hand-made answers table of TestGrade (also in
// reference_prepare.py).
const gradeAnswers = "event_id,azimuth,zenith\n20,3.0,2.0\n10,0.5,1.0\n30,6.0,0.1\n"

func malformed(t *testing.T, answers *table.Table) {
	valid, _ := answers.Select("event_id", "azimuth", "zenith")
	n := valid.Len()
	idx := func(k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = i % n
		}
		return out
	}
	with := func(c *table.Column) *table.Table {
		s, err := valid.With(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	fill := func(v float64) []float64 {
		f := make([]float64, n)
		f[0] = v
		return f
	}
	cases := map[string]*table.Table{
		"empty": table.MustNew(), "no rows": valid.Take(nil), "one short": valid.Take(idx(n - 1)),
		"twice": valid.Take(idx(2 * n)), "drop id": valid.Drop("event_id"), "drop azimuth": valid.Drop("azimuth"),
		"NaN zenith": with(table.Floats("zenith", fill(math.NaN()))), "inf azimuth": with(table.Floats("azimuth", fill(math.Inf(1)))),
		"text ids": with(table.Strings("event_id", make([]string, n))), "bool zenith": with(table.Bools("zenith", make([]bool, n))),
	}
	for name, sub := range cases {
		out := competitiontest.GradeTable(Competition, sub, answers)
		if out.Score != nil || out.Err == nil || !errors.Is(out.Err, competition.ErrInvalidSubmission) {
			t.Errorf("%s: score %v err %v, want invalid", name, out.Score, out.Err)
		}
	}
	for name, v := range map[string]float64{"huge": 1e308, "negative": -1e300} {
		out := competitiontest.GradeTable(Competition, with(table.Floats("azimuth", fill(v))), answers)
		if out.Score == nil || math.IsNaN(*out.Score) {
			t.Errorf("%s azimuth: %v %v, want a score (angles are not range-checked)", name, out.Score, out.Err)
		}
	}
}

// TestFloat64Angles: with float64 angles in the raw file, private/test.csv
// prints them by Python repr and the public train meta keeps float64.
func TestFloat64Angles(t *testing.T) {
	d := dirs(t)
	if err := fakeRaw(d.Raw, competition.FakeOptions{Seed: 3, Rows: 100}, parquetcols.Float64); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	raw, err := parquetcols.ReadAll(filepath.Join(d.Raw, "train_meta.parquet"), "event_id", "azimuth", "zenith")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{}
	for i, id := range raw[0].Ints {
		want[id] = pyfloat.Repr(raw[1].Floats[i]) + "," + pyfloat.Repr(raw[2].Floats[i])
	}
	b, err := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "event_id,azimuth,zenith" {
		t.Fatalf("test.csv: %q", lines)
	}
	for _, l := range lines[1:] {
		var id int64
		fmt.Sscan(strings.SplitN(l, ",", 2)[0], &id)
		if rest := strings.SplitN(l, ",", 2)[1]; rest != want[id] {
			t.Errorf("line %q: want angles %q", l, want[id])
		}
	}
	train, err := parquetcols.Open(filepath.Join(d.Public, "train_meta.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer train.Close()
	got := fmt.Sprint(train.Fields())
	if got != "[{batch_id int64} {event_id int64} {first_pulse_index int32} {last_pulse_index int32} {azimuth float64} {zenith float64}]" {
		t.Errorf("train_meta fields %s", got)
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

// TestSplitVector: with batch ids 1..660 in order the test batches are the
// spec's 66 ids (the real competition's size).
func TestSplitVector(t *testing.T) {
	if testing.Short() {
		t.Skip("660 batch files")
	}
	d := dirs(t)
	if err := fakeRaw(d.Raw, competition.FakeOptions{Rows: 660 * 20}, parquetcols.Float32); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(d.Public, "test"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, e := range entries {
		got[e.Name()] = true
	}
	want := []int{15, 49, 51, 53, 65, 76, 77, 86, 104, 128, 141, 143, 160, 163, 171, 176, 201, 207, 211, 234, 244, 253, 272, 299, 302,
		313, 316, 353, 363, 385, 387, 402, 406, 410, 414, 416, 420, 429, 447, 453, 454, 461, 475, 477, 495, 497, 518, 527, 530, 536,
		542, 548, 575, 576, 578, 579, 589, 591, 593, 597, 621, 626, 627, 628, 638, 656}
	if len(got) != len(want) {
		t.Fatalf("%d test batches, want %d", len(got), len(want))
	}
	for _, b := range want {
		if !got[fmt.Sprintf("batch_%d.parquet", b)] {
			t.Errorf("batch %d not in public/test", b)
		}
	}
	train, _ := os.ReadDir(filepath.Join(d.Public, "train"))
	if len(train) != 594 {
		t.Errorf("%d train batch files, want 594", len(train))
	}
}

// TestPrepareErrors: the raw-data problems the original crashes on are
// errors here.
func TestPrepareErrors(t *testing.T) {
	for name, mutate := range map[string]func(raw string) error{
		"batch file name without a number": func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train", "batch_x.parquet"), nil, 0o644)
		},
		"missing batch file": func(raw string) error { return os.Remove(filepath.Join(raw, "train", "batch_3.parquet")) },
		"duplicate batch file": func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train", "batch_03.parquet"), nil, 0o644)
		},
		"no sensor geometry": func(raw string) error { return os.Remove(filepath.Join(raw, "sensor_geometry.csv")) },
		"meta not parquet": func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_meta.parquet"), []byte("batch_id\n1\n"), 0o644)
		},
		"meta without zenith": func(raw string) error {
			cols, err := parquetcols.ReadAll(filepath.Join(raw, "train_meta.parquet"))
			if err != nil {
				return err
			}
			cols = cols[:5]
			var fields []parquetcols.Field
			for _, c := range cols {
				fields = append(fields, c.Field)
			}
			w, err := parquetcols.Create(filepath.Join(raw, "train_meta.parquet"), fields)
			if err != nil {
				return err
			}
			if err := w.Write(cols); err != nil {
				return err
			}
			return w.Close()
		},
	} {
		t.Run(name, func(t *testing.T) {
			d := dirs(t)
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 100}); err != nil {
				t.Fatal(err)
			}
			if err := mutate(d.Raw); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
	// Python int() accepts these batch-number spellings; a batch file of
	// an unknown batch is skipped.
	for _, s := range []string{"7", " 7", "+7", "0_7", "007"} {
		if v, err := pyInt(s); err != nil || v != 7 {
			t.Errorf("pyInt(%q) = %v, %v", s, v, err)
		}
	}
	for _, s := range []string{"", "x", "7_", "_7", "--7", "7.0", "1__0"} {
		if _, err := pyInt(s); err == nil {
			t.Errorf("pyInt(%q) accepted", s)
		}
	}
	d := dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 100}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d.Raw, "train", "batch_999.parquet"), nil, 0o644)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatalf("unknown batch file: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, dirs(t)); err == nil {
		t.Error("prepare on empty raw succeeded")
	}
}
