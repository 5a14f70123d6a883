package grade

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONLPathsAsPython: submission_path values of every JSON type (and
// bare NaN / Infinity tokens anywhere in a line) read as Python's
// json.loads + str() read them, normalised as pathlib.Path
// (testdata/jsonl/paths.golden from reference.py).
func TestJSONLPathsAsPython(t *testing.T) {
	dir := filepath.Join("testdata", "jsonl")
	f, err := os.Open(filepath.Join(dir, "paths.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := ReadJSONL(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "paths.golden"))
	if err != nil {
		t.Fatal(err)
	}
	golden := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(golden) != len(entries) {
		t.Fatalf("%d entries, %d golden lines", len(entries), len(golden))
	}
	for i, line := range golden {
		var want [2]string
		if err := json.Unmarshal([]byte(line), &want); err != nil {
			t.Fatal(err)
		}
		if got := entries[i].SubmissionPath; got != want[0] {
			t.Errorf("line %d: str() = %q, Python %q", i+1, got, want[0])
		}
		if got := PythonPath(entries[i].SubmissionPath); got != want[1] {
			t.Errorf("line %d: Path() = %q, Python %q", i+1, got, want[1])
		}
	}
}
