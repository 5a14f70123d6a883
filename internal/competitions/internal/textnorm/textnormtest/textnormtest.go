package textnormtest

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
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

// Conformance runs the shared suite on the seed-0 fake data
// and compares the private files and the public zips' members with the
// golden MD5s of the calling package's testdata/reference_prepare.py (pandas), run once on
// the same fake raw data.
func Conformance(t *testing.T, impl *competition.Impl, lang string) {
	id := impl.ID
	p := competitiontest.Run(t, impl, competitiontest.Options{GoldScore: comptest.Ptr(1)})
	methods := comptest.CheckGoldenMembers(t, filepath.Join(p.DataDir, id, "prepared"), filepath.Join("testdata", "golden_md5.json"))
	if len(methods) != 3 {
		t.Errorf("public zips hold %d members, want 3", len(methods))
	}
	for k, m := range methods {
		if m != zip.Store {
			t.Errorf("%s: compression method %d, want ZIP_STORED", k, m)
		}
	}
	entries, err := os.ReadDir(p.Paths.Public)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := fmt.Sprintf("%[1]s_sample_submission_2.csv.zip,%[1]s_test_2.csv.zip,%[1]s_train.csv.zip", lang)
	if strings.Join(names, ",") != want {
		t.Errorf("public holds %v, want %s", names, want)
	}
}

// PrepareErrors: missing or broken zips, wrong columns, one
// sentence only.
func PrepareErrors(t *testing.T, impl *competition.Impl, lang string) {
	train := lang + "_train.csv"
	for _, tc := range []struct {
		name  string
		setup func(dir string) error
		want  string
	}{
		{"missing_test_zip", func(dir string) error { return os.Remove(filepath.Join(dir, lang+"_test_2.csv.zip")) }, "test_2.csv.zip"},
		{"broken_sample_zip", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, lang+"_sample_submission_2.csv.zip"), []byte("not a zip"), 0o644)
		}, "sample_submission_2.csv.zip"},
		{"wrong_columns", func(dir string) error {
			return writeZip(dir, train, "sentence_id,token_id,before,after,class\n0,0,\"a\",\"b\",\"c\"\n")
		}, "want exactly"},
		{"one_sentence", func(dir string) error {
			return writeZip(dir, train, "sentence_id,token_id,class,before,after\n4,0,\"PLAIN\",\"a\",\"a\"\n4,1,\"PLAIN\",\"b\",\"b\"\n")
		}, "train set will be empty"},
		{"member_in_folder", func(dir string) error {
			return writeZip(dir, "x/"+train, "sentence_id,token_id,class,before,after\n")
		}, "no member"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			if err := impl.FakeRaw(d.Raw, competition.FakeOptions{Seed: 1, Rows: 5}); err != nil {
				t.Fatal(err)
			}
			if err := tc.setup(d.Raw); err != nil {
				t.Fatal(err)
			}
			err := impl.Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// writeZip replaces <member's base>.zip in dir with a zip holding
// member.
func writeZip(dir, member, content string) error {
	zipName := filepath.Base(member) + ".zip"
	return zipfile.WriteMembers(filepath.Join(dir, zipName), []zipfile.Member{{Name: member, Method: zip.Deflate, Write: func(w io.Writer) error {
		_, err := io.WriteString(w, content)
		return err
	}}})
}

// Grade grades the calling package's testdata/grade (outcomes and scores from
// reference_grade.py) and fuzzes the grader with malformed submissions.
func Grade(t *testing.T, impl *competition.Impl) {
	dir := filepath.Join("testdata", "grade")
	comptest.RunGradeCases(t, impl, dir, competition.PyFloat)
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

// Blocks checks pandas' per-block (low_memory) dtype
// inference end to end: in a 2-column file blocks have 262,144 rows. The
// answers hold "5" everywhere but a word in each block (so they stay
// text). The submission's first block is numbers with one empty cell, so
// it is float64 and prints "5.0"/"nan": no match; its second block holds a
// word, so it stays text and all 6 rows match.
func Blocks(t *testing.T, impl *competition.Impl) {
	if testing.Short() {
		t.Skip("262,150-row files")
	}
	const n = 262_144 + 6
	var ans, sub strings.Builder
	ans.WriteString("\"id\",\"after\"\n")
	sub.WriteString("id,after\n")
	for i := 0; i < n; i++ {
		a := "5"
		if i == 0 || i == 262_144 {
			a = "word"
		}
		fmt.Fprintf(&ans, "\"%d_0\",\"%s\"\n", i, a)
		s := "5"
		switch i {
		case 1:
			s = ""
		case 262_144:
			s = "word"
		}
		fmt.Fprintf(&sub, "%d_0,%s\n", i, s)
	}
	score, err := impl.Grade(comptest.TableOrEmpty(t, sub.String()), comptest.TableOrEmpty(t, ans.String()))
	if err != nil {
		t.Fatal(err)
	}
	if want := 6.0 / n; score.Value != want || score.Kind != competition.PyFloat {
		t.Errorf("score %v (kind %v), want %v", score.Value, score.Kind, want)
	}
}
