package demo

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// records reads a CSV file as text records (header first).
func records(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func cloneRecs(recs [][]string) [][]string {
	out := make([][]string, len(recs))
	for i, r := range recs {
		out[i] = append([]string(nil), r...)
	}
	return out
}

// toTable renders records as CSV and reads them back as a submission is
// read (grade.ReadSubmission's reader).
func toTable(t *testing.T, recs [][]string) *table.Table {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.WriteAll(recs)
	tb, err := table.ReadBytes(buf.Bytes(), table.ReadOptions{})
	if err != nil {
		t.Fatalf("reading submission: %v\n%s", err, buf.String())
	}
	return tb
}

// gradeCase is one submission built from the answers (ans) and the sample
// submission (sample) of a competition.
type gradeCase struct {
	name    string
	build   func(ans, sample [][]string) [][]string
	want    float64 // checked when !invalid and !math.IsNaN(want)
	lo, hi  float64 // else, when lo < hi: the score must lie in [lo, hi]
	invalid bool
	msg     string // when set, the invalid reason must contain it
}

func runGradeCases(t *testing.T, id string, cases []gradeCase) {
	cat := sharedCatalog(t)
	comp, err := cat.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	p := comp.PathsIn(preparedData(t))
	ansRecs, sampleRecs := records(t, p.Answers), records(t, p.SampleSubmission)
	answers := readTable(t, p.Answers)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sub := toTable(t, tc.build(cloneRecs(ansRecs), cloneRecs(sampleRecs)))
			out := grade.Call(comp.Impl, sub, answers)
			if tc.invalid {
				if !errors.Is(out.Err, competition.ErrInvalidSubmission) {
					t.Fatalf("got score %v, error %v; want an invalid submission", out.Score, out.Err)
				}
				if out.Score != nil {
					t.Fatalf("invalid submission has score %v", *out.Score)
				}
				if !strings.Contains(out.Err.Error(), tc.msg) {
					t.Fatalf("reason %q does not mention %q", out.Err, tc.msg)
				}
				return
			}
			if out.Err != nil {
				t.Fatalf("unexpected error: %v", out.Err)
			}
			got := *out.Score
			switch {
			case tc.lo < tc.hi:
				if got < tc.lo || got > tc.hi {
					t.Fatalf("score %v, want in [%v, %v]", got, tc.lo, tc.hi)
				}
			case got != tc.want:
				t.Fatalf("score %v, want %v", got, tc.want)
			}
		})
	}
}

// Common invalid cases: each works on any submission built by base.
func invalidCases(base func(ans, sample [][]string) [][]string, target string) []gradeCase {
	mod := func(name, msg string, f func(sub [][]string) [][]string) gradeCase {
		return gradeCase{name: name, invalid: true, msg: msg, build: func(a, s [][]string) [][]string { return f(base(a, s)) }}
	}
	col := func(sub [][]string, name string) int {
		for j, h := range sub[0] {
			if h == name {
				return j
			}
		}
		panic("no column " + name)
	}
	drop := func(sub [][]string, j int) [][]string {
		for i, r := range sub {
			sub[i] = append(r[:j:j], r[j+1:]...)
		}
		return sub
	}
	return []gradeCase{
		mod("missing id column", `missing the column "id"`, func(s [][]string) [][]string { return drop(s, col(s, "id")) }),
		mod("missing target column", "missing the column", func(s [][]string) [][]string { return drop(s, col(s, target)) }),
		mod("renamed id column", `missing the column "id"`, func(s [][]string) [][]string { s[0][col(s, "id")] = "ID"; return s }),
		mod("one row missing", "rows; expected", func(s [][]string) [][]string { return s[:len(s)-1] }),
		mod("one row too many", "rows; expected", func(s [][]string) [][]string { return append(s, append([]string(nil), s[1]...)) }),
		mod("duplicate id", "more than once", func(s [][]string) [][]string { s[2][col(s, "id")] = s[1][col(s, "id")]; return s }),
		mod("unknown id", "has no row for id", func(s [][]string) [][]string { s[3][col(s, "id")] = "no-such-id"; return s }),
		mod("empty id", "has no id", func(s [][]string) [][]string { s[3][col(s, "id")] = ""; return s }),
		mod("text value", "numbers only", func(s [][]string) [][]string { s[4][col(s, target)] = "abc"; return s }),
		mod("missing value", "missing or infinite", func(s [][]string) [][]string { s[5][col(s, target)] = ""; return s }),
		mod("infinite value", "missing or infinite", func(s [][]string) [][]string { s[5][col(s, target)] = "inf"; return s }),
		mod("header only", "rows; expected", func(s [][]string) [][]string { return s[:1] }),
	}
}

func setColumn(recs [][]string, name string, f func(i int, row []string) string) [][]string {
	j := -1
	for k, h := range recs[0] {
		if h == name {
			j = k
		}
	}
	for i := 1; i < len(recs); i++ {
		recs[i][j] = f(i, recs[i])
	}
	return recs
}

func TestGradeTabular(t *testing.T) {
	perfect := func(ans, _ [][]string) [][]string { return ans }
	r := rand.New(rand.NewPCG(1, 2))
	cases := []gradeCase{
		{name: "perfect", build: perfect, want: 1},
		{name: "sample submission", build: func(_, s [][]string) [][]string { return s }, want: 0.5},
		{name: "reversed", want: 0, build: func(a, _ [][]string) [][]string {
			return setColumn(a, "renewed", func(_ int, row []string) string { return map[string]string{"0": "1", "1": "0"}[row[1]] })
		}},
		{name: "random", lo: 0.45, hi: 0.55, build: func(a, _ [][]string) [][]string {
			return setColumn(a, "renewed", func(int, []string) string { return strconv.FormatFloat(r.Float64(), 'g', -1, 64) })
		}},
		{name: "rows in another order", want: 1, build: func(a, _ [][]string) [][]string {
			rows := a[1:]
			r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
			return a
		}},
		{name: "any real numbers (only order matters)", want: 1, build: func(a, _ [][]string) [][]string {
			return setColumn(a, "renewed", func(_ int, row []string) string { return map[string]string{"0": "-7.5", "1": "1e6"}[row[1]] })
		}},
		{name: "extra column ignored", want: 0.5, build: func(_, s [][]string) [][]string {
			for i := range s {
				s[i] = append(s[i], "x")
			}
			return s
		}},
	}
	cases = append(cases, invalidCases(func(_, s [][]string) [][]string { return s }, "renewed")...)
	runGradeCases(t, tabularID, cases)
}

func TestGradeText(t *testing.T) {
	onehot := func(scale float64) func(ans, sample [][]string) [][]string {
		return func(ans, _ [][]string) [][]string {
			out := [][]string{append([]string{"id"}, textClasses...)}
			for _, row := range ans[1:] {
				rec := []string{row[0]}
				for _, c := range textClasses {
					v := 0.0
					if c == row[1] {
						v = scale
					}
					rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
				}
				out = append(out, rec)
			}
			return out
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	sample := func(_, s [][]string) [][]string { return s }
	cases := []gradeCase{
		// Clipping to 1e-15 and renormalising leaves a loss of about 4e-15.
		{name: "perfect", build: onehot(1), want: 0},
		{name: "perfect, rows not summing to 1", build: onehot(7), want: 0},
		{name: "sample submission (uniform)", build: sample, want: 1.38629},
		{name: "uniform, unnormalised", want: 1.38629, build: func(_, s [][]string) [][]string {
			for _, row := range s[1:] {
				for k := 1; k < len(row); k++ {
					row[k] = "3"
				}
			}
			return s
		}},
		{name: "random", lo: 1.4, hi: 2.5, build: func(_, s [][]string) [][]string {
			for _, row := range s[1:] {
				for k := 1; k < len(row); k++ {
					row[k] = strconv.FormatFloat(r.Float64(), 'g', -1, 64)
				}
			}
			return s
		}},
		{name: "confidently wrong (clipped)", lo: 34, hi: 35, build: func(a, _ [][]string) [][]string {
			out := onehot(1)(a, nil)
			for _, row := range out[1:] { // rotate: all mass on a wrong class
				row[1], row[2], row[3], row[4] = row[4], row[1], row[2], row[3]
			}
			return out
		}},
		{name: "negative probability", invalid: true, msg: "negative probability", build: func(_, s [][]string) [][]string { s[1][2] = "-0.1"; return s }},
		{name: "all-zero row", invalid: true, msg: "positive, finite sum", build: func(_, s [][]string) [][]string {
			for k := 1; k < len(s[1]); k++ {
				s[1][k] = "0"
			}
			return s
		}},
		{name: "class column missing", invalid: true, msg: `missing the column "gardening"`, build: func(_, s [][]string) [][]string {
			for i := range s {
				s[i] = s[i][:len(s[i])-1]
			}
			return s
		}},
	}
	cases = append(cases, invalidCases(sample, "baking")...)
	runGradeCases(t, textID, cases)
}

func TestGradeImage(t *testing.T) {
	perfect := func(ans, _ [][]string) [][]string { return ans }
	sample := func(_, s [][]string) [][]string { return s }
	cases := []gradeCase{
		{name: "perfect", build: perfect, want: 0},
		{name: "off by 2 everywhere", want: 2, build: func(a, _ [][]string) [][]string {
			return setColumn(a, "target", func(_ int, row []string) string {
				v, _ := strconv.ParseFloat(row[1], 64)
				return strconv.FormatFloat(v+2, 'f', 2, 64)
			})
		}},
		// Targets are 10·radius + noise with radius uniform in [2, 8]: the
		// constant 50 is off by about 10·6/√12 ≈ 17.3.
		{name: "sample submission", build: sample, lo: 16, hi: 19},
		{name: "integers are numbers too", build: func(a, _ [][]string) [][]string {
			return setColumn(a, "target", func(int, []string) string { return "50" })
		}, lo: 16, hi: 19},
	}
	cases = append(cases, invalidCases(sample, "target")...)
	runGradeCases(t, imageID, cases)
}

// Problems with the answers are plain errors, not invalid submissions.
func TestGradeBadAnswers(t *testing.T) {
	cat := sharedCatalog(t)
	for _, id := range IDs() {
		comp, _ := cat.Lookup(id)
		p := comp.PathsIn(preparedData(t))
		sub := readTable(t, p.SampleSubmission)
		answers := readTable(t, p.Answers)
		ids, _ := answers.Col("id")
		broken := table.MustNew(ids) // the target column is gone
		out := grade.Call(comp.Impl, sub, broken)
		if out.Err == nil || errors.Is(out.Err, competition.ErrInvalidSubmission) {
			t.Errorf("%s: answers without a target column: got %v, want a plain error", id, out.Err)
		}
	}
}

// The sample submission of each competition is valid through the same
// check the validation server makes.
func TestSampleSubmissionsValidate(t *testing.T) {
	cat := sharedCatalog(t)
	dir := preparedData(t)
	for _, comp := range cat.All() {
		ok, msg, err := grade.Validate(comp, dir, comp.PathsIn(dir).SampleSubmission, nil)
		if err != nil || !ok {
			t.Errorf("%s: %v %q %v", comp.ID, ok, msg, err)
		}
		bad := filepath.Join(t.TempDir(), "bad.csv")
		os.WriteFile(bad, []byte("id,nothing\n1,2\n"), 0o644)
		ok, msg, err = grade.Validate(comp, dir, bad, nil)
		if err != nil || ok {
			t.Errorf("%s: a bad submission validated: %v %q %v", comp.ID, ok, msg, err)
		}
		if math.IsNaN(comp.Thresholds.Median) {
			t.Errorf("%s: NaN median", comp.ID)
		}
	}
}
