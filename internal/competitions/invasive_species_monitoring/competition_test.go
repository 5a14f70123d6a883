package invasive_species_monitoring

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestConformance runs the suite on the seed-0 fake data. The
// private CSVs must match golden_md5.json and the public zips' members
// reference_prepared.json, both from reference_prepare.py (pandas +
// scikit-learn + shutil.make_archive); the 7z archives must hold only the
// empty absolute-path folder entry of the upstream py7zr defect; scores of
// testdata/<id>/submissions must match reference_grade.py's (roc_auc_score).
func TestConformance(t *testing.T) {
	const id = "invasive-species-monitoring"
	impl := Competition
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:     filepath.Join("testdata", "golden_md5.json"),
		GoldenExclude: []string{"public/"},
		SampleScore:   &half,
		GoldScore:     &one,
	})
	prepared := filepath.Join(p.DataDir, id, "prepared")
	t.Run("public archives", func(t *testing.T) {
		entries, err := os.ReadDir(p.Paths.Public)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if got, want := strings.Join(names, ","), "description.md,sample_submission.csv.zip,test.7z,train.7z,train_labels.csv.zip"; got != want && got != strings.TrimPrefix(want, "description.md,") {
			t.Errorf("public/ holds %s, want %s", got, want)
		}
		for _, folder := range []string{"train", "test"} {
			dst := t.TempDir()
			if err := archive.Extract(context.Background(), filepath.Join(p.Paths.Public, folder+".7z"), dst, archive.Options{}); err != nil {
				t.Fatal(err)
			}
			abs, err := filepath.Abs(filepath.Join(p.Paths.Public, folder))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.TrimLeft(filepath.ToSlash(abs), "/")
			var got []string
			filepath.Walk(dst, func(path string, info os.FileInfo, err error) error {
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(dst, path)
				if rel != "." && !info.IsDir() {
					t.Errorf("%s.7z holds a file %s; the upstream archive holds none", folder, rel)
				}
				if info.IsDir() && rel != "." {
					if e, _ := os.ReadDir(path); len(e) == 0 {
						got = append(got, filepath.ToSlash(rel))
					}
				}
				return nil
			})
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s.7z leaf folders %v, want [%s]", folder, got, want)
			}
		}
		// With the 7z files checked, the rest of the tree must match the
		// reference exactly (files and zip members).
		tmp := t.TempDir()
		for _, f := range []string{"train.7z", "test.7z"} {
			if err := os.Rename(filepath.Join(p.Paths.Public, f), filepath.Join(tmp, f)); err != nil {
				t.Fatal(err)
			}
		}
		comptest.CheckReferencePrepared(t, prepared, filepath.Join("testdata", "reference_prepared.json"))
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "name", "invasive")
	})
}

// TestMissingImage: every labelled name needs raw/train/<name>.jpg.
func TestMissingImage(t *testing.T) {
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw")
	if err := FakeRaw(raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := archive.Extract(context.Background(), filepath.Join(raw, "train.7z"), raw, archive.Options{}); err != nil {
		t.Fatal(err)
	}
	// Re-pack train.7z without image 7.
	var entries []archive.Entry7z
	filepath.Walk(filepath.Join(raw, "train"), func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && info.Name() != "7.jpg" {
			entries = append(entries, archive.Entry7z{Name: "train/" + info.Name(), Path: path})
		}
		return err
	})
	tmp := filepath.Join(dir, "train.7z")
	if err := archive.Write7z(context.Background(), tmp, entries); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(raw, "train"))
	if err := os.Rename(tmp, filepath.Join(raw, "train.7z")); err != nil {
		t.Fatal(err)
	}
	err := Prepare(context.Background(), d)
	if err == nil || !strings.Contains(err.Error(), "7.jpg") {
		t.Fatalf("err = %v, want a missing 7.jpg", err)
	}
}

// TestGrade checks the spec's Grade checks in order and the score
// kind (NumPy float64: binary roc_auc_score) on a hand-computed table.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "name,invasive\n1,1\n2,0\n3,1\n4,0\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		// Pairs (pos, neg): (1,2) (1,4) (3,2) right, (3,4) wrong → 3/4.
		{"shuffled", "name,invasive\n4,0.5\n3,0.4\n2,0.2\n1,0.9\n", 0.75},
		{"tie counts half", "name,invasive\n1,0.9\n2,0.2\n3,0.5\n4,0.5\n", 0.875},
		{"constant", "name,invasive\n1,0.5\n2,0.5\n3,0.5\n4,0.5\n", 0.5},
		{"1. missing name", "id,invasive\n1,0\n2,0\n3,0\n4,0\n", -1},
		{"1. missing invasive", "name,p\n1,0\n2,0\n3,0\n4,0\n", -1},
		{"2. row count", "name,invasive\n1,0\n2,0\n3,0\n", -1},
		{"3. non-numeric", "name,invasive\n1,a\n2,0\n3,0\n4,0\n", -1},
		{"4. above 1", "name,invasive\n1,1.5\n2,0\n3,0\n4,0\n", -1},
		{"4. below 0", "name,invasive\n1,-0.1\n2,0\n3,0\n4,0\n", -1},
		{"5. ids differ", "name,invasive\n1,0\n2,0\n3,0\n5,0\n", -1},
		{"NaN score", "name,invasive\n1,\n2,0\n3,0\n4,0\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil {
					t.Fatalf("score %v, want an error", s.Value)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}
