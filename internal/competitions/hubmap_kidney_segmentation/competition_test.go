package hubmap_kidney_segmentation

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
// file must match testdata/golden_md5.json, which reference_prepare.py
// (pandas + scikit-learn) produced from the same raw data. The sample
// submission (empty masks against non-empty truths) scores 0, the gold one 1.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: &zero, GoldScore: &one, GoldenMD5: "testdata/golden_md5.json",
	})
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, p.Paths.Answers, p.Paths.GoldSubmission) })
}

// checkMalformed: structurally broken submissions never panic and never
// score.
func checkMalformed(t *testing.T, answersPath, goldPath string) {
	answers, err := grade.LoadAnswers(Competition, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	gold, err := grade.ReadSubmission(goldPath)
	if err != nil {
		t.Fatal(err)
	}
	n := gold.Len()
	nan := make([]float64, n)
	for i := range nan {
		nan[i] = math.NaN()
	}
	huge := []float64{1e308, math.Inf(1), -1}
	withCol := func(c *table.Column) *table.Table {
		s, err := gold.With(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tc := range []struct {
		name string
		sub  *table.Table
	}{
		{"no columns", table.Empty()},
		{"no rows", gold.Take(nil)},
		{"every row twice", gold.Take([]int{0, 1, 2, 0, 1, 2})},
		{"ids all missing", withCol(table.Floats("id", nan))},
		{"predicted all missing numbers", withCol(table.Floats("predicted", huge))},
		{"predicted bools", withCol(table.Bools("predicted", make([]bool, n)))},
		{"ids as numbers", withCol(table.Floats("id", huge))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := grade.Call(Competition, tc.sub, answers)
			if out.Score != nil {
				t.Fatalf("score %v, want null", *out.Score)
			}
			if out.Err == nil || strings.Contains(out.Err.Error(), "panic") {
				t.Fatalf("err = %v", out.Err)
			}
		})
	}
	// All-missing predictions are empty masks: a valid score of 0.
	out := grade.Call(Competition, withCol(table.Floats("predicted", nan)), answers)
	if out.Score == nil || *out.Score != 0 {
		t.Fatalf("all-missing predictions: %v %v, want 0", out.Score, out.Err)
	}
}

func readTable(t *testing.T, csv string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(csv), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestGradeAnswerQuirks: the answers' own defects fail every grading.
func TestGradeAnswerQuirks(t *testing.T) {
	sub := readTable(t, "id,predicted\nab,1 2\ncd,\n")
	for _, tc := range []struct {
		name, answers string
		want          float64 // NaN: error (null score, not invalid)
	}{
		{"fine", "id,encoding,width_pixels,height_pixels\nab,1 2,4,3\ncd,4 1,2,2\n", 0.5},
		{"Dice 1 when both masks are empty", "id,encoding,width_pixels,height_pixels\nab,1 2,4,3\ncd,   ,2,2\n", 1},
		{"empty true encoding is NaN, not a string", "id,encoding,width_pixels,height_pixels\nab,1 2,4,3\ncd,,2,2\n", math.NaN()},
		{"float sizes are not Python ints", "id,encoding,width_pixels,height_pixels\nab,1 2,4.0,3\ncd,5 1,2,2\n", math.NaN()},
		{"a blank size makes the column float", "id,encoding,width_pixels,height_pixels\nab,1 2,4,\ncd,5 1,2,2\n", math.NaN()},
		{"negative size", "id,encoding,width_pixels,height_pixels\nab,1 2,4,-3\ncd,5 1,2,2\n", math.NaN()},
		{"missing width column", "id,encoding,height_pixels\nab,1 2,3\ncd,5 1,2\n", math.NaN()},
		{"true run clipped at H*W", "id,encoding,width_pixels,height_pixels\nab,2 100,4,3\ncd,5 1,2,2\n", (2.0/13 + 1) / 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(sub, readTable(t, tc.answers))
			if math.IsNaN(tc.want) {
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("score %v err %v, want a non-invalid error", s.Value, err)
				}
				return
			}
			if err != nil || math.Abs(s.Value-tc.want) > 1e-15 {
				t.Fatalf("score %v err %v, want %v", s.Value, err, tc.want)
			}
		})
	}
}

// TestPrepareFailures: the original's split and asserts, and ids that would
// escape the image folder.
func TestPrepareFailures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(t *testing.T, raw string)
		wantErr string
	}{
		{"14 rows: the split raises", func(t *testing.T, raw string) { dropTrainRows(t, raw, 1) }, "train_size"},
		{"16 rows: train + test != all rows", func(t *testing.T, raw string) { dupTrainRow(t, raw, "0000000ab") }, "Length of new_train"},
		{"extra column", addTrainColumn, "columns"},
		{"a test image without information", func(t *testing.T, raw string) { dropInfoOf(t, raw, 6) }, "Length of new_train"},
		{"image file missing", func(t *testing.T, raw string) { removeImage(t, raw, 0) }, "no such file"},
		{"id escaping the folder", func(t *testing.T, raw string) { renameTrainID(t, raw, 0, "../evil") }, "plain file name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
				t.Fatal(err)
			}
			tc.edit(t, d.Raw)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}

func trainLines(t *testing.T, raw string) []string {
	b, err := os.ReadFile(filepath.Join(raw, "train.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func writeLines(t *testing.T, path string, lines []string) {
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func dropTrainRows(t *testing.T, raw string, n int) {
	lines := trainLines(t, raw)
	writeLines(t, filepath.Join(raw, "train.csv"), lines[:len(lines)-n])
}

func dupTrainRow(t *testing.T, raw, id string) {
	lines := trainLines(t, raw)
	row := lines[1]
	lines = append(lines, id+row[strings.Index(row, ","):])
	writeLines(t, filepath.Join(raw, "train.csv"), lines)
	for _, name := range imageFiles(id) {
		if err := os.WriteFile(filepath.Join(raw, "train", name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// addTrainColumn appends a column x (all 1) to raw train.csv.
func addTrainColumn(t *testing.T, raw string) {
	lines := trainLines(t, raw)
	lines[0] += ",x"
	for i := 1; i < len(lines); i++ {
		lines[i] += ",1"
	}
	writeLines(t, filepath.Join(raw, "train.csv"), lines)
}

func trainID(t *testing.T, raw string, row int) string {
	line := trainLines(t, raw)[1+row]
	return line[:strings.Index(line, ",")]
}

func dropInfoOf(t *testing.T, raw string, row int) {
	id := trainID(t, raw, row)
	path := filepath.Join(raw, infoFile)
	b, _ := os.ReadFile(path)
	var keep []string
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if !strings.HasPrefix(l, id+".tiff,") {
			keep = append(keep, l)
		}
	}
	writeLines(t, path, keep)
}

func removeImage(t *testing.T, raw string, row int) {
	if err := os.Remove(filepath.Join(raw, "train", trainID(t, raw, row)+".json")); err != nil {
		t.Fatal(err)
	}
}

func renameTrainID(t *testing.T, raw string, row int, id string) {
	lines := trainLines(t, raw)
	old := trainID(t, raw, row)
	lines[1+row] = id + strings.TrimPrefix(lines[1+row], old)
	writeLines(t, filepath.Join(raw, "train.csv"), lines)
}
