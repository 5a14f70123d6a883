package competitions

import (
	"archive/zip"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Test helpers shared by the competition tests (prefix sharedT).

// sharedTTable parses CSV text with the harness reader.
func sharedTTable(t testing.TB, csv string) *table.Table {
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

// sharedTRef is one entry of a reference_scores.json written by a
// competition's reference_grade.py: the unrounded score, or null with the
// error kind ("invalid" for InvalidSubmissionError, else the Python
// exception name).
type sharedTRef struct {
	Score *float64 `json:"score"`
	Error *string  `json:"error"`
}

// sharedTCheckReferenceScores grades every submission in dir/submissions
// against answersPath and compares with dir/reference_scores.json: the same
// valid/invalid/error decision and, for valid ones, the score to 1e-9 before
// rounding and exactly after the harness's rounding.
func sharedTCheckReferenceScores(t *testing.T, impl *competition.Impl, answersPath, dir string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var refs map[string]sharedTRef
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
	for _, name := range sortedKeys(refs) {
		ref := refs[name]
		t.Run(name, func(t *testing.T) {
			sub, err := grade.ReadSubmission(filepath.Join(dir, "submissions", name))
			if err != nil {
				t.Fatalf("reading submission: %v", err)
			}
			out := grade.Call(impl, sub, answers)
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
			raw, err := impl.Grade(sub, answers)
			if err != nil {
				t.Fatal(err)
			}
			if !sharedTClose(raw.Value, *ref.Score) {
				t.Errorf("score %.17g, want %.17g", raw.Value, *ref.Score)
			}
			if want := grade.Round5(competition.Score{Value: *ref.Score, Kind: raw.Kind}); !sharedTClose(*out.Score, want) {
				t.Errorf("rounded score %v, want %v", *out.Score, want)
			}
		})
	}
}

func sharedTClose(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b || math.Abs(a-b) <= 1e-9
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// sharedTMalformed grades mutations of a valid submission that must never
// panic: every one must come back as an error (invalid or unexpected) or a
// score, and the structural ones (no columns, a missing id or target column,
// a wrong row count, a duplicated id) must be errors.
func sharedTMalformed(t *testing.T, impl *competition.Impl, valid, answers *table.Table, id string, targets ...string) {
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
		add("one row short", valid.Take(sharedTRange(n-1)), true)
		dup := sharedTRange(n)
		dup[1] = 0
		add("duplicate id", valid.Take(dup), true)
	}
	twice := append(sharedTRange(n), sharedTRange(n)...)
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

func sharedTRange(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// --- tests of shared.go ---

func TestSharedSortIndex(t *testing.T) {
	tb := sharedTTable(t, "s,f,i,b\nb,2.5,3,True\n,,1,False\na,-1,2,True\nc,,2,False\n")
	for _, tc := range []struct {
		col  string
		want []int
	}{
		{"s", []int{2, 0, 3, 1}},
		{"f", []int{2, 0, 1, 3}},
		{"i", []int{1, 2, 3, 0}},
		{"b", []int{1, 3, 0, 2}},
	} {
		c, _ := tb.Col(tc.col)
		if got := sharedSortIndex(c); !slices.Equal(got, tc.want) {
			t.Errorf("%s: order %v, want %v", tc.col, got, tc.want)
		}
	}
}

func TestSharedCellsEqual(t *testing.T) {
	tb := sharedTTable(t, "s,i,f,b,n\n1,1,1.0,True,\nx,2,2.5,False,\n")
	col := func(n string) *table.Column { c, _ := tb.Col(n); return c }
	for _, tc := range []struct {
		a, b string
		i    int
		want bool
	}{
		{"i", "f", 0, true}, {"i", "b", 0, true}, {"f", "b", 0, true},
		{"s", "i", 0, false}, // "1" != 1
		{"i", "f", 1, false}, {"s", "s", 1, true}, {"n", "n", 0, false},
		{"b", "b", 1, true},
	} {
		if got := sharedCellsEqual(col(tc.a), tc.i, col(tc.b), tc.i); got != tc.want {
			t.Errorf("%s[%d] == %s[%d]: %v, want %v", tc.a, tc.i, tc.b, tc.i, got, tc.want)
		}
	}
}

func TestSharedPrepareForAccuracy(t *testing.T) {
	ans := sharedTTable(t, "id,y\nb,1\na,0\nc,2\n")
	for _, tc := range []struct {
		name, sub string
		invalid   bool
		want      float64
	}{
		{"aligned by id", "id,y\nc,2\na,0\nb,0\n", false, 2.0 / 3},
		{"float labels", "y,id\n1.0,b\n0.0,a\n2.0,c\n", false, 1},
		{"row count", "id,y\na,0\n", true, 0},
		{"no target", "id,z\na,0\nb,1\nc,2\n", true, 0},
		{"no id", "ID,y\na,0\nb,1\nc,2\n", true, 0},
		{"duplicate id", "id,y\na,0\na,1\nc,2\n", true, 0},
		{"other id", "id,y\na,0\nb,1\nd,2\n", true, 0},
		{"missing id", "id,y\na,0\n,1\nc,2\n", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yTrue, yPred, err := sharedPrepareForAccuracy(sharedTTable(t, tc.sub), ans, "y", "id")
			if tc.invalid {
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := metric.Accuracy(yTrue, yPred)
			if err != nil || got != tc.want {
				t.Fatalf("accuracy %v (%v), want %v", got, err, tc.want)
			}
		})
	}
	if _, _, err := sharedPrepareForAccuracy(ans, sharedTTable(t, "id,z\na,1\n"), "y", "id"); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without the target: err = %v, want a plain error", err)
	}
}

func TestSharedPrepareForAUROC(t *testing.T) {
	ans := sharedTTable(t, "id,y\nb,1\na,0\nc,0\nd,1\n")
	for _, tc := range []struct {
		name, sub string
		err       string // "invalid", "error" or "" (valid)
		auc       float64
	}{
		{"perfect shuffled", "id,y\nd,0.9\nc,0.1\nb,0.8\na,0.2\n", "", 1},
		{"ties", "id,y\na,0.5\nb,0.5\nc,0.5\nd,0.5\n", "", 0.5},
		{"ints", "id,y\na,1\nb,0\nc,1\nd,0\n", "", 0},
		{"bools", "id,y\na,False\nb,True\nc,False\nd,True\n", "", 1},
		{"no id", "x,y\na,1\nb,0\nc,1\nd,0\n", "invalid", 0},
		{"no target", "id,x\na,1\nb,0\nc,1\nd,0\n", "invalid", 0},
		{"row count", "id,y\na,1\n", "invalid", 0},
		{"text", "id,y\na,1\nb,x\nc,1\nd,0\n", "invalid", 0},
		{"above one", "id,y\na,1\nb,1.5\nc,1\nd,0\n", "invalid", 0},
		{"negative", "id,y\na,1\nb,-0.1\nc,1\nd,0\n", "invalid", 0},
		{"inf", "id,y\na,1\nb,inf\nc,1\nd,0\n", "invalid", 0},
		{"ids differ", "id,y\na,1\nb,0\nc,1\ne,0\n", "invalid", 0},
		{"range before ids", "id,y\na,1\nb,2\nc,1\ne,0\n", "invalid", 0},
		{"nan passes range, fails metric", "id,y\na,1\nb,\nc,1\nd,0\n", "error", 0},
		{"all nan", "id,y\na,\nb,\nc,\nd,\n", "error", 0},
		{"bools with missing", "id,y\na,True\nb,\nc,False\nd,True\n", "error", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yTrue, yScore, err := sharedPrepareForAUROC(sharedTTable(t, tc.sub), ans, "id", "y")
			if err == nil {
				var auc float64
				auc, err = metric.ROCAUC(yTrue, yScore)
				if err == nil && tc.err == "" && auc != tc.auc {
					t.Fatalf("auc %v, want %v", auc, tc.auc)
				}
			}
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.err == "invalid" && !errors.Is(err, competition.ErrInvalidSubmission):
				t.Fatalf("err = %v, want invalid", err)
			case tc.err == "error" && (err == nil || errors.Is(err, competition.ErrInvalidSubmission)):
				t.Fatalf("err = %v, want a plain error", err)
			}
		})
	}
}

func TestSharedOneHot(t *testing.T) {
	ids := table.Strings("id", []string{"x", "y", "z"})
	oh, err := sharedOneHot(ids, "id", []string{"b", "a", "b"}, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := oh.WriteCSV(&sb, table.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "id,a,b,c\nx,0,1,0\ny,1,0,0\nz,0,1,0\n"; sb.String() != want {
		t.Errorf("one-hot:\n%s\nwant\n%s", sb.String(), want)
	}
	// An unknown label appends a float column, as pandas' .loc does.
	oh, err = sharedOneHot(ids, "id", []string{"a", "q", "q"}, []string{"a"})
	if err != nil {
		t.Fatal(err)
	}
	sb.Reset()
	oh.WriteCSV(&sb, table.WriteOptions{})
	if want := "id,a,q\nx,1,\ny,0,1.0\nz,0,1.0\n"; sb.String() != want {
		t.Errorf("one-hot with unknown label:\n%s\nwant\n%s", sb.String(), want)
	}
}

func TestSharedOneHotLogLossInputs(t *testing.T) {
	ans := sharedTTable(t, "id,a,b\nq,1,0\np,0,1\n")
	classes, yTrue, yPred, err := sharedOneHotLogLossInputs(sharedTTable(t, "b,extra,id,a\n0.25,x,p,0.75\n0.5,y,q,0.5\n"), ans, "id")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(classes, []string{"a", "b"}) {
		t.Fatalf("classes %v", classes)
	}
	// sorted by id: p then q
	if !slices.Equal(yTrue[0], []float64{0, 1}) || !slices.Equal(yTrue[1], []float64{1, 0}) ||
		!slices.Equal(yPred[0], []float64{0.75, 0.5}) || !slices.Equal(yPred[1], []float64{0.25, 0.5}) {
		t.Fatalf("y_true %v y_pred %v", yTrue, yPred)
	}
	for _, tc := range []struct {
		name, sub string
		invalid   bool
	}{
		{"missing class", "id,a\nq,1\np,0\n", true},
		{"missing id", "ID,a,b\nq,1,0\np,0,1\n", true},
		{"ids differ", "id,a,b\nq,1,0\nr,0,1\n", false},
		{"row count", "id,a,b\nq,1,0\n", false},
		{"text probability", "id,a,b\nq,x,0\np,0,1\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := sharedOneHotLogLossInputs(sharedTTable(t, tc.sub), ans, "id")
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, competition.ErrInvalidSubmission) != tc.invalid {
				t.Fatalf("err = %v, invalid want %v", err, tc.invalid)
			}
		})
	}
}

// sharedTReferencePrepared is the reference_prepared.json a competition's
// reference_prepare.py prints: md5s of whole files, of the files inside
// directories (for image folders) and of the members of zip archives (whose
// own bytes hold timestamps), all keyed by paths relative to prepared/.
type sharedTReferencePrepared struct {
	Files map[string]string            `json:"files"`
	Dirs  map[string]map[string]string `json:"dirs"`
	Zips  map[string]map[string]string `json:"zips"`
}

// sharedTCheckReferencePrepared compares a prepared/ tree with a
// reference_prepared.json: every regular file must be covered (description.md
// aside) and match.
func sharedTCheckReferencePrepared(t *testing.T, preparedDir, jsonPath string) {
	t.Helper()
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var ref sharedTReferencePrepared
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
		gotMembers, err := sharedTZipMD5(filepath.Join(preparedDir, filepath.FromSlash(p)))
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

func sharedTZipMD5(path string) (map[string]string, error) {
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

// sharedTImpl returns the registered implementation of id.
func sharedTImpl(t testing.TB, id string) *competition.Impl {
	t.Helper()
	for _, im := range All() {
		if im.ID == id {
			return im
		}
	}
	t.Fatalf("%s not registered", id)
	return nil
}

// FuzzC1Graders feeds arbitrary CSV text as a submission to the graders of
// helper C1's competitions, each against a small answers table: the grader
// must never panic, and a null score must come with an error.
func FuzzC1Graders(f *testing.F) {
	answers := map[string]string{
		"spaceship-titanic":                      "PassengerId,Transported\n0001_01,True\n0002_01,False\n",
		"aerial-cactus-identification":           "id,has_cactus\na.jpg,1\nb.jpg,0\n",
		"aptos2019-blindness-detection":          "id_code,diagnosis\na1,0\nb2,3\n",
		"denoising-dirty-documents":              "id,value\n1_1_1,0.5\n1_1_2,1.0\n",
		"detecting-insults-in-social-commentary": "Insult,Date,Comment,Usage\n1,,\"\"\"a\"\"\",PublicTest\n0,,\"\"\"b\"\"\",PublicTest\n",
		"dogs-vs-cats-redux-kernels-edition":     "id,label\n1,1\n2,0\n",
		"histopathologic-cancer-detection":       "id,label\nf0,1\nb1,0\n",
		"dog-breed-identification":               "id," + strings.Join(dogBreedList, ",") + "\nq" + strings.Repeat(",0", 119) + ",1\n",
	}
	for _, seed := range []string{
		"", "id\n", "a,b\n1,2\n", "PassengerId,Transported\n0001_01,\n0002_01,x\n",
		"id,has_cactus\na.jpg,nan\nb.jpg,inf\n", "id_code,diagnosis\na1,1e308\nb2,-1e308\n",
		"id,value\n1_1_1,\n1_1_1,\n", "id,label\n1,True\n2,\n", "id,label\n,0.5\n,0.5\n",
		"Comment,Insult\n\"\"\"a\"\"\",1\n\"\"\"b\"\"\",0\n", "\"unterminated\n", "id,label\n1,0.5,extra\n",
	} {
		f.Add(seed)
	}
	impls := map[string]*competition.Impl{}
	tables := map[string]*table.Table{}
	for id, csv := range answers {
		impls[id] = sharedTImpl(f, id)
		tables[id] = sharedTTable(f, csv)
	}
	f.Fuzz(func(t *testing.T, csv string) {
		sub, err := table.ReadBytes([]byte(csv), table.ReadOptions{})
		if err != nil {
			return // the harness fails before grading on unreadable CSV
		}
		for id, impl := range impls {
			out := grade.Call(impl, sub, tables[id])
			if out.Err != nil && strings.Contains(out.Err.Error(), "panicked") {
				t.Fatalf("%s: %v", id, out.Err)
			}
			if out.Score == nil && out.Err == nil {
				t.Fatalf("%s: null score without an error", id)
			}
		}
	})
}

// TestSharedSortIndexMatchesStableSort checks the radix sort of text
// columns against a stable comparison sort, on random text with
// duplicates, common prefixes, empty strings, non-ASCII bytes and missing
// cells.
func TestSharedSortIndexMatchesStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 5, 33, 100, 5000} {
		text := make([]string, n)
		null := make([]bool, n)
		for i := range text {
			var b []byte
			for range r.IntN(12) {
				b = append(b, "ab_\u00e9\x00z1"[r.IntN(8)])
			}
			text[i] = string(b)
			null[i] = r.IntN(20) == 0
		}
		col := &table.Column{Name: "s", Kind: table.String, Text: text, Null: null}
		var want, nulls []int
		for i := range text {
			if null[i] {
				nulls = append(nulls, i)
			} else {
				want = append(want, i)
			}
		}
		slices.SortStableFunc(want, func(a, b int) int { return strings.Compare(text[a], text[b]) })
		want = append(want, nulls...)
		if got := sharedSortIndex(col); !slices.Equal(got, want) {
			t.Fatalf("n=%d: order differs from a stable sort", n)
		}
	}
}

// sharedTMalformedFromAnswers loads a prepared answers file and runs
// sharedTMalformed with the answers' id and target columns as the valid
// submission.
func sharedTMalformedFromAnswers(t *testing.T, impl *competition.Impl, answersPath, id string, targets ...string) {
	t.Helper()
	answers, err := grade.LoadAnswers(impl, answersPath)
	if err != nil {
		t.Fatal(err)
	}
	valid, err := answers.Select(append([]string{id}, targets...)...)
	if err != nil {
		t.Fatal(err)
	}
	sharedTMalformed(t, impl, valid, answers, id, targets...)
}
