package comptest

import (
	"archive/zip"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// GradeCase is one entry of a testdata cases.json written by a
// reference_grade.py: the outcome the original gives ("valid", "invalid" for
// InvalidSubmissionError, "error" for any other exception) and, for valid
// ones, the unrounded score.
type GradeCase struct {
	Outcome string   `json:"outcome"`
	Score   *float64 `json:"score"`
}

// RunGradeCases grades dir/<case>.csv against dir/answers.csv for every
// case of dir/cases.json, reading both as the harness does.
func RunGradeCases(t *testing.T, impl *competition.Impl, dir string, kind competition.ScoreKind) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases map[string]GradeCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	answers, err := grade.LoadAnswers(impl, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".csv")
			sub, err := grade.ReadSubmissionFor(impl, path)
			if err != nil {
				t.Fatalf("reading submission: %v", err)
			}
			checkOutcome(t, func() (competition.Score, error) { return SafeGrade(impl, sub, answers) }, want, kind)
			if impl.SubmissionColumns != nil {
				// The whole file, as read without the declaration.
				whole := *impl
				whole.SubmissionColumns = nil
				sub, err := grade.ReadSubmissionFor(&whole, path)
				if err != nil {
					t.Fatalf("reading the whole submission: %v", err)
				}
				checkOutcome(t, func() (competition.Score, error) { return SafeGrade(impl, sub, answers) }, want, kind)
			}
			if impl.OpenSubmission != nil {
				// The competition's own reading, when it takes the file.
				opened, err := grade.OpenSubmission(impl, path)
				if err != nil {
					t.Fatalf("opening submission: %v", err)
				}
				defer opened.Close()
				checkOutcome(t, func() (competition.Score, error) { return SafeGradeOpened(opened, answers) }, want, kind)
			}
		})
	}
}

// checkOutcome grades with gradeFn and compares with want.
func checkOutcome(t *testing.T, gradeFn func() (competition.Score, error), want GradeCase, kind competition.ScoreKind) {
	t.Helper()
	s, err := gradeFn()
	switch want.Outcome {
	case "valid":
		if err != nil {
			t.Fatalf("grade error %v, want a score", err)
		}
		if s.Kind != kind {
			t.Errorf("score kind %v, want %v", s.Kind, kind)
		}
		if want.Score != nil && !Close(s.Value, *want.Score) {
			t.Errorf("score %.17g, want %.17g", s.Value, *want.Score)
		}
		if want.Score != nil {
			r := grade.Round5(s)
			if w := grade.Round5(competition.Score{Value: *want.Score, Kind: kind}); r != w {
				t.Errorf("rounded score %v, want %v", r, w)
			}
		}
	case "invalid":
		if !errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("got (%v, %v), want an invalid submission", s, err)
		}
	case "error":
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("got (%v, %v), want an error that is not an invalid submission", s, err)
		}
	default:
		t.Fatalf("unknown outcome %q", want.Outcome)
	}
}

// SafeGrade grades and turns a panic into an error that fails the test.
func SafeGrade(impl *competition.Impl, sub, answers *table.Table) (s competition.Score, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	return impl.Grade(sub, answers)
}

// SafeGradeOpened is SafeGrade for a submission read by grade.OpenSubmission.
func SafeGradeOpened(sub *grade.Submission, answers *table.Table) (s competition.Score, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	return sub.Grade(answers)
}

// TableOrEmpty parses CSV text as the harness reads a submission.
func TableOrEmpty(t testing.TB, text string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(text), table.ReadOptions{})
	if errors.Is(err, table.ErrEmpty) {
		return table.MustNew()
	}
	if err != nil {
		t.Fatalf("parsing test CSV: %v\n%s", err, text)
	}
	return tb
}

// MalformedTexts derives malformed submissions from a valid one (its CSV
// text): dropped, renamed and duplicated columns, truncated and duplicated
// rows, NaN, text, huge and negative values, swapped cells. Deterministic for
// a seed.
func MalformedTexts(valid string, seed uint64, count int) []string {
	r := rand.New(rand.NewPCG(seed, 99))
	lines := strings.Split(strings.TrimSuffix(valid, "\n"), "\n")
	junk := []string{"", "nan", "NaN", "abc", "1e308", "-1e308", "inf", "-1", "2", "0.5", "True", "\"a,b\"", "9999999999999999999999", "1_0", "0x10"}
	out := []string{"", "\n", lines[0] + "\n", "a,b\n1,2\n"}
	for len(out) < count {
		ls := append([]string(nil), lines...)
		for k := 1 + r.IntN(3); k > 0; k-- {
			i := r.IntN(len(ls))
			cells := strings.Split(ls[i], ",")
			switch r.IntN(8) {
			case 0: // drop a row
				if len(ls) > 1 {
					ls = append(ls[:i], ls[i+1:]...)
				}
			case 1: // duplicate a row
				ls = append(ls, ls[i])
			case 2: // replace a cell
				cells[r.IntN(len(cells))] = junk[r.IntN(len(junk))]
				ls[i] = strings.Join(cells, ",")
			case 3: // drop a column everywhere
				j := r.IntN(len(cells))
				for m := range ls {
					c := strings.Split(ls[m], ",")
					if j < len(c) {
						c = append(c[:j], c[j+1:]...)
					}
					ls[m] = strings.Join(c, ",")
				}
			case 4: // add a column
				for m := range ls {
					ls[m] += "," + junk[r.IntN(len(junk))]
				}
			case 5: // rename a header cell
				h := strings.Split(ls[0], ",")
				h[r.IntN(len(h))] = junk[r.IntN(len(junk))]
				ls[0] = strings.Join(h, ",")
			case 6: // swap two cells of a row
				if len(cells) > 1 {
					a, b := r.IntN(len(cells)), r.IntN(len(cells))
					cells[a], cells[b] = cells[b], cells[a]
					ls[i] = strings.Join(cells, ",")
				}
			case 7: // copy a cell from another row
				o := strings.Split(ls[r.IntN(len(ls))], ",")
				j := r.IntN(len(cells))
				if j < len(o) {
					cells[j] = o[j]
				}
				ls[i] = strings.Join(cells, ",")
			}
		}
		out = append(out, strings.Join(ls, "\n")+"\n")
	}
	return out
}

// FuzzNoPanic grades malformed variants of valid: none may panic, and a
// score must be finite or NaN with the competition's kind.
func FuzzNoPanic(t *testing.T, impl *competition.Impl, answers *table.Table, valid string, kind competition.ScoreKind) {
	t.Helper()
	for i, text := range MalformedTexts(valid, 1, 300) {
		sub, err := table.ReadBytes([]byte(text), table.ReadOptions{})
		if errors.Is(err, table.ErrEmpty) {
			sub, err = table.MustNew(), nil
		}
		if err != nil {
			continue // the harness fails to read it; the grader never sees it
		}
		s, err := SafeGrade(impl, sub, answers)
		if err != nil {
			if strings.HasPrefix(err.Error(), "PANIC") {
				t.Fatalf("case %d panicked: %v\n%s", i, err, text)
			}
			continue
		}
		if s.Kind != kind {
			t.Errorf("case %d: score kind %v, want %v", i, s.Kind, kind)
		}
	}
}

// CheckGoldenMembers compares prepared files with a golden JSON written
// by a reference script: "private/x.csv" keys are whole files, keys
// "public/a.zip:member" are the uncompressed bytes of one zip member (zip
// files themselves hold timestamps and are not compared). Every regular file
// under public/ and private/ must be covered by a key. It returns the zip
// members seen, keyed "public/a.zip:member", with their compression method.
func CheckGoldenMembers(t *testing.T, preparedDir, goldenPath string) map[string]uint16 {
	t.Helper()
	b, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	sums, err := competitiontest.TreeMD5(preparedDir)
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]uint16{}
	got := map[string]string{}
	for p, s := range sums {
		if strings.HasSuffix(p, "description.md") {
			continue
		}
		if !strings.HasSuffix(p, ".zip") {
			got[p] = s
			continue
		}
		zr, err := zip.OpenReader(filepath.Join(preparedDir, p))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			sum := md5.Sum(data)
			key := p + ":" + f.Name
			got[key] = hex.EncodeToString(sum[:])
			methods[key] = f.Method
		}
		zr.Close()
	}
	for k, w := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("prepared %s is missing (golden %s)", k, goldenPath)
		} else if g != w {
			t.Errorf("prepared %s: md5 %s, golden %s", k, g, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("prepared %s is not in golden %s", k, goldenPath)
		}
	}
	return methods
}
