package comptest

import (
	"archive/zip"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// Table parses CSV text with the harness reader.
func Table(t testing.TB, csv string) *table.Table {
	t.Helper()
	if csv == "" {
		return table.MustNew()
	}
	tb, err := table.ReadBytes([]byte(csv), table.ReadOptions{})
	if err != nil {
		t.Fatalf("parsing test CSV: %v\n%s", err, csv)
	}
	return tb
}

// referenceScore is one entry of a reference_scores.json written by a
// competition's reference_grade.py: the unrounded score, or null with the
// error kind ("invalid" for InvalidSubmissionError, else the Python
// exception name).
type referenceScore struct {
	Score *float64 `json:"score"`
	Error *string  `json:"error"`
}

// CheckReferenceScores grades every submission in dir/submissions
// against answersPath and compares with dir/reference_scores.json: the same
// valid/invalid/error decision and, for valid ones, the score to 1e-9 before
// rounding and exactly after the harness's rounding.
func CheckReferenceScores(t *testing.T, impl *competition.Impl, answersPath, dir string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var refs map[string]referenceScore
	if err := json.Unmarshal(b, &refs); err != nil {
		t.Fatal(err)
	}
	answers, err := grade.LoadAnswers(impl, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) == 0 {
		t.Fatal("no reference scores")
	}
	for _, name := range SortedKeys(refs) {
		ref := refs[name]
		t.Run(name, func(t *testing.T) {
			sub, err := grade.OpenSubmission(impl, filepath.Join(dir, "submissions", name))
			if err != nil {
				t.Fatalf("reading submission: %v", err)
			}
			defer sub.Close()
			out := sub.Call(answers)
			if impl.SubmissionColumns != nil {
				// The whole file, as read without the declaration, grades
				// alike.
				whole := *impl
				whole.SubmissionColumns = nil
				wsub, err := grade.OpenSubmission(&whole, filepath.Join(dir, "submissions", name))
				if err != nil {
					t.Fatalf("reading the whole submission: %v", err)
				}
				defer wsub.Close()
				wout := wsub.Call(answers)
				if (out.Score == nil) != (wout.Score == nil) || (out.Score != nil && *out.Score != *wout.Score) ||
					errors.Is(out.Err, competition.ErrInvalidSubmission) != errors.Is(wout.Err, competition.ErrInvalidSubmission) {
					t.Errorf("kept columns: %v %v; whole file: %v %v", out.Score, out.Err, wout.Score, wout.Err)
				}
			}
			if ref.Score == nil {
				if out.Score != nil {
					t.Fatalf("score %v, want null (%s)", *out.Score, *ref.Error)
				}
				wantInvalid := *ref.Error == "invalid"
				if gotInvalid := errors.Is(out.Err, competition.ErrInvalidSubmission); gotInvalid != wantInvalid {
					t.Errorf("error %v: invalid=%v, reference says %s", out.Err, gotInvalid, *ref.Error)
				}
				return
			}
			if out.Score == nil {
				t.Fatalf("null score (%v), want %v", out.Err, *ref.Score)
			}
			raw, err := sub.Grade(answers)
			if err != nil {
				t.Fatal(err)
			}
			if !Close(raw.Value, *ref.Score) {
				t.Errorf("score %.17g, want %.17g", raw.Value, *ref.Score)
			}
			if want := grade.Round5(competition.Score{Value: *ref.Score, Kind: raw.Kind}); !Close(*out.Score, want) {
				t.Errorf("rounded score %v, want %v", *out.Score, want)
			}
		})
	}
}

func Close(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b || math.Abs(a-b) <= 1e-9
}

func SortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Malformed grades mutations of a valid submission that must never
// panic: every one must come back as an error (invalid or unexpected) or a
// score, and the structural ones (no columns, a missing id or target column,
// a wrong row count, a duplicated id) must be errors.
func Malformed(t *testing.T, impl *competition.Impl, valid, answers *table.Table, id string, targets ...string) {
	t.Helper()
	type mut struct {
		name    string
		sub     *table.Table
		mustErr bool
	}
	var muts []mut
	add := func(name string, sub *table.Table, mustErr bool) { muts = append(muts, mut{name, sub, mustErr}) }
	add("empty", table.MustNew(), true)
	add("no rows", valid.Take(nil), true)
	add("drop id", valid.Drop(id), true)
	for _, tg := range targets {
		add("drop "+tg, valid.Drop(tg), true)
	}
	n := valid.Len()
	if n > 1 {
		add("one row short", valid.Take(Range(n-1)), true)
		dup := Range(n)
		dup[1] = 0
		add("duplicate id", valid.Take(dup), true)
	}
	twice := append(Range(n), Range(n)...)
	add("every row twice", valid.Take(twice), true)
	cellsAll := func(name, text string) {
		for _, tg := range append([]string{id}, targets...) {
			c := make([]string, n)
			for i := range c {
				c[i] = text
			}
			col := table.Strings(tg, c)
			if text == "" {
				col.Null = make([]bool, n)
				for i := range col.Null {
					col.Null[i] = true
				}
			}
			s, err := valid.With(col)
			if err != nil {
				t.Fatal(err)
			}
			add(fmt.Sprintf("%s in %s", name, tg), s, tg == id)
		}
	}
	cellsAll("text", "abc")
	cellsAll("missing", "")
	for _, tg := range targets {
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e308, -1} {
			f := make([]float64, n)
			for i := range f {
				f[i] = 0
			}
			f[0] = v
			s, _ := valid.With(table.Floats(tg, f))
			add(fmt.Sprintf("%v in %s", v, tg), s, false)
		}
		s, _ := valid.With(table.Bools(tg, make([]bool, n)))
		add("bools in "+tg, s, false)
	}
	for _, m := range muts {
		t.Run(m.name, func(t *testing.T) {
			out := grade.Call(impl, m.sub, answers)
			if out.Err != nil && strings.Contains(out.Err.Error(), "panicked") {
				t.Fatalf("grader panicked: %v", out.Err)
			}
			if m.mustErr && out.Score != nil {
				t.Fatalf("score %v, want an error", *out.Score)
			}
			if out.Score == nil && out.Err == nil {
				t.Fatal("null score without an error")
			}
		})
	}
}

func Range(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// referencePrepared is the reference_prepared.json a competition's
// reference_prepare.py prints: md5s of whole files, of the files inside
// directories (for image folders) and of the members of zip archives (whose
// own bytes hold timestamps), all keyed by paths relative to prepared/.
type referencePrepared struct {
	Files map[string]string            `json:"files"`
	Dirs  map[string]map[string]string `json:"dirs"`
	Zips  map[string]map[string]string `json:"zips"`
}

// CheckReferencePrepared compares a prepared/ tree with a
// reference_prepared.json: every regular file must be covered (description.md
// aside) and match.
func CheckReferencePrepared(t *testing.T, preparedDir, jsonPath string) {
	t.Helper()
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var ref referencePrepared
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatalf("%s: %v", jsonPath, err)
	}
	got, err := competitiontest.TreeMD5(preparedDir)
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for p, want := range ref.Files {
		covered[p] = true
		if got[p] != want {
			t.Errorf("%s: md5 %q, reference %s", p, got[p], want)
		}
	}
	for dir, files := range ref.Dirs {
		for name, want := range files {
			p := dir + "/" + name
			covered[p] = true
			if got[p] != want {
				t.Errorf("%s: md5 %q, reference %s", p, got[p], want)
			}
		}
	}
	for p, members := range ref.Zips {
		covered[p] = true
		gotMembers, err := ZipMD5(filepath.Join(preparedDir, filepath.FromSlash(p)))
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for name, want := range members {
			if gotMembers[name] != want {
				t.Errorf("%s member %s: md5 %q, reference %s", p, name, gotMembers[name], want)
			}
		}
		for name := range gotMembers {
			if _, ok := members[name]; !ok {
				t.Errorf("%s has member %s, which the reference lacks", p, name)
			}
		}
	}
	for p := range got {
		if !covered[p] && !strings.HasSuffix(p, "description.md") {
			t.Errorf("prepared file %s is not in the reference", p)
		}
	}
}

func ZipMD5(path string) (map[string]string, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		h := md5.New()
		_, err = io.Copy(h, rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		out[f.Name] = hex.EncodeToString(h.Sum(nil))
	}
	return out, nil
}

// MalformedFromAnswers loads a prepared answers file and runs
// Malformed with the answers' id and target columns as the valid
// submission.
func MalformedFromAnswers(t *testing.T, impl *competition.Impl, answersPath, id string, targets ...string) {
	t.Helper()
	answers, err := grade.LoadAnswers(impl, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	valid, err := answers.Select(append([]string{id}, targets...)...)
	if err != nil {
		t.Fatal(err)
	}
	Malformed(t, impl, valid, answers, id, targets...)
}
