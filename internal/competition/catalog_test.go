package competition

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

const upstream = "../../../shared/upstream"

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("upstream files not available: %v", err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestCatalogMatchesUpstream: the catalog holds exactly the original's 82
// competitions (75 benchmark + 7 dev) in the original's listing order, and
// every split lists the same ids in the same order as its split file.
func TestCatalogMatchesUpstream(t *testing.T) {
	cat, err := NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(upstream, "competitions"))
	if err != nil {
		t.Skipf("upstream files not available: %v", err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	sort.Strings(dirs)
	ids := cat.IDs()
	if strings.Join(ids, ",") != strings.Join(dirs, ",") {
		t.Fatalf("catalog ids differ from upstream competition dirs:\n%v\n%v", ids, dirs)
	}
	if len(ids) != 82 || ids[0] != "3d-object-detection-for-autonomous-vehicles" || ids[1] != "AI4Code" || ids[81] != "whale-categorization-playground" {
		t.Errorf("order: %d ids, first %q %q, last %q", len(ids), ids[0], ids[1], ids[len(ids)-1])
	}
	want := map[string]int{"low": 22, "medium": 38, "high": 15, "split75": 75, "dev": 7, "systemcard": 30, "spaceship-titanic": 1}
	for name, n := range want {
		got, err := cat.Split(name)
		if err != nil {
			t.Fatal(err)
		}
		file := readLines(t, filepath.Join(upstream, "splits", name+".txt"))
		if len(got) != n || strings.Join(got, ",") != strings.Join(file, ",") {
			t.Errorf("split %s: %d ids %v, file has %v", name, len(got), got, file)
		}
	}
	lite, _ := cat.Split("lite")
	low, _ := cat.Split("low")
	if strings.Join(lite, ",") != strings.Join(low, ",") {
		t.Error("lite is not low")
	}
	if all, _ := cat.Split("all"); len(all) != 82 {
		t.Errorf("all: %d", len(all))
	}
	if _, err := cat.Split("nope"); err == nil {
		t.Error("unknown split accepted")
	}
}

func TestLiteCategories(t *testing.T) {
	cat, _ := NewCatalog(nil)
	low, _ := cat.Split("low")
	for _, id := range low {
		c, _ := cat.Lookup(id)
		if c.Category == "" || c.DataSizeGB <= 0 {
			t.Errorf("%s: category %q size %v", id, c.Category, c.DataSizeGB)
		}
	}
	c, _ := cat.Lookup("siim-isic-melanoma-classification")
	if c.Category != "Image Classification" || c.DataSizeGB != 116.16 {
		t.Errorf("siim: %q %v", c.Category, c.DataSizeGB)
	}
}

func TestFactsAreComplete(t *testing.T) {
	for _, f := range Facts() {
		if f.Name == "" || (f.Type != "simple" && f.Type != "code") || f.Metric == "" || f.Description == "" {
			t.Errorf("%s: incomplete facts %+v", f.ID, f)
		}
		// Five upstream configs point the sample submission into private/
		// (e.g. the text-normalization competitions): kept as facts.
		if !strings.HasPrefix(f.Answers, f.ID+"/prepared/private/") || !strings.HasPrefix(f.SampleSubmission, f.ID+"/prepared/") {
			t.Errorf("%s: answers %q / sample %q not under the competition's prepared dirs", f.ID, f.Answers, f.SampleSubmission)
		}
		if len(f.Checksums.Zip) != 32 {
			t.Errorf("%s: zip checksum %q", f.ID, f.Checksums.Zip)
		}
	}
}

func TestNewCatalogRejects(t *testing.T) {
	ok := &Impl{ID: "spaceship-titanic", Prepare: func(context.Context, Dirs) error { return nil },
		Grade: func(_, _ *table.Table) (Score, error) { return Float(1), nil }}
	for name, impls := range map[string][]*Impl{
		"no facts":   {{ID: "no-such", Prepare: ok.Prepare, Grade: ok.Grade}},
		"duplicate":  {ok, ok},
		"no grader":  {{ID: "spaceship-titanic", Prepare: ok.Prepare}},
		"no prepare": {{ID: "spaceship-titanic", Grade: ok.Grade}},
	} {
		if _, err := NewCatalog(impls); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := NewCatalogWith([]Info{{ID: "a"}, {ID: "a"}}, nil); err == nil {
		t.Error("duplicate facts accepted")
	}
	cat, err := NewCatalog([]*Impl{ok})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Lookup("x"); !errors.Is(err, ErrUnknownCompetition) {
		t.Errorf("lookup unknown: %v", err)
	}
	c, _ := cat.Lookup("AI4Code")
	if _, err := c.Implemented(); !errors.Is(err, ErrNotImplemented) {
		t.Errorf("unimplemented: %v", err)
	}
}

func TestCheckPrepared(t *testing.T) {
	info := Info{ID: "c", Answers: "c/prepared/private/test.csv", SampleSubmission: "c/prepared/public/sample.csv"}
	data := t.TempDir()
	reason := func(gradingOnly bool) string {
		err := info.CheckPrepared(data, gradingOnly)
		if err == nil {
			return ""
		}
		var np *NotPreparedError
		if !errors.As(err, &np) {
			t.Fatalf("unexpected error %v", err)
		}
		if !strings.HasPrefix(err.Error(), "Dataset for competition `c` is not prepared!") {
			t.Errorf("message: %v", err)
		}
		return np.Reason
	}
	p := info.PathsIn(data)
	steps := []struct {
		do          func()
		full, grade string
	}{
		{func() {}, "Public directory does not exist.", "Private directory does not exist."},
		{func() { os.MkdirAll(p.Public, 0o755) }, "Public directory is empty.", "Private directory does not exist."},
		{func() { os.WriteFile(filepath.Join(p.Public, ".hidden"), nil, 0o644) }, "Private directory does not exist.", "Private directory does not exist."},
		{func() { os.MkdirAll(p.Private, 0o755) }, "Private directory is empty.", "Private directory is empty."},
		{func() { os.WriteFile(filepath.Join(p.Private, "x"), nil, 0o644) }, "Answers file does not exist.", "Answers file does not exist."},
		{func() { os.WriteFile(p.Answers, nil, 0o644) }, "Sample submission file does not exist.", ""},
		{func() { os.WriteFile(p.SampleSubmission, nil, 0o644) }, "", ""},
	}
	for i, s := range steps {
		s.do()
		if got := reason(false); got != s.full {
			t.Errorf("step %d full check: %q, want %q", i, got, s.full)
		}
		if got := reason(true); got != s.grade {
			t.Errorf("step %d grading-only check: %q, want %q", i, got, s.grade)
		}
	}
}

func TestLookupSuggestsCloseIDs(t *testing.T) {
	cat, err := NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ id, want string }{
		{"spaceship-titanc", "spaceship-titanic"},
		{"Spaceship-Titanic", "spaceship-titanic"},
		{"leaf-clasification", "leaf-classification"},
		{"spaceship", "spaceship-titanic"},
		{"zzzzzzzzzzzz", ""},
		{"a", ""},
	}
	for _, tc := range tests {
		_, err := cat.Lookup(tc.id)
		if !errors.Is(err, ErrUnknownCompetition) {
			t.Fatalf("%s: %v", tc.id, err)
		}
		hint := fmt.Sprintf("(did you mean %q?)", tc.want)
		if got := cat.Suggest(tc.id); got != tc.want || (tc.want != "") != strings.Contains(err.Error(), hint) {
			t.Errorf("%s: suggestion %q, error %q; want %q", tc.id, got, err, tc.want)
		}
	}
}
