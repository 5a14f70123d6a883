// Package feature holds named, versioned switches for deliberate departures
// from the original MLE-bench's behaviour (fixes of upstream bugs). Every
// switch is off by default, so the default behaviour is the original's,
// quirks included; a user opts in explicitly by name, e.g.
// MLEBENCH_FIXES=grade-keep-going,validate-jsonl-answers or --fix NAME, and
// the names in effect are recorded in outputs that depend on them.
//
// A fix is identified by name and the mlebench version that introduced it;
// once published a name never changes meaning.
package feature

import (
	"fmt"
	"sort"
	"strings"
)

// Fix describes one opt-in departure from the original.
type Fix struct {
	Name  string
	Since string // mlebench version that introduced it
	Doc   string
}

// Known fixes. Add new ones at the end; never change a published one.
var known = []Fix{
	{
		Name:  "grade-keep-going",
		Since: "0.1.0",
		Doc:   "mlebench grade: a submission CSV that cannot be parsed is graded as invalid (null score) instead of aborting the whole batch with no report",
	},
	{
		Name:  "validate-jsonl-answers",
		Since: "0.1.0",
		Doc:   "validation server: load JSONL answers with the competition's own loader instead of read_csv (the original always reads answers as CSV when validating)",
	},
}

// Known returns every fix, sorted by name.
func Known() []Fix {
	out := append([]Fix(nil), known...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Set is the fixes in effect.
type Set map[string]bool

// Parse reads a comma-separated list of fix names ("" is the empty set) and
// rejects unknown names.
func Parse(list string) (Set, error) {
	s := Set{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		found := false
		for _, f := range known {
			if f.Name == name {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown fix %q (known: %s)", name, strings.Join(names(), ", "))
		}
		s[name] = true
	}
	return s, nil
}

func names() []string {
	var out []string
	for _, f := range Known() {
		out = append(out, f.Name)
	}
	return out
}

// Enabled reports whether the named fix is in effect. A nil Set has none.
func (s Set) Enabled(name string) bool { return s[name] }

// String lists the fixes in effect, sorted, comma-separated.
func (s Set) String() string {
	var out []string
	for n, on := range s {
		if on {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}
