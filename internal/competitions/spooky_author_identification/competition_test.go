package spooky_author_identification

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/grade"
)

const testID = "spooky-author-identification"

var testdata = filepath.Join("testdata")

// TestConformance runs the shared suite on the seed-0 fake raw data;
// golden MD5s come from testdata/.../reference_prepare.py (pandas +
// scikit-learn), run once on the same fake raw data. The gold submission is
// the one-hot answers: log loss = -log(1-eps) ≈ 2.2e-16, rounded 0.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5: filepath.Join(testdata, "golden_md5.json"),
		GoldScore: comptest.Ptr(0),
	})
	// Spot checks of the quirks on the prepared files.
	train, err := os.ReadFile(filepath.Join(p.Paths.Public, "train.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(train), "id,text,author\n") || strings.Contains(string(train), `"id"`) {
		t.Errorf("public train.csv must be re-quoted minimally, starts %q", train[:40])
	}
	sample, err := os.ReadFile(p.Paths.SampleSubmission)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sample), ",0.403493538995863,0.287808366106543,0.308698094897594\n") {
		t.Errorf("sample submission constants not printed as given:\n%s", sample[:120])
	}
}

// TestGrade grades the cases of testdata/.../grade (written by
// reference_grade.py with numpy's log loss of scikit-learn 1.5 semantics).
func TestGrade(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join(testdata, "grade"), competition.PyFloat)
}

// TestGradeTolerance pins the isclose bound |sum-1| <= 1e-6 + 1e-5.
func TestGradeTolerance(t *testing.T) {
	impl := Competition
	ans := comptest.TableOrEmpty(t, "id,EAP,HPL,MWS\nid1,1,0,0\nid2,0,0,1\n")
	for _, tc := range []struct {
		name, eap string
		valid     bool
	}{
		{"exact", "0.5", true},
		{"plus_1.09e-5", "0.5000109", true},
		{"minus_1.09e-5", "0.4999891", true},
		{"plus_1.11e-5", "0.5000111", false},
		{"minus_1.11e-5", "0.4999889", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := comptest.TableOrEmpty(t, "id,EAP,HPL,MWS\nid1,"+tc.eap+",0.25,0.25\nid2,0.25,0.25,0.5\n")
			_, err := comptest.SafeGrade(impl, sub, ans)
			if tc.valid && err != nil {
				t.Errorf("got %v, want valid", err)
			}
			if !tc.valid && err == nil {
				t.Error("got a score, want invalid")
			}
		})
	}
}

// TestGradeFuzz: malformed submissions never panic.
func TestGradeFuzz(t *testing.T) {
	impl := Competition
	dir := filepath.Join(testdata, "grade")
	answers, err := grade.LoadAnswers(impl, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(filepath.Join(dir, "random_shuffled.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, impl, answers, string(valid), competition.PyFloat)
}

// TestFakeRaw: the fake download has the Kaggle layout and quotes
// every field of train.csv, header included.
func TestFakeRaw(t *testing.T) {
	dir := t.TempDir()
	if err := FakeRaw(dir, competition.FakeOptions{Seed: 5, Rows: 30}); err != nil {
		t.Fatal(err)
	}
	data, err := zipfile.ReadMember(filepath.Join(dir, "train.zip"), "train.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 31 || lines[0] != `"id","text","author"` {
		t.Fatalf("train.csv: %d lines, header %q", len(lines), lines[0])
	}
	for _, z := range []string{"test.zip", "sample_submission.zip"} {
		if err := zipfile.Check(filepath.Join(dir, z)); err != nil {
			t.Error(err)
		}
	}
}
