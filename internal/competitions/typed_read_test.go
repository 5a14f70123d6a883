package competitions

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestTypedReadGradesAlike checks the promise of every grader that sets
// competition.Impl.TypedRead (Grade never reads the text of a numeric
// cell): each submission graded with the files read through the typed path
// (DropNumericText) and through the general path gets the same outcome —
// the same score, bit for bit, or the same error. The submissions are the
// competition's fake-raw sample submission and answers, versions of both
// whose numeric cells are written with other text for the same value
// (trailing zeros, leading zeros: a grader reading the text would see the
// difference), shuffled and short versions, and every CSV of the package's
// testdata graded against the testdata answers next to it (or the fake
// answers). With MLEBENCH_TYPED_AUDIT=1 it checks every competition and only
// logs the ones that are not opted in, to audit candidates.
func TestTypedReadGradesAlike(t *testing.T) {
	audit := os.Getenv("MLEBENCH_TYPED_AUDIT") == "1"
	for _, impl := range All() {
		if !impl.TypedRead && !audit {
			continue
		}
		t.Run(impl.ID, func(t *testing.T) {
			var diffs []string
			report := func(format string, args ...any) {
				diffs = append(diffs, fmt.Sprintf(format, args...))
			}
			checkTypedReadAlike(t, impl, report)
			if len(diffs) == 0 {
				return
			}
			if impl.TypedRead {
				for _, d := range diffs {
					t.Error(d)
				}
				return
			}
			t.Logf("not opted in; would differ (%d): %s", len(diffs), strings.Join(diffs[:min(3, len(diffs))], "; "))
		})
	}
}

func checkTypedReadAlike(t *testing.T, impl *competition.Impl, report func(string, ...any)) {
	var answers string
	if impl.FakeRaw != nil {
		data := preparedData(t)
		if err := preparedErr(impl.ID); err != nil {
			t.Fatal(err)
		}
		info, _ := factFor(impl.ID)
		p := info.PathsIn(data)
		answers = p.Answers
		work := t.TempDir()
		subs := []string{p.SampleSubmission, p.GoldSubmission}
		for _, s := range []string{p.SampleSubmission, p.GoldSubmission} {
			subs = append(subs, perturbed(t, s, work)...)
		}
		for _, s := range subs {
			compareTypedRead(t, impl, s, answers, report)
		}
	}
	dir := filepath.Join(packageDir(impl.ID), "testdata")
	if _, err := os.Stat(dir); err != nil {
		return
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".csv") || strings.HasPrefix(d.Name(), "answers") {
			return nil
		}
		if st, err := d.Info(); err != nil || st.Size() > 1<<20 {
			return nil
		}
		ans := answers
		for _, cand := range []string{filepath.Join(filepath.Dir(path), "answers.csv"), filepath.Join(filepath.Dir(filepath.Dir(path)), "answers.csv")} {
			if _, err := os.Stat(cand); err == nil {
				ans = cand
				break
			}
		}
		if ans != "" {
			compareTypedRead(t, impl, path, ans, report)
		}
		return nil
	})
}

// packageDir is the directory of a competition's package, named after its
// id.
func packageDir(id string) string {
	name := strings.ReplaceAll(id, "-", "_")
	if strings.HasPrefix(name, "3d_") {
		name = "three_d_" + name[3:]
	}
	return name
}

// compareTypedRead grades sub against ans with files read both ways.
func compareTypedRead(t *testing.T, impl *competition.Impl, sub, ans string, report func(string, ...any)) {
	t.Helper()
	typed, general := *impl, *impl
	typed.TypedRead, general.TypedRead = true, false
	a, b := gradeFiles(&typed, sub, ans), gradeFiles(&general, sub, ans)
	if a != b {
		report("%s vs %s: typed read gives %s, general read %s", filepath.Base(sub), filepath.Base(ans), a, b)
	}
}

// gradeFiles reads and grades as the harness does and describes the
// outcome: the score's bits and kind, or the error class and text.
func gradeFiles(impl *competition.Impl, sub, ans string) string {
	a, err := grade.LoadAnswers(impl, ans)
	if err != nil {
		return "answers error: " + err.Error()
	}
	s, err := grade.ReadSubmissionFor(impl, sub)
	if err != nil {
		return "submission error: " + err.Error()
	}
	score, err := comptest.SafeGrade(impl, s, a)
	switch {
	case errors.Is(err, competition.ErrInvalidSubmission):
		return "invalid: " + err.Error()
	case err != nil:
		return "error: " + err.Error()
	case math.IsNaN(score.Value):
		return fmt.Sprintf("score NaN kind %d", score.Kind)
	}
	return fmt.Sprintf("score %x (%.17g) kind %d", math.Float64bits(score.Value), score.Value, score.Kind)
}

var (
	plainDecimal = regexp.MustCompile(`^-?[0-9]+\.[0-9]+$`)
	plainInteger = regexp.MustCompile(`^-?[0-9]+$`)
)

// perturbed writes versions of the CSV file path into dir: numeric cells
// with other text for the same value, rows in reverse order, and the
// last row dropped. It writes none when the file is not plain CSV.
func perturbed(t *testing.T, path, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) > 8<<20 {
		return nil
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil || len(recs) < 2 {
		return nil
	}
	base := strings.TrimSuffix(filepath.Base(path), ".csv")
	var out []string
	write := func(name string, rows [][]string) {
		p := filepath.Join(dir, base+"_"+name+".csv")
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.WriteAll(rows); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	retext := [][]string{recs[0]}
	for _, rec := range recs[1:] {
		rec = slices.Clone(rec)
		for j, c := range rec {
			switch {
			case plainDecimal.MatchString(c):
				rec[j] = c + "00"
			case plainInteger.MatchString(c) && len(c) < 17:
				if strings.HasPrefix(c, "-") {
					rec[j] = "-0" + c[1:]
				} else {
					rec[j] = "0" + c
				}
			}
		}
		retext = append(retext, rec)
	}
	write("retext", retext)
	rev := [][]string{recs[0]}
	for i := len(recs) - 1; i >= 1; i-- {
		rev = append(rev, recs[i])
	}
	write("reversed", rev)
	write("short", recs[:len(recs)-1])
	return out
}

// TestTypedReadComparisonDetectsText checks that the comparison above
// fails for a grader that reads the text of numeric cells: its score is
// the length of the first submission column's text, which the typed read
// does not keep, and the retext version changes that text.
func TestTypedReadComparisonDetectsText(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub.csv")
	ans := filepath.Join(dir, "answers.csv")
	for p, text := range map[string]string{sub: "id,target\n1,0.5\n2,0.25\n", ans: "id,target\n1,1\n2,0\n"} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	impl := &competition.Impl{ID: "reads-text", Grade: func(s, a *table.Table) (competition.Score, error) {
		c, _ := s.Col("target")
		return competition.Float(float64(len(c.Text))), nil
	}}
	var diffs []string
	for _, p := range append([]string{sub}, perturbed(t, sub, dir)...) {
		compareTypedRead(t, impl, p, ans, func(f string, a ...any) { diffs = append(diffs, fmt.Sprintf(f, a...)) })
	}
	if len(diffs) == 0 {
		t.Fatal("a grader reading numeric cells' text was not caught")
	}
}
