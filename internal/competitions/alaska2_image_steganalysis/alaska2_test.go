package alaska2_image_steganalysis

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
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

var fakeRawOut = flag.String("fakeraw-out", "", "TestWriteFakeRaw: write the seed-0 fake raw data into this directory")

// TestWriteFakeRaw writes the fake raw data for testdata/reference_prepare.py.
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("set -fakeraw-out")
	}
	if err := FakeRaw(*fakeRawOut, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}

// golden is testdata/golden.json from reference_prepare.py: the CSVs' MD5s
// and, per image folder ("public/Test/"), the MD5 of its manifest.
func golden(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func fileMD5(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}

// manifestMD5 is the MD5 of "<name> <md5>\n" over dir's files in name order.
func manifestMD5(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sum := md5.Sum(b)
		fmt.Fprintf(&sb, "%s %s\n", e.Name(), hex.EncodeToString(sum[:]))
	}
	sum := md5.Sum([]byte(sb.String()))
	return hex.EncodeToString(sum[:])
}

// TestConformance runs the suite on the seed-0 fake data (5040 covers, so
// about 45,000 small files are written and copied: skipped with -short) and
// compares the prepared files with reference_prepare.py's golden.json; the
// answers' MD5 equals the original's checksum, since the labels depend on
// the RNG only. Grading is compared with reference_grade.py's scores.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and copies about 45,000 files")
	}
	sampleWant := 0.58571 // upstream's test: every Label 0
	one := 1.0
	want := golden(t)
	csvs := map[string]string{}
	for k, v := range want {
		if !strings.HasSuffix(k, "/") {
			csvs[k] = v
		}
	}
	b, _ := json.Marshal(csvs)
	goldenCSV := filepath.Join(t.TempDir(), "golden_md5.json")
	if err := os.WriteFile(goldenCSV, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore:   &sampleWant,
		GoldScore:     &one,
		GoldenMD5:     goldenCSV,
		GoldenExclude: []string{"public/Cover/", "public/Test/", "public/JMiPOD/", "public/JUNIWARD/", "public/UERD/"},
	})
	for k, v := range want {
		if strings.HasSuffix(k, "/") {
			if got := manifestMD5(t, filepath.Join(p.Paths.Public, strings.TrimPrefix(k, "public/"))); got != v {
				t.Errorf("%s manifest md5 %s, reference %s", k, got, v)
			}
		}
	}
	// The answers and the sample depend on the RNG only, not on the number
	// of covers, so they equal the original's checksummed files.
	for name, sum := range p.Info.Checksums.Private {
		if got := fileMD5(t, filepath.Join(p.Paths.Private, name)); got != sum {
			t.Errorf("private/%s md5 %s, the original's checksum %s", name, got, sum)
		}
	}
	for name, sum := range p.Info.Checksums.Public {
		if got := fileMD5(t, filepath.Join(p.Paths.Public, name)); got != sum {
			t.Errorf("public/%s md5 %s, the original's checksum %s", name, got, sum)
		}
	}
	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("reference scores", func(t *testing.T) { checkReferenceScores(t, answers) })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, answers) })
	t.Run("prepare errors", func(t *testing.T) { checkPrepareErrors(t, p.Paths.Raw) })
}

// formulaScores are the submissions reference_grade.py scores on the
// seed-0 answers (row i in answer order, y its label).
var formulaScores = map[string]func(i int, y float64) float64{
	"perfect":     func(i int, y float64) float64 { return y },
	"inverse":     func(i int, y float64) float64 { return -y },
	"constant":    func(i int, y float64) float64 { return 0.5 },
	"pseudorand":  func(i int, y float64) float64 { return float64((i*7919)%1000) / 1000 },
	"noisy":       func(i int, y float64) float64 { return y*0.3 + float64((i*37)%101)/101 },
	"coarse ties": func(i int, y float64) float64 { return math.Floor((y*2 + float64((i*13)%7)) / 3) },
	"large range": func(i int, y float64) float64 { return (y - 0.5) * 1e12 * float64(1+(i%5)) },
}

func checkReferenceScores(t *testing.T, answers *table.Table) {
	b, err := os.ReadFile(filepath.Join("testdata", "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Formula map[string]float64 `json:"formula"`
		Curves  []struct {
			Name   string    `json:"name"`
			YTrue  []float64 `json:"y_true"`
			YScore []float64 `json:"y_score"`
			Score  float64   `json:"score"`
		} `json:"curves"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	ids, _ := answers.Col("Id")
	labels, _ := answers.Col("Label")
	for name, f := range formulaScores {
		want, ok := ref.Formula[name]
		if !ok {
			t.Errorf("%s: no reference score", name)
			continue
		}
		scores := make([]float64, answers.Len())
		for i := range scores {
			y, _ := labels.Float(i)
			scores[i] = f(i, y)
		}
		// Submit in reverse row order: grading must align by Id.
		rev := make([]int, len(scores))
		for i := range rev {
			rev[i] = len(rev) - 1 - i
		}
		sub := table.MustNew(ids.Take(rev), table.Floats("Label", scores).Take(rev))
		s, err := Grade(sub, answers)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-want) > 1e-9 {
			t.Errorf("%s: score %.17g (kind %v), reference %.17g", name, s.Value, s.Kind, want)
		}
	}
	for _, c := range ref.Curves {
		got, err := WeightedAUC(c.YTrue, c.YScore)
		if err != nil || math.Abs(got-c.Score) > 1e-9 {
			t.Errorf("curve %s: %.17g, %v; reference %.17g", c.Name, got, err, c.Score)
		}
	}
}

func readCSV(t *testing.T, s string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(s), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestGrade covers the spec's checks, in order, on a four-row answer key.
func TestGrade(t *testing.T) {
	ans := readCSV(t, "Id,Label\n0001.jpg,1\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n")
	const (
		invalid = -1
		other   = -2
	)
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect, shuffled, extra column", "Label,Id,x\n0.9,0001.jpg,a\n0.2,0004.jpg,b\n0.8,0003.jpg,c\n0.1,0002.jpg,d\n", 1},
		{"unbounded scores", "Id,Label\n0001.jpg,1e9\n0002.jpg,-5\n0003.jpg,7\n0004.jpg,-1e9\n", 1},
		{"constant gives 0.82/1.4", "Id,Label\n0001.jpg,0\n0002.jpg,0\n0003.jpg,0\n0004.jpg,0\n", 0.82 / 1.4},
		{"numeric text casts", "Id,Label\n0001.jpg, 1\n0002.jpg,0\n0003.jpg,1_0\n0004.jpg,x\n", invalid},
		{"1. row count", "Id,Label\n0001.jpg,1\n", invalid},
		{"2. no Id column", "id,Label\n0001.jpg,1\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n", invalid},
		{"3. no Label column", "Id,label\n0001.jpg,1\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n", invalid},
		{"4. Ids differ", "Id,Label\n0001.jpg,1\n0002.jpg,0\n0003.jpg,1\n0005.jpg,0\n", invalid},
		{"4. duplicate Id", "Id,Label\n0001.jpg,1\n0002.jpg,0\n0003.jpg,1\n0003.jpg,0\n", invalid},
		{"4. Ids without suffix", "Id,Label\n1,1\n2,0\n3,1\n4,0\n", invalid},
		{"4. missing Id", "Id,Label\n0001.jpg,1\n,0\n0003.jpg,1\n0004.jpg,0\n", invalid},
		{"5. text label", "Id,Label\n0001.jpg,high\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n", invalid},
		{"6. NaN label", "Id,Label\n0001.jpg,\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n", invalid},
		{"7. inf label", "Id,Label\n0001.jpg,inf\n0002.jpg,0\n0003.jpg,1\n0004.jpg,0\n", other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(readCSV(t, tc.sub), ans)
			switch tc.want {
			case invalid:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case other:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a plain error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
	// "numeric text casts" above is invalid only because of the "x";
	// without it the text cells " 1" and "1_0" cast as Python's float().
	s, err := Grade(readCSV(t, "Id,Label\n0001.jpg, 1\n0002.jpg,0\n0003.jpg,1_0\n0004.jpg,-0\n"), ans)
	if err != nil || s.Value != 1 {
		t.Fatalf("numeric text: %v, %v", s, err)
	}
}

// checkMalformed: broken submissions give invalid or an error, never a
// panic or a score.
func checkMalformed(t *testing.T, answers *table.Table) {
	ids, _ := answers.Col("Id")
	var good strings.Builder
	good.WriteString("Id,Label\n")
	for i := 0; i < answers.Len(); i++ {
		fmt.Fprintf(&good, "%s,0.5\n", ids.Text[i])
	}
	valid := good.String()
	lines := strings.SplitAfter(valid, "\n")
	cases := map[string]string{
		"empty":        "",
		"header only":  "Id,Label\n",
		"one column":   strings.ReplaceAll(valid, ",0.5", ""),
		"huge values":  strings.Replace(valid, "0.5", "1e308", 1),
		"all NaN":      strings.ReplaceAll(valid, "0.5", ""),
		"text labels":  strings.ReplaceAll(valid, "0.5", "yes"),
		"duplicate id": lines[0] + lines[1] + lines[1] + strings.Join(lines[3:], ""),
		"int ids":      "Id,Label\n" + strings.Repeat("1,0\n", answers.Len()),
		"mixed ids":    lines[0] + "7,0.5\n" + strings.Join(lines[2:], ""),
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		sub, err := table.ReadBytes([]byte(cases[name]), table.ReadOptions{})
		if err != nil {
			continue // the harness refuses unreadable CSVs before grading
		}
		out := competitiontest.GradeTable(Competition, sub, answers)
		if name == "huge values" {
			if out.Score == nil {
				t.Errorf("%s: %v, want a score", name, out.Err)
			}
			continue
		}
		if out.Score != nil {
			t.Errorf("%s: scored %v, want invalid or an error", name, *out.Score)
		}
	}
}

// checkPrepareErrors: raw data the original's prepare fails on. raw is the
// conformance run's fake raw folder; each case edits it and undoes the edit.
func checkPrepareErrors(t *testing.T, raw string) {
	rename := func(from, to string) func() (func(), error) {
		return func() (func(), error) {
			err := os.Rename(filepath.Join(raw, from), filepath.Join(raw, to))
			return func() { os.Rename(filepath.Join(raw, to), filepath.Join(raw, from)) }, err
		}
	}
	for _, tc := range []struct {
		name string
		edit func() (undo func(), err error)
		ctx  func() context.Context
	}{
		{"5000 covers", func() (func(), error) {
			var undos []func()
			undo := func() {
				for _, u := range undos {
					u()
				}
			}
			for i := testSize + 1; i <= defaultCovers; i++ {
				name := fmt.Sprintf("Cover/%05d.jpg", i)
				u, err := rename(name, name+".x")()
				undos = append(undos, u)
				if err != nil {
					return undo, err
				}
			}
			return undo, nil
		}, nil},
		{"no Cover folder", rename("Cover", "cover"), nil},
		{"missing stego folder", rename("UERD", "uerd"), nil},
		{"cancelled", func() (func(), error) { return func() {}, nil }, func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			undo, err := tc.edit()
			defer undo()
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			if tc.ctx != nil {
				ctx = tc.ctx()
			}
			err = Prepare(ctx, d)
			if err == nil {
				t.Fatal("prepare succeeded")
			}
			if tc.ctx != nil && !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want canceled", err)
			}
		})
	}
}
