package iwildcam_2019_fgvc6

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

// TestConformance runs the suite on the seed-0 fake data and compares the
// prepared tree with reference_prepared.json, which reference_prepare.py
// (pandas + scikit-learn + shutil.make_archive) produced from the same raw
// data: CSV md5s and the md5 of every member of the public zips. The scores
// of testdata/submissions come from reference_grade.py.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	impl := Competition
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &zero, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "Id", "Category")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Id,Category\na,1\nb,2\nc,3\nd,1\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect", "Id,Category\nd,1\nc,3\nb,2\na,1\n", 1},
		// labels {1,2,3}: F1 1 = 2/3 (TP1, FN1), 2 = 1, 3 = 2/3 (TP1, FP1).
		{"one wrong", "Id,Category\na,1\nb,2\nc,3\nd,3\n", (2.0/3 + 1 + 2.0/3) / 3},
		// a predicted label absent from the truth adds a zero to the mean.
		{"extra label", "Id,Category\na,1\nb,2\nc,3\nd,9\n", (2.0/3 + 1 + 1 + 0) / 4},
		{"floats truncated", "Id,Category\na,1.9\nb,2.2\nc,3.5\nd,1.0\n", 1},
		{"index column ignored", ",Id,Category\n0,a,1\n1,b,2\n2,c,3\n3,d,1\n", 1},
		{"row count differs", "Id,Category\na,1\n", -1},
		{"no Id column", "id,Category\na,1\nb,2\nc,3\nd,1\n", -1},
		{"no Category column", "Id,category\na,1\nb,2\nc,3\nd,1\n", -1},
		{"ids differ after sorting", "Id,Category\na,1\nb,2\nc,3\ne,1\n", -1},
		{"NaN category: int() raises", "Id,Category\na,1\nb,\nc,3\nd,1\n", -2},
		{"text category: int() raises", "Id,Category\na,1\nb,x\nc,3\nd,1\n", -2},
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
				if err != nil || !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}

// TestPrepareFailures: the original's asserts and missing inputs.
func TestPrepareFailures(t *testing.T) {
	const hdr = "category_id,id,location\n"
	for _, tc := range []struct {
		name, csv string
		images    []string // members of train_images.zip (default: <id>.jpg per row)
		wantErr   string
	}{
		{"one location: the split leaves no train set", hdr + "1,a,5\n2,b,5\n", nil, "train set will be empty"},
		{"no location column", "category_id,id\n1,a\n2,b\n", nil, "location"},
		{"missing image", hdr + "1,a,5\n2,b,6\n3,c,7\n", []string{"a.jpg", "b.jpg"}, "unique ids"},
		{"images in a sub-folder are not counted", hdr + "1,a,5\n2,b,6\n", []string{"a.jpg", "sub/b.jpg"}, "unique ids"},
		{"duplicate id across locations", hdr + "1,a,5\n2,a,6\n", []string{"a.jpg"}, "both train and test"},
		{"id escaping the folder is no image at the root", hdr + "1,../a,5\n2,b,6\n", nil, "unique ids"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(tc.csv), 0o644); err != nil {
				t.Fatal(err)
			}
			imgs := tc.images
			if imgs == nil {
				for _, line := range strings.Split(strings.TrimSpace(tc.csv), "\n")[1:] {
					if f := strings.Split(line, ","); len(f) > 1 {
						imgs = append(imgs, f[1]+".jpg")
					}
				}
			}
			var entries []synth.ZipEntry
			for _, im := range imgs {
				entries = append(entries, synth.ZipEntry{Name: im, Data: []byte(im)})
			}
			if err := synth.WriteZip(filepath.Join(d.Raw, "train_images.zip"), entries); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}
