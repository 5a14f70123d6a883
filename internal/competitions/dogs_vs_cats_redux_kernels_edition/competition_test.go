package dogs_vs_cats_redux_kernels_edition

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

const testdataDir = "testdata"

// TestConformance: suite + CSVs, every renamed image and the public
// zips' members vs reference_prepare.py on the seed-0 fake data; scores vs
// scikit-learn 1.5's binary log_loss written out in numpy. The 0.5 sample
// scores ln 2.
func TestConformance(t *testing.T) {
	impl := Competition
	ln2 := math.Round(math.Ln2*1e5) / 1e5
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &ln2})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", "label")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,label\n1,1\n2,0\n3,1\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"log loss, rows in any order", "label,id\n0.25,2\n0.9,1\n0.6,3\n", (-math.Log(0.9) - math.Log(0.75) - math.Log(0.6)) / 3},
		{"p = 0 on a positive: -ln(eps)", "id,label\n1,0\n2,0\n3,1\n", -math.Log(2.220446049250313e-16) / 3},
		{"float ids equal the integers", "id,label\n1.0,0.5\n2.0,0.5\n3.0,0.5\n", math.Ln2},
		{"2. no id", "ID,label\n1,0.5\n2,0.5\n3,0.5\n", -1},
		{"3. no label", "id,p\n1,0.5\n2,0.5\n3,0.5\n", -1},
		{"4. id sets differ", "id,label\n1,0.5\n2,0.5\n4,0.5\n", -1},
		{"5. same id set, more rows", "id,label\n1,0.5\n2,0.5\n3,0.5\n3,0.5\n", -1},
		{"6. label above 1", "id,label\n1,1.01\n2,0.5\n3,0.5\n", -1},
		{"6. NaN label", "id,label\n1,\n2,0.5\n3,0.5\n", -1},
		{"6. text label: TypeError", "id,label\n1,dog\n2,0.5\n3,0.5\n", -2},
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
				if err != nil || math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v err %v, want %v (Python float)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}

// TestPrepareTestZip: raw/test.zip must create raw/test/.
func TestPrepareTestZip(t *testing.T) {
	for _, tc := range []struct {
		name    string
		members []synth.ZipEntry
		wantErr bool
	}{
		{"a test/ directory entry is enough", []synth.ZipEntry{{Name: "test/"}}, false},
		{"members elsewhere only", []synth.ZipEntry{{Name: "other/1.jpg", Data: []byte("x")}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 6}); err != nil {
				t.Fatal(err)
			}
			if err := synth.WriteZip(filepath.Join(d.Raw, "test.zip"), tc.members); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if (err != nil) != tc.wantErr || (err != nil && !strings.Contains(err.Error(), "raw/test/")) {
				t.Fatalf("err = %v, want error: %v", err, tc.wantErr)
			}
		})
	}
}

// TestMixedLabels: a label column that pandas reads as an object
// column of several Python types (low_memory blocks, table.Column.Mixed)
// compares with 0 and 1 when it holds only numbers, and raises TypeError
// when a block is text.
func TestMixedLabels(t *testing.T) {
	ans := comptest.Table(t, "id,label\n1,1\n2,0\n3,1\n")
	ids := table.Ints("id", []int64{2, 1, 3})
	s, err := Grade(table.MustNew(ids, comptest.MixedColumn("label", 0, true, 0.5)), ans)
	if want := -math.Log(0.5) / 3; err != nil || math.Abs(s.Value-want) > 1e-15 {
		t.Fatalf("numbers: score %v (%v), want %v", s.Value, err, want)
	}
	_, err = Grade(table.MustNew(ids, comptest.MixedColumn("label", 0, "dog", 0.5)), ans)
	if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Fatalf("text block: err = %v, want a plain error (TypeError)", err)
	}
}
