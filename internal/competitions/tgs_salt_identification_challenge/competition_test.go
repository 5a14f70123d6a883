package tgs_salt_identification_challenge

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file must match testdata/golden_md5.json, which reference_prepare.py
// (pandas + scikit-learn + zipfile) produced from the same raw data. The
// sample submission ("1 1" everywhere) scores 0, as upstream's test expects.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: &zero, GoldScore: &one, GoldenMD5: "testdata/golden_md5.json",
	})
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, p.Paths.Answers) })
}

// checkMalformed: structurally broken submissions never panic and never
// score.
func checkMalformed(t *testing.T, answersPath string) {
	answers, err := grade.LoadAnswers(Competition, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	n := answers.Len()
	nums := make([]float64, n)
	for i := range nums {
		nums[i] = []float64{math.NaN(), 1e308, math.Inf(-1)}[i%3]
	}
	withCol := func(c *table.Column) *table.Table {
		s, err := answers.With(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	idx := make([]int, 2*n)
	for i := range idx {
		idx[i] = i % n
	}
	for _, tc := range []struct {
		name string
		sub  *table.Table
	}{
		{"no columns", table.Empty()},
		{"no rows", answers.Take(nil)},
		{"every row twice", answers.Take(idx)},
		{"ids as numbers", withCol(table.Floats("id", nums))},
		{"masks as numbers", withCol(table.Floats("rle_mask", nums))},
		{"masks as bools", withCol(table.Bools("rle_mask", make([]bool, n)))},
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
}

// TestThresholds: the spec's np.arange(0.5, 1.0, 0.05), bit for bit.
func TestThresholds(t *testing.T) {
	want := []float64{0.5, 0.55, 0.6000000000000001, 0.6500000000000001, 0.7000000000000002,
		0.7500000000000002, 0.8000000000000003, 0.8500000000000003, 0.9000000000000004, 0.9500000000000004}
	if !slices.Equal(thresholds, want) {
		t.Fatalf("thresholds %v", thresholds)
	}
}

// TestImageScore: the spec's per-image values checked against NumPy.
func TestImageScore(t *testing.T) {
	first := func(n int) rle.Mask {
		return rle.FromPixels(side, side, func(r, c int) bool { return c*side+r < n })
	}
	for _, tc := range []struct {
		name        string
		truth, pred rle.Mask
		want        float64
	}{
		{"both empty", first(0), first(0), 1},
		{"prediction on empty truth", first(0), first(5), 0},
		{"truth of 6000 px, empty prediction", first(6000), first(0), 0.2},
		{"truth of 3000 px, empty prediction", first(3000), first(0), 0},
		{"full truth, empty prediction", first(side * side), first(0), 1},
		{"60 px subset of a 100 px truth", first(100), first(60), 0.2},
		{"exact", first(100), first(100), 1},
		{"iou exactly 0.5 does not pass 0.5", first(100), first(50), 0},
	} {
		if got := imageScore(tc.truth, tc.pred); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPrepareFailures: the original's asserts on the archive's images and
// the text-only cells.
func TestPrepareFailures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(rows [][2]string, entries []synth.ZipEntry) ([][2]string, []synth.ZipEntry)
		wantErr string
	}{
		{"an image that is not an id", func(rows [][2]string, e []synth.ZipEntry) ([][2]string, []synth.ZipEntry) {
			return rows[1:], e
		}, "images"},
		{"an id without image", func(rows [][2]string, e []synth.ZipEntry) ([][2]string, []synth.ZipEntry) {
			return rows, slices.DeleteFunc(e, func(z synth.ZipEntry) bool { return z.Name == "competition_data/train/images/"+rows[0][0]+".png" })
		}, "images"},
		{"all-digit ids are not strings", func(rows [][2]string, e []synth.ZipEntry) ([][2]string, []synth.ZipEntry) {
			var out []synth.ZipEntry
			for i := range rows {
				id := "1234567" + string(rune('0'+i/100)) + string(rune('0'+i/10%10)) + string(rune('0'+i%10))
				out = append(out, synth.ZipEntry{Name: "competition_data/train/images/" + id + ".png", Data: []byte("x")},
					synth.ZipEntry{Name: "competition_data/train/masks/" + id + ".png", Data: []byte("x")})
				rows[i][0] = id
			}
			return rows, out
		}, "strings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			var rows [][2]string
			var entries []synth.ZipEntry
			for i := range 12 {
				id := "abcdef" + string(rune('a'+i)) + "000"
				rows = append(rows, [2]string{id, "1 5"})
				entries = append(entries, synth.ZipEntry{Name: "competition_data/train/images/" + id + ".png", Data: []byte(id)},
					synth.ZipEntry{Name: "competition_data/train/masks/" + id + ".png", Data: []byte(id)})
			}
			rows, entries = tc.edit(rows, entries)
			csv := synth.CSV{Header: []string{"id", "rle_mask"}}
			for _, r := range rows {
				csv.Add(r[0], r[1])
			}
			entries = append(entries, synth.ZipEntry{Name: trainCSV, Data: csv.Bytes()})
			if err := synth.WriteZip(filepath.Join(d.Raw, archive), entries); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(d.Raw, "depths.csv"), []byte("id,z\n"), 0o644)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}
