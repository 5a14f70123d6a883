package herbarium_2022_fgvc9

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
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

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// manifestMD5 is the MD5 of "<relative path> <md5>\n" over the files
// under prefix (of the tree sums) in path order.
func manifestMD5(sums map[string]string, prefix string) string {
	var paths []string
	for p := range sums {
		if strings.HasPrefix(p, prefix) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var sb strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&sb, "%s %s\n", strings.TrimPrefix(p, prefix), sums[p])
	}
	sum := md5.Sum([]byte(sb.String()))
	return hex.EncodeToString(sum[:])
}

// TestConformance runs the suite on the seed-0 fake data (60 images in
// categories of 2 to 12, non-ASCII text, floats) and compares every
// prepared file with reference_prepare.py's golden.json (metadata and CSVs
// by MD5, the image trees by manifest), and the grading of formula
// submissions with reference_grade.py's scores.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	var want map[string]string
	readJSON(t, filepath.Join("testdata", "golden.json"), &want)
	files := map[string]string{}
	var trees []string
	for k, v := range want {
		if strings.HasSuffix(k, "/") {
			trees = append(trees, k)
		} else {
			files[k] = v
		}
	}
	b, _ := json.Marshal(files)
	goldenFiles := filepath.Join(t.TempDir(), "golden_md5.json")
	if err := os.WriteFile(goldenFiles, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &zero, GoldScore: &one, GoldenMD5: goldenFiles, GoldenExclude: trees})
	sums, err := competitiontest.TreeMD5(filepath.Join(p.DataDir, p.Info.ID, "prepared"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range trees {
		if got := manifestMD5(sums, tree); got != want[tree] {
			t.Errorf("%s manifest md5 %s, reference %s", tree, got, want[tree])
		}
	}
	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("reference scores", func(t *testing.T) { checkReferenceScores(t, answers) })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, answers) })
}

// formulas are the submissions reference_grade.py scores (row i of the
// answers, y its label, ys all labels).
var formulas = map[string]func(i int, y int64, ys []int64) int64{
	"perfect":             func(i int, y int64, ys []int64) int64 { return y },
	"sample (all 42)":     func(i int, y int64, ys []int64) int64 { return 42 },
	"every third wrong":   func(i int, y int64, ys []int64) int64 { return map[bool]int64{true: y, false: y + 1}[i%3 != 0] },
	"first label for all": func(i int, y int64, ys []int64) int64 { return ys[0] },
	"shifted":             func(i int, y int64, ys []int64) int64 { return ys[(i+1)%len(ys)] },
}

func checkReferenceScores(t *testing.T, answers *table.Table) {
	var ref map[string]float64
	readJSON(t, filepath.Join("testdata", "reference_scores.json"), &ref)
	ids, _ := answers.Col("Id")
	labels, _ := answers.Col("Predicted")
	for name, f := range formulas {
		want, ok := ref[name]
		if !ok {
			t.Errorf("%s: no reference score", name)
			continue
		}
		pred := make([]int64, answers.Len())
		for i := range pred {
			pred[i] = f(i, labels.Ints[i], labels.Ints)
		}
		rev := make([]int, len(pred))
		for i := range rev {
			rev[i] = len(rev) - 1 - i
		}
		sub := table.MustNew(ids.Take(rev), table.Ints("Predicted", pred).Take(rev))
		s, err := Grade(sub, answers)
		if err != nil || math.Abs(s.Value-want) > 1e-9 || s.Kind != competition.NumpyFloat64 {
			t.Errorf("%s: %v (kind %v), %v; reference %v", name, s.Value, s.Kind, err, want)
		}
	}
}

// checkMalformed: broken submissions give invalid or an error, never a
// panic or a score.
func checkMalformed(t *testing.T, answers *table.Table) {
	ids, _ := answers.Col("Id")
	var good strings.Builder
	good.WriteString("Id,Predicted\n")
	for i := 0; i < answers.Len(); i++ {
		fmt.Fprintf(&good, "%d,5\n", ids.Ints[i])
	}
	valid := good.String()
	lines := strings.SplitAfter(valid, "\n")
	for name, body := range map[string]string{
		"empty":        "",
		"header only":  "Id,Predicted\n",
		"one column":   strings.ReplaceAll(strings.ReplaceAll(valid, ",5", ""), "Id,Predicted", "Id"),
		"huge values":  strings.Replace(valid, ",5\n", ",1e308\n", 1),
		"NaN":          strings.Replace(valid, ",5\n", ",\n", 1),
		"text labels":  strings.ReplaceAll(valid, ",5\n", ",five\n"),
		"duplicate id": lines[0] + lines[1] + lines[1] + strings.Join(lines[3:], ""),
		"text ids":     strings.Replace(valid, "\n0,", "\nzero,", 1),
	} {
		sub, err := table.ReadBytes([]byte(body), table.ReadOptions{})
		if err != nil {
			continue // the harness refuses unreadable CSVs before grading
		}
		if out := competitiontest.GradeTable(Competition, sub, answers); out.Score != nil {
			t.Errorf("%s: scored %v, want invalid or an error", name, *out.Score)
		}
	}
}

// TestPrepareErrors: raw metadata the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	meta := func(body string) func(raw string) error {
		return func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_metadata.json"), []byte(body), 0o644)
		}
	}
	edit := func(old, new string) func(raw string) error {
		return func(raw string) error {
			p := filepath.Join(raw, "train_metadata.json")
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if !strings.Contains(string(b), old) {
				return fmt.Errorf("%q not in the fake metadata", old)
			}
			return os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644)
		}
	}
	img := `{"file_name": "001/02/00102__001.jpg", "image_id": "a"}`
	ann := `{"category_id": 102, "image_id": "a"}`
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"no metadata", func(raw string) error { return os.Remove(filepath.Join(raw, "train_metadata.json")) }},
		{"no images key", meta(`{"annotations": []}`)},
		{"single-image category", meta(`{"annotations": [` + ann + `], "images": [` + img + `]}`)},
		{"more annotations than images", meta(`{"annotations": [` + ann + `, ` + ann + `, ` + ann + `], "images": [` + img + `, ` + img + `]}`)},
		{"image_id mismatch", edit(`"image_id":"`, `"image_id":"x`)},
		{"image without file_name", edit(`"file_name":`, `"id":0,"x":`)},
		{"missing image file", edit(`.jpg"`, `.png"`)},
		{"file name escapes", edit(`"file_name":"`, `"file_name":"../`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 20}); err != nil {
				t.Fatal(err)
			}
			if err := tc.edit(d.Raw); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}
