package uw_madison_gi_tract_image_segmentation

import (
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
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (scans included) must match testdata/golden_md5.json, which
// reference_prepare.py (pandas + scikit-learn + shutil) produced from the
// same raw data.
func TestConformance(t *testing.T) {
	one := 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldScore: &one, GoldenMD5: "testdata/golden_md5.json",
	})
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) { checkMalformed(t, p.Paths.Answers) })
}

// checkMalformed: broken submissions never panic; the structural ones never
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
	for _, tc := range []struct {
		name     string
		sub      *table.Table
		mayScore bool
	}{
		{"no columns", table.Empty(), false},
		{"ids as numbers", withCol(table.Floats("id", nums)), false},
		{"predictions as numbers", withCol(table.Floats("predicted", nums)), false},
		{"predictions as bools", withCol(table.Bools("predicted", make([]bool, n))), false},
		{"no rows: every term NaN", answers.Take(nil), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := grade.Call(Competition, tc.sub, answers)
			if out.Err != nil && strings.Contains(out.Err.Error(), "panic") {
				t.Fatalf("panic: %v", out.Err)
			}
			if !tc.mayScore && out.Score != nil {
				t.Fatalf("score %v, want null", *out.Score)
			}
		})
	}
}

// TestNoRowsIsNaN: an empty submission leaves both terms NaN, a NaN score
// rather than a null one.
func TestNoRowsIsNaN(t *testing.T) {
	ans, err := table.ReadBytes([]byte("id,class,predicted,image_width,image_height\ncase1_day1_slice_0001,stomach,1 2,4.0,3.0\n"), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := table.ReadBytes([]byte("id,class,predicted\n"), table.ReadOptions{})
	s, err := Grade(sub, ans)
	if err != nil || !math.IsNaN(s.Value) {
		t.Fatalf("score %v err %v, want NaN", s.Value, err)
	}
}

// TestHausdorff: the branches of hausdorff_distance on hand-checked volumes
// (the exact arithmetic is checked against scipy by the reference scores).
func TestHausdorff(t *testing.T) {
	vol := func(h, w int, slices ...[]int) volume {
		v := volume{h: int64(h), w: int64(w)}
		for _, px := range slices {
			v.slices = append(v.slices, rle.FromPixels(h, w, func(r, c int) bool {
				return slicesContains(px, c*h+r)
			}))
		}
		return v
	}
	empty := vol(4, 5, nil, nil)
	a := vol(4, 5, []int{0}, nil)
	b := vol(4, 5, nil, []int{19}) // slice 1, row 3, column 4
	for _, tc := range []struct {
		name string
		p, t volume
		want float64
	}{
		{"both empty", empty, empty, math.NaN()},
		{"equal", a, a, 0},
		{"prediction empty", empty, a, 1},
		{"truth empty", a, empty, 1},
		{"far corners", a, b, math.Sqrt(0.5*0.5+0.75*0.75+0.8*0.8) / math.Sqrt(3)},
		{"more than 10x the truth", vol(4, 5, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}), vol(4, 5, []int{12}), 1},
	} {
		got := hausdorff(tc.p, tc.t)
		if !(math.Abs(got-tc.want) < 1e-15 || math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func slicesContains(s []int, v int) bool { return slices.Contains(s, v) }

// BenchmarkHausdorff: a real-sized case-day (144 slices of 266×266) whose
// prediction is the truth shifted by two rows.
func BenchmarkHausdorff(b *testing.B) {
	mk := func(shift int) volume {
		v := volume{h: 266, w: 266}
		for s := range 144 {
			v.slices = append(v.slices, rle.FromPixels(266, 266, func(r, c int) bool {
				r -= shift
				return s > 30 && s < 110 && (r-120)*(r-120)+(c-140)*(c-140) < 40*40
			}))
		}
		return v
	}
	p, tr := mk(2), mk(0)
	b.ResetTimer()
	for range b.N {
		hausdorff(p, tr)
	}
}

// TestPrepareFailures: the original's asserts on scans and folders.
func TestPrepareFailures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(t *testing.T, raw string)
		wantErr string
	}{
		{"a test slice without scan", func(t *testing.T, raw string) {
			removeMatching(t, raw, "case106", "slice_")
		}, "Expected 1 image, found 0"},
		{"a case folder missing", func(t *testing.T, raw string) {
			if err := os.RemoveAll(filepath.Join(raw, "train", "case13")); err != nil {
				t.Fatal(err)
			}
		}, "case13"},
		{"an extra raw column", func(t *testing.T, raw string) {
			b, _ := os.ReadFile(filepath.Join(raw, "train.csv"))
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			for i := range lines {
				lines[i] += ",x"
			}
			os.WriteFile(filepath.Join(raw, "train.csv"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
		}, "should have 2 columns"},
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
			err := Prepare(t.Context(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}

// removeMatching deletes the first scan of the case's first day folder.
func removeMatching(t *testing.T, raw, caseID, prefix string) {
	days, err := os.ReadDir(filepath.Join(raw, "train", caseID))
	if err != nil || len(days) == 0 {
		t.Fatalf("case %s: %v", caseID, err)
	}
	scans := filepath.Join(raw, "train", caseID, days[0].Name(), "scans")
	files, _ := os.ReadDir(scans)
	for _, f := range files {
		if strings.HasPrefix(f.Name(), prefix) {
			os.Remove(filepath.Join(scans, f.Name()))
			return
		}
	}
	t.Fatal("no scan to remove")
}
