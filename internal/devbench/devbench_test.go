package devbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
)

// Every implemented competition has a size row (so `dev bench` measures it
// at a stated size), and every size row names an implemented competition.
func TestBenchSizesCoverEveryImplementedCompetition(t *testing.T) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	implemented := map[string]bool{}
	for _, c := range cat.All() {
		if _, err := c.Implemented(); err == nil {
			implemented[c.ID] = true
			if _, ok := benchSizes[c.ID]; !ok {
				t.Errorf("%s is implemented but has no row in benchSizes (internal/devbench/sizes.go)", c.ID)
			}
		}
	}
	if len(implemented) == 0 {
		t.Fatal("no implemented competitions")
	}
	for id, s := range benchSizes {
		if !implemented[id] {
			t.Errorf("benchSizes has %s, which is not an implemented competition", id)
		}
		if s.Real <= 0 || s.Div < 1 || s.Unit == "" {
			t.Errorf("%s: incomplete size %+v", id, s)
		}
		if (s.Div > 1) != (s.Why == "disk" || s.Why == "time") {
			t.Errorf("%s: a fraction needs Why = disk or time, and only a fraction has one: %+v", id, s)
		}
	}
}

func TestBenchSizeDescribe(t *testing.T) {
	for _, tc := range []struct {
		s    benchSize
		want string
		rows int
	}{
		{benchSize{Unit: "images", Real: 17500, Div: 1}, "real: 17,500 images", 17500},
		{benchSize{Unit: "rows", Real: 22680, Div: 10, Why: "time"}, "1/10 of real: 2,268 of 22,680 rows, because time", 2268},
		{benchSize{Unit: "rows", Real: 55423856, Div: 20, Why: "disk", Note: "n"}, "1/20 of real: 2,771,193 of 55,423,856 rows, because disk; n", 2771193},
	} {
		if got := tc.s.describe(); got != tc.want {
			t.Errorf("describe() = %q, want %q", got, tc.want)
		}
		if got := tc.s.rows(); got != tc.rows {
			t.Errorf("rows() = %d, want %d", got, tc.rows)
		}
	}
}

func ptr(v float64) *float64 { return &v }

func TestBenchRow(t *testing.T) {
	step := func(wall, cpu float64, rss int64) *benchStep {
		return &benchStep{Wall: time.Duration(wall * float64(time.Second)), CPU: time.Duration(cpu * float64(time.Second)), MaxRSS: rss << 20}
	}
	full := benchResult{
		ID: "x", Size: "real: 5 rows", RawSize: 300 << 20,
		Prep: step(3, 2, 100), Written: 50 << 20,
		Grade: step(1, 0.25, 70), Ref: step(4, 3, 200),
		Ours: ptr(0.5), Theirs: ptr(0.5 + 1e-12), Load: "3.10",
	}
	for _, tc := range []struct {
		name string
		r    benchResult
		want string
	}{
		{"meets", full,
			"| x | real: 5 rows | 300 MiB | 3.00 s | 2.00 s | 100 MiB | 50 MiB | 1.00 s | 0.25 s | 70 MiB | 3.00 s | 200 MiB | 12.0× | 0.5 = pandas | — | 3.10 | meets |"},
		{"misses", func() benchResult {
			r := full
			r.Prep = step(3, 2, 2048)
			r.Ref = step(4, 0.5, 200)
			r.Theirs = ptr(0.6)
			return r
		}(),
			"| x | real: 5 rows | 300 MiB | 3.00 s | 2.00 s | 2048 MiB | 50 MiB | 1.00 s | 0.25 s | 70 MiB | 0.50 s | 200 MiB | 2.0× | **MISMATCH** ours 0.5, pandas 0.6 | — | 3.10 | **SCORE MISMATCH**; prepare peak RSS 2048 MiB > 1 GiB; grade only 2.0× less CPU than pandas (target 10×) |"},
		{"no reference", func() benchResult {
			r := full
			r.Ref, r.Theirs, r.RefNote = nil, nil, "ranking metric | not written"
			return r
		}(),
			"| x | real: 5 rows | 300 MiB | 3.00 s | 2.00 s | 100 MiB | 50 MiB | 1.00 s | 0.25 s | 70 MiB | no reference: ranking metric \\| not written | — | — | 0.5 / — | — | 3.10 | grade ratio unknown: ranking metric \\| not written |"},
		{"failed", benchResult{ID: "y", Size: "s", RawSize: 1 << 20, Failed: "prepare: exit status 1: boom\nagain", Load: "1"},
			"| y | s | 1.0 MiB | — | — | — | — | — | — | — | — | — | — | — | — | 1 | FAILED: prepare: exit status 1: boom again |"},
	} {
		if got := tc.r.row(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
		if n := strings.Count(strings.ReplaceAll(tc.r.row(), `\|`, ""), "|"); n != len(benchColumns)+1 {
			t.Errorf("%s: %d cell separators, want %d", tc.name, n, len(benchColumns)+1)
		}
	}
}

func TestScoresMatch(t *testing.T) {
	nan := func() float64 { var z float64; return z / z }()
	for _, tc := range []struct {
		a, b float64
		want bool
	}{
		{0.5, 0.5, true}, {0.5, 0.5 + 5e-10, true}, {0.5, 0.5 + 2e-9, false},
		{1e6, 1e6 + 1e-4, true}, {1e6, 1e6 + 1e-2, false},
		{nan, nan, true}, {nan, 0, false},
	} {
		if got := scoresMatch(tc.a, tc.b); got != tc.want {
			t.Errorf("scoresMatch(%v, %v) = %v", tc.a, tc.b, got)
		}
	}
}

// --update replaces rows by competition id, keeps the others, appends
// the run line once, and refuses a file it did not write.
func TestBenchDocUpdate(t *testing.T) {
	doc := &benchDoc{Machine: "Machine: old.", Rows: map[string]string{}}
	doc.merge(map[string]string{
		"b-comp":  "| b-comp | old |",
		"a-comp":  "| a-comp | old |",
		"AI4Code": "| AI4Code | old |",
	}, "run 1", "")
	text := doc.render()
	if i, j := strings.Index(text, "| a-comp"), strings.Index(text, "| AI4Code"); i < 0 || j < i || strings.Index(text, "| b-comp") < j {
		t.Errorf("rows not in case-insensitive id order:\n%s", text)
	}
	parsed, err := parseBenchDoc(text)
	if err != nil {
		t.Fatal(err)
	}
	if parsed.render() != text {
		t.Errorf("render(parse(x)) != x:\n%s\n---\n%s", parsed.render(), text)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "bench.md")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second write must not duplicate the run line
		if err := writeBenchFile(path, false, map[string]string{"b-comp": "| b-comp | new |", "c-comp": "| c-comp | new |"}, "run 2", "Machine: new."); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{"| a-comp | old |", "| AI4Code | old |", "| b-comp | new |", "| c-comp | new |", "- run 1\n- run 2\n\n", "Machine: new."} {
		if !strings.Contains(got, want) {
			t.Errorf("updated file lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "| b-comp | old |") || strings.Count(got, "- run 2") != 1 {
		t.Errorf("old row kept or run line duplicated:\n%s", got)
	}
	if _, err := os.Stat(path + ".lock"); err == nil {
		t.Errorf("lock file left behind")
	}

	// --out starts afresh.
	if err := writeBenchFile(path, true, map[string]string{"z": "| z | r |"}, "run 3", "Machine: m."); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(path)
	if strings.Contains(string(b), "a-comp") || !strings.Contains(string(b), "| z | r |") {
		t.Errorf("--out kept old rows:\n%s", b)
	}

	for _, bad := range []string{"# other\n", benchTitle + "\n\n## Table\n\nsome prose\n"} {
		if _, err := parseBenchDoc(bad); err == nil {
			t.Errorf("parseBenchDoc(%q) accepted a file it did not write", bad)
		}
	}
}

func TestNoReference(t *testing.T) {
	if _, ok := noReference(nil, "NOREF: x"); ok {
		t.Error("a successful run is not a missing reference")
	}
}

func TestFailureLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\nb\n", "b"},
		{"panic: runtime error: slice bounds out of range [:2452] with capacity 200\n\ngoroutine 1 [running]:\nmain.main()\n\t/x/main.go:15 +0x16c\n", "panic: runtime error: slice bounds out of range [:2452] with capacity 200"},
	} {
		if got := failureLine(tc.in); got != tc.want {
			t.Errorf("failureLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A typo in -c stops the bench before it measures anything or touches the
// table file, instead of recording a failed row for a competition that
// does not exist.
func TestUnknownCompetitionStopsTheBench(t *testing.T) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "bench.md")
	var out, errb strings.Builder
	env := &Env{Catalog: cat, Self: "/nonexistent/mlebench", Out: &out, Err: &errb}
	opts := Options{Competitions: []string{"spaceship-titanic", "plant-pathology-2021-fgvc7"}, Update: file, Work: t.TempDir()}
	err = Run(t.Context(), env, opts)
	if err == nil || !strings.Contains(err.Error(), `"plant-pathology-2021-fgvc7"`) || !strings.Contains(err.Error(), "did you mean") {
		t.Fatalf("Run = %v, want an unknown-competition error with a suggestion", err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the table file was written (stat: %v)", err)
	}
	if out.Len() != 0 {
		t.Errorf("rows printed before the id check: %q", out.String())
	}
}

// The scratch tree of a measured competition is removed after its row is
// written, and kept with --keep. The children here are a script whose
// fake-raw writes a file into the raw directory and fails.
func TestScratchRemovedAfterTheRow(t *testing.T) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	self := filepath.Join(t.TempDir(), "mlebench")
	script := "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && touch \"$2/x\"; shift; done\necho no >&2\nexit 1\n"
	if err := os.WriteFile(self, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, keep := range []bool{false, true} {
		work := t.TempDir()
		file := filepath.Join(t.TempDir(), "bench.md")
		var out, errb strings.Builder
		env := &Env{Catalog: cat, Self: self, Out: &out, Err: &errb}
		opts := Options{Competitions: []string{"spaceship-titanic"}, Update: file, Work: work, Keep: keep, StepTimeout: time.Minute}
		if err := Run(t.Context(), env, opts); err != nil {
			t.Fatalf("keep %v: Run = %v\n%s", keep, err, errb.String())
		}
		b, err := os.ReadFile(file)
		if err != nil || !strings.Contains(string(b), "| spaceship-titanic |") {
			t.Fatalf("keep %v: no row in the table file (%v)", keep, err)
		}
		_, err = os.Stat(filepath.Join(work, "spaceship-titanic", "raw", "x"))
		if keep != (err == nil) {
			t.Errorf("keep %v: the scratch file's stat gives %v\n%s\n%s", keep, err, errb.String(), out.String())
		}
	}
}

// TestGradeRepeat: --grade-repeat runs the grade step that many times and
// the prepare once (--repeat 1).
func TestGradeRepeat(t *testing.T) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	self, log := filepath.Join(dir, "mlebench"), filepath.Join(dir, "calls")
	script := "#!/bin/sh\necho \"$*\" >> " + log + "\n"
	if err := os.WriteFile(self, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	env := &Env{Catalog: cat, Self: self, Out: &out, Err: &errb}
	opts := Options{Competitions: []string{"spaceship-titanic"}, Update: filepath.Join(dir, "bench.md"), Work: t.TempDir(),
		Repeat: 1, GradeRepeat: 3, StepTimeout: time.Minute}
	if err := Run(t.Context(), env, opts); err != nil {
		t.Fatalf("Run = %v\n%s", err, errb.String())
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	count := func(word string) (n int) {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, " "+word+" ") {
				n++
			}
		}
		return n
	}
	if p, g := count("prepare"), count("grade-sample"); p != 1 || g != 3 {
		t.Errorf("prepare ran %d times, grade-sample %d; want 1 and 3\n%s", p, g, b)
	}
	if md, _ := os.ReadFile(opts.Update); !strings.Contains(string(md), "--repeat 1, --grade-repeat 3") {
		t.Errorf("the run line does not name the repeats:\n%s", md)
	}
}

// TestBenchSizeCell: --rows at the real count is said as the real size;
// other counts name the flag.
func TestBenchSizeCell(t *testing.T) {
	id := "herbarium-2021-fgvc8"
	real := benchSizes[id].Real
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Rows: real}, "real: " + thousands(real) + " images"},
		{Options{Rows: 5}, "--rows 5 (images)"},
		{Options{DefaultSize: true}, "fake-raw's small default"},
		{Options{}, benchSizes[id].describe()},
	} {
		if got := benchSizeCell(id, c.opts); got != c.want {
			t.Errorf("benchSizeCell(%+v) = %q, want %q", c.opts, got, c.want)
		}
	}
}
