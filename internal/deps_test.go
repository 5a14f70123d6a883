package internal_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/mlebench/mlebench/"

// allowed is the layering policy (architecture guide §6): for each package
// (relative to internal/, matched by prefix, most specific first), the
// project packages its non-test files may import. Imports only point down.
// Changing this table changes the architecture: review it as such.
var allowed = map[string][]string{
	// layer 0: leaves
	"pyfloat":   {},
	"bigslice":  {},
	"peakrss":   {},
	"hugeheap":  {},
	"pyjson":    {"internal/pyfloat"},
	"table":     {"internal/pyfloat", "internal/bigslice"},
	"pyrand":    {},
	"metric":    {"internal/bigslice"},
	"progress":  {},
	"archive":   {"internal/progress"},
	"feature":   {},
	"kaggle":    {"internal/progress"},
	"buildinfo": {},
	"manifest":  {"internal/buildinfo"},
	"llm":       {"internal/llm"},
	"leak":      {"internal/table"},
	// layer 1: core types (+ its conformance suite, which may use grade)
	"competition/competitiontest": {"internal/competition", "internal/grade", "internal/table", "internal/leak"},
	"competition":                 {"internal/table", "internal/pyfloat"},
	// layer 2: shared competition code by topic (internal/competitions/internal/*)
	"competitions/internal": {"internal/competition", "internal/competitions/internal", "internal/table", "internal/metric",
		"internal/bigslice", "internal/pyrand", "internal/pyfloat", "internal/pyjson", "internal/archive", "internal/feature", "internal/progress"},
	// test helpers of the competition packages (imported by tests only)
	"competitions/internal/comptest": {"internal/competition", "internal/competitions/internal", "internal/grade", "internal/table",
		"internal/peakrss", "internal/metric", "internal/pyfloat", "internal/pyjson"},
	"competitions/internal/textnorm/textnormtest": {"internal/competition", "internal/competitions/internal", "internal/grade",
		"internal/table"},
	// layer 3: one package per competition (internal/competitions/<stem>); never another competition
	"competitions/*": {"internal/competition", "internal/competitions/internal", "internal/table", "internal/metric",
		"internal/bigslice", "internal/pyrand", "internal/pyfloat", "internal/pyjson", "internal/archive", "internal/feature", "internal/progress"},
	// layer 4: the list of competitions
	"competitions": {"internal/competition", "internal/competitions/*"},
	// layer 5: services
	"grade":             {"internal/competition", "internal/table", "internal/pyfloat", "internal/pyjson", "internal/progress", "internal/feature"},
	"dataset":           {"internal/competition", "internal/kaggle", "internal/archive", "internal/progress", "internal/grade"},
	"agent":             {"internal/agent", "internal/pyfloat", "internal/pyjson"},
	"server":            {"internal/grade", "internal/competition", "internal/table", "internal/pyjson"},
	"runner":            {"internal/buildinfo", "internal/runner", "internal/competition", "internal/agent", "internal/progress", "internal/server", "internal/grade", "internal/pyjson", "internal/manifest"},
	"runner/kubernetes": {"internal/runner", "internal/competition", "internal/agent", "internal/runner/kubernetes"},
	"report":            {"internal/buildinfo", "internal/grade", "internal/competition", "internal/pyjson", "internal/pyfloat", "internal/report", "internal/leak"},
	"plagiarism":        {"internal/kaggle", "internal/pyfloat", "internal/pyjson"},
	"bundle":            {"internal/manifest", "internal/report", "internal/grade"},
	"familiarity":       {"internal/llm", "internal/pyrand", "internal/pyjson", "internal/metric"},
	"violation":         {"internal/llm", "internal/grade", "internal/pyjson", "internal/table"},
	"devbench":          {"internal/competition", "internal/grade"},
	"demo": {"internal/competition", "internal/competitions", "internal/table", "internal/metric", "internal/grade", "internal/report",
		"internal/runner", "internal/agent", "internal/dataset", "internal/pyjson", "internal/progress", "internal/server", "internal/demo"},
}

// policyFor returns the policy of pkg. An entry "x/*" covers the packages
// directly below x that no more specific entry names (the competition
// packages below competitions).
func policyFor(pkg string) ([]string, bool) {
	best := ""
	for p := range allowed {
		if strings.HasSuffix(p, "/*") {
			continue
		}
		if (pkg == p || strings.HasPrefix(pkg, p+"/")) && len(p) > len(best) {
			best = p
		}
	}
	if best == "" {
		return nil, false
	}
	if pkg != best {
		if star, ok := allowed[best+"/*"]; ok {
			return star, true
		}
	}
	return allowed[best], true
}

// allows reports whether policy permits importing rel; "x/*" permits the
// packages directly below x except x/internal.
func allows(policy []string, rel string) bool {
	for _, a := range policy {
		if base, ok := strings.CutSuffix(a, "/*"); ok {
			if rest, ok := strings.CutPrefix(rel, base+"/"); ok && !strings.Contains(rest, "/") && rest != "internal" {
				return true
			}
			continue
		}
		if rel == a || strings.HasPrefix(rel, a+"/") {
			return true
		}
	}
	return false
}

func TestLayering(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		// Code generators and commands under internal/ are tools, not layers.
		if strings.Contains(pkg, "/internal/gen") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		policy, ok := policyFor(pkg)
		if !ok {
			t.Errorf("%s: package internal/%s has no entry in the layering policy", path, pkg)
			return nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, module) {
				continue
			}
			rel := strings.TrimPrefix(p, module)
			if !allows(policy, rel) {
				t.Errorf("%s imports %s, which the layering policy does not allow for internal/%s", path, rel, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHeavyDependenciesStayPut: the Docker client, client-go and the
// progress-bar library are each confined to one package.
func TestHeavyDependenciesStayPut(t *testing.T) {
	confined := map[string]string{
		"github.com/moby/moby":             "runner/docker",
		"k8s.io/":                          "runner/kubernetes",
		"github.com/schollz/progressbar":   "-", // cmd only
		"github.com/spf13/cobra":           "-",
		"gonum.org/v1/plot":                "report",
		"github.com/bodgit/sevenzip":       "archive",
		"go.mongodb.org/mongo-driver/v2":   "competitions",
		"github.com/peterstace/simplefeat": "competitions",
	}
	fset := token.NewFileSet()
	filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for prefix, home := range confined {
				if strings.HasPrefix(p, prefix) && !(pkg == home || strings.HasPrefix(pkg, home+"/")) {
					t.Errorf("%s imports %s; only internal/%s may", path, p, home)
				}
			}
		}
		return nil
	})
}
