package aerial_cactus_identification

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
)

const testdataDir = "testdata"

// TestConformance runs the suite on the seed-0 fake data and compares
// the prepared tree with reference_prepared.json, which reference_prepare.py
// (pandas + scikit-learn + zipfile) produced from the same raw data: CSV md5s
// and the md5 of every member of the public zips. The sample submission
// (constant 0.5) scores exactly 0.5, as upstream's test expects.
func TestConformance(t *testing.T) {
	half, one := 0.5, 1.0
	impl := Competition
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &half, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "has_cactus")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,has_cactus\na.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,0\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect", "id,has_cactus\nd.jpg,0.1\nc.jpg,0.9\nb.jpg,0.2\na.jpg,0.8\n", 1},
		{"one swapped pair", "id,has_cactus\na.jpg,0.8\nb.jpg,0.85\nc.jpg,0.9\nd.jpg,0.1\n", 0.75},
		{"a tie counts half", "id,has_cactus\na.jpg,0.5\nb.jpg,0.5\nc.jpg,0.9\nd.jpg,0.1\n", 0.875},
		{"no id column", "ID,has_cactus\na.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,0\n", -1},
		{"no has_cactus column", "id,cactus\na.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,0\n", -1},
		{"row count differs", "id,has_cactus\na.jpg,1\n", -1},
		{"to_numeric fails", "id,has_cactus\na.jpg,yes\nb.jpg,0\nc.jpg,1\nd.jpg,0\n", -1},
		{"min below 0", "id,has_cactus\na.jpg,1\nb.jpg,-1\nc.jpg,1\nd.jpg,0\n", -1},
		{"max above 1", "id,has_cactus\na.jpg,1\nb.jpg,0\nc.jpg,2\nd.jpg,0\n", -1},
		{"ids differ after sorting", "id,has_cactus\na.jpg,1\nb.jpg,0\nc.jpg,1\ne.jpg,0\n", -1},
		{"NaN passes the range check, sklearn raises", "id,has_cactus\na.jpg,1\nb.jpg,\nc.jpg,1\nd.jpg,0\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch tc.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil || s.Value != tc.want || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
	// Single-class answers: sklearn 1.5 raises.
	one := comptest.Table(t, "id,has_cactus\na.jpg,1\nb.jpg,1\n")
	if _, err := Grade(comptest.Table(t, "id,has_cactus\na.jpg,1\nb.jpg,0\n"), one); err == nil {
		t.Error("single-class answers: want an error")
	}
}

// TestPrepareFailures: the original's asserts and missing inputs.
func TestPrepareFailures(t *testing.T) {
	for _, tc := range []struct {
		name, csv string
		images    []string // members under train/ (default: every id)
		wantErr   string
	}{
		{"two rows: train not longer than test", "id,has_cactus\na.jpg,1\nb.jpg,0\n", nil, "larger than test"},
		{"no has_cactus column", "id,x\na.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,1\n", nil, "columns"},
		{"missing image", "id,has_cactus\na.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,1\n", []string{"a.jpg", "b.jpg", "c.jpg"}, "d.jpg"},
		{"duplicate id", "id,has_cactus\na.jpg,1\na.jpg,0\nc.jpg,1\nd.jpg,1\ne.jpg,1\n", nil, "a.jpg"},
		{"id escaping the folder", "id,has_cactus\n../a.jpg,1\nb.jpg,0\nc.jpg,1\nd.jpg,1\ne.jpg,1\nf.jpg,1\n", nil, "plain file name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(tc.csv), 0o644)
			imgs := tc.images
			if imgs == nil {
				for _, line := range strings.Split(strings.TrimSpace(tc.csv), "\n")[1:] {
					imgs = append(imgs, strings.Split(line, ",")[0])
				}
			}
			var entries []synth.ZipEntry
			for _, im := range imgs {
				entries = append(entries, synth.ZipEntry{Name: "train/" + im, Data: []byte(im)})
			}
			if err := synth.WriteZip(filepath.Join(d.Raw, "train.zip"), entries); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}
