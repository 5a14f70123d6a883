package inaturalist_2019_fgvc6

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// tarManifest is the MD5 of "<member name> <md5>\n" over the members of a
// plain tar in name order; every member must be a regular file.
func tarManifest(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	var lines []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if h.Typeflag != tar.TypeReg {
			t.Errorf("%s: member %s is not a regular file (type %c)", path, h.Name, h.Typeflag)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		sum := md5.Sum(b)
		lines = append(lines, fmt.Sprintf("%s %s\n", h.Name, hex.EncodeToString(sum[:])))
	}
	slices.Sort(lines)
	sum := md5.Sum([]byte(strings.Join(lines, "")))
	return hex.EncodeToString(sum[:])
}

// TestConformance runs the suite on the seed-0 fake data (80 images in
// categories of 1, 2–4, ≥ 5 and 25, non-ASCII text, images read from the
// raw tar.gz) and compares the prepared files with reference_prepare.py's
// golden.json (JSON and CSVs by MD5, the tars by member manifest), then
// prepares again from an extracted raw/train_val2019/ folder, which must
// give the same files.
func TestConformance(t *testing.T) {
	one, zero := 1.0, 0.0
	var want map[string]string
	readJSON(t, filepath.Join("testdata", "golden.json"), &want)
	files := map[string]string{}
	for k, v := range want {
		if !strings.HasSuffix(k, ".tar.gz") {
			files[k] = v
		}
	}
	b, _ := json.Marshal(files)
	goldenFiles := filepath.Join(t.TempDir(), "golden_md5.json")
	if err := os.WriteFile(goldenFiles, b, 0o644); err != nil {
		t.Fatal(err)
	}
	tars := []string{"public/test2019.tar.gz", "public/train_val2019.tar.gz"}
	p := competitiontest.Run(t, Competition, competitiontest.Options{SampleScore: &one, GoldScore: &zero, GoldenMD5: goldenFiles, GoldenExclude: tars})
	prepared := filepath.Join(p.DataDir, p.Info.ID, "prepared")
	for _, rel := range tars {
		if got := tarManifest(t, filepath.Join(prepared, rel)); got != want[rel] {
			t.Errorf("%s member manifest md5 %s, reference %s", rel, got, want[rel])
		}
	}

	t.Run("extracted raw folder", func(t *testing.T) {
		first, err := competitiontest.TreeMD5(prepared)
		if err != nil {
			t.Fatal(err)
		}
		raw := p.Paths.Raw
		if err := extractTar(filepath.Join(raw, "train_val2019.tar.gz"), raw); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(raw, "train_val2019.tar.gz"), filepath.Join(raw, "moved.tgz")); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(filepath.Join(raw, "moved.tgz"), filepath.Join(raw, "train_val2019.tar.gz"))
		dir := t.TempDir()
		d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
		for _, p := range []string{d.Public, d.Private} {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := Prepare(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		second, err := competitiontest.TreeMD5(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != len(second) {
			t.Errorf("%d files from the tar, %d from the folder", len(first), len(second))
		}
		for rel, sum := range first {
			if second[rel] != sum && !strings.HasSuffix(rel, "description.md") {
				t.Errorf("%s differs when the images come from raw/train_val2019/", rel)
			}
		}
	})

	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("reference scores", func(t *testing.T) { checkReferenceScores(t, answers) })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, answers) })
}

// extractTar extracts a gzip tar's regular files under dest.
func extractTar(archive, dest string) error {
	f, err := os.Open(archive)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		p := filepath.Join(dest, filepath.FromSlash(h.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeFrom(p, tr); err != nil {
			return err
		}
	}
}

// formulas are the submissions reference_grade.py scores (row i of the
// answers, y its label, ys all labels), as prediction text.
var formulas = map[string]func(i int, y int64, ys []int64) string{
	"perfect":          func(i int, y int64, ys []int64) string { return fmt.Sprint(y) },
	"sample (all 654)": func(i int, y int64, ys []int64) string { return "654" },
	"every third wrong": func(i int, y int64, ys []int64) string {
		return fmt.Sprint(map[bool]int64{true: y, false: y + 1}[i%3 != 0])
	},
	"top-5 lists, first right on even rows": func(i int, y int64, ys []int64) string {
		first := y
		if i%2 != 0 {
			first = y + 1
		}
		return fmt.Sprintf("%d %d 3 4 5", first, y)
	},
	"shifted": func(i int, y int64, ys []int64) string { return fmt.Sprint(ys[(i+1)%len(ys)]) },
}

func checkReferenceScores(t *testing.T, answers *table.Table) {
	var ref map[string]float64
	readJSON(t, filepath.Join("testdata", "reference_scores.json"), &ref)
	ids, _ := answers.Col("id")
	labels, _ := answers.Col("predicted")
	for name, f := range formulas {
		want, ok := ref[name]
		if !ok {
			t.Errorf("%s: no reference score", name)
			continue
		}
		var sb strings.Builder
		sb.WriteString("id,predicted\n")
		for i := answers.Len() - 1; i >= 0; i-- { // reverse order: grading aligns by id
			fmt.Fprintf(&sb, "%d,%s\n", ids.Ints[i], f(i, labels.Ints[i], labels.Ints))
		}
		s, err := Grade(readCSV(t, sb.String()), answers)
		if err != nil || math.Abs(s.Value-want) > 1e-9 || s.Kind != competition.PyFloat {
			t.Errorf("%s: %v (kind %v), %v; reference %v", name, s.Value, s.Kind, err, want)
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

// checkMalformed: broken submissions give invalid or an error, never a
// panic or a score.
func checkMalformed(t *testing.T, answers *table.Table) {
	ids, _ := answers.Col("id")
	var good strings.Builder
	good.WriteString("id,predicted\n")
	for i := 0; i < answers.Len(); i++ {
		fmt.Fprintf(&good, "%d,5\n", ids.Ints[i])
	}
	valid := good.String()
	lines := strings.SplitAfter(valid, "\n")
	for name, body := range map[string]string{
		"empty":        "",
		"header only":  "id,predicted\n",
		"one column":   strings.ReplaceAll(strings.ReplaceAll(valid, ",5", ""), "id,predicted", "id"),
		"huge values":  strings.Replace(valid, ",5\n", ",1e308\n", 1),
		"NaN":          strings.Replace(valid, ",5\n", ",\n", 1),
		"text labels":  strings.ReplaceAll(valid, ",5\n", ",five\n"),
		"duplicate id": lines[0] + lines[1] + lines[1] + strings.Join(lines[3:], ""),
		"text ids":     lines[0] + "x" + strings.Join(lines[1:], ""),
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

// TestGrade covers the spec's checks and prediction parsing on a
// three-row answer key.
func TestGrade(t *testing.T) {
	ans := readCSV(t, "id,predicted\n10,5\n11,7\n12,9\n")
	const (
		invalid = -1
		other   = -2
	)
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect, other order", "predicted,id\n9,12\n5,10\n7,11\n", 0},
		{"top-5 text: first token counts", "id,predicted\n10,5 1 2\n11,1 7 2\n12, 9\n", 1 - 2.0/3},
		{"bools are ints", "id,predicted\n10,True\n11,False\n12,True\n", 1},
		{"float ids match", "id,predicted\n10.0,5\n11.0,7\n12.0,9\n", 0},
		{"float column raises", "id,predicted\n10,5.0\n11,7\n12,9\n", other},
		{"missing prediction raises", "id,predicted\n10,\n11,7 1\n12,9\n", other},
		{"decimal token raises", "id,predicted\n10,5.0 1\n11,7\n12,9\n", other},
		{"blank text raises", "id,predicted\n10,\" \"\n11,7 1\n12,9\n", other},
		{"1. row count", "id,predicted\n10,5\n", invalid},
		{"2. no id", "Id,predicted\n10,5\n11,7\n12,9\n", invalid},
		{"2. no predicted", "id,Predicted\n10,5\n11,7\n12,9\n", invalid},
		{"4. ids differ", "id,predicted\n10,5\n11,7\n13,9\n", invalid},
		{"4. duplicate ids", "id,predicted\n10,5\n10,7\n12,9\n", invalid},
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
				if math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestPrepareErrors: raw data the original's prepare fails on.
func TestPrepareErrors(t *testing.T) {
	edit := func(old, new string) func(raw string) error {
		return func(raw string) error {
			p := filepath.Join(raw, "train2019.json")
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
	remove := func(name string) func(raw string) error {
		return func(raw string) error { return os.Remove(filepath.Join(raw, name)) }
	}
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"no metadata", remove("train2019.json")},
		{"no val2019.json", remove("val2019.json")},
		{"no images", remove("train_val2019.tar.gz")},
		{"extra top-level key", edit(`{"annotations"`, `{"extra":1,"annotations"`)},
		{"no categories", edit(`"categories":`, `"kategories":`)},
		{"image id mismatch", edit(`"image_id":`, `"image_id":1000000,"x":`)},
		{"image not in the tar", edit(`.jpg"`, `.png"`)},
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
