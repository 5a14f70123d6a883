package vesuvius_challenge_ink_detection

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file must match testdata/golden_md5.json, which reference_prepare.py
// (pandas + PIL) produced from the same raw data; the submissions in
// testdata/submissions must score as reference_grade.py (scikit-learn's
// fbeta_score) says.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: &zero, GoldScore: &one, GoldenMD5: "testdata/golden_md5.json",
	})
	t.Run("reference scores", func(t *testing.T) { comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata") })
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.GoldSubmission, "Id", "Predicted")
	})
}

func newDirs(t *testing.T) competition.Dirs {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPrepareFailures: the original's asserts on fragment 3.
func TestPrepareFailures(t *testing.T) {
	write := func(rel, text string) func(t *testing.T, raw string) {
		return func(t *testing.T, raw string) {
			p := filepath.Join(raw, "train", "3", rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	remove := func(rel string) func(t *testing.T, raw string) {
		return func(t *testing.T, raw string) {
			if err := os.Remove(filepath.Join(raw, "train", "3", rel)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name    string
		edit    func(t *testing.T, raw string)
		wantErr string
	}{
		{"two label rows", write("inklabels_rle.csv", "Id,Predicted\n3,1 2\n4,1 2\n"), "2 rows"},
		{"no ir.png", remove("ir.png"), "ir.png"},
		{"a .tiff slice", write("surface_volume/05.tiff", "x"), "unexpected file type"},
		{"a file without suffix", write("notes", "x"), "unexpected file type"},
		{"no inklabels.png: the count assert", remove("inklabels.png"), "entries"},
		{"a folder of skipped files only", write("extra/ir.png", "x"), "entries"},
		{"fragment 1 missing", func(t *testing.T, raw string) { os.RemoveAll(filepath.Join(raw, "train", "1")) }, "copying"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDirs(t)
			tc.edit(t, d.Raw)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}

func TestSuffix(t *testing.T) {
	for name, want := range map[string]string{"a.png": ".png", "a.b.tif": ".tif", ".png": "", "a": "", "a.": "", "..": ""} {
		if got := suffix(name); got != want {
			t.Errorf("suffix(%q) = %q, want %q", name, got, want)
		}
	}
}
