package pandas

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestArgsortQuickMatchesNumpy compares ArgsortQuick with numpy's
// argsort(kind="quicksort") on object arrays with many ties
// (reference_argsort.py, run once with numpy 1.24).
func TestArgsortQuickMatchesNumpy(t *testing.T) {
	var cases []struct {
		Values  []string `json:"values"`
		Argsort []int    `json:"argsort"`
	}
	comptest.ReadJSON(t, filepath.Join("testdata", "argsort_cases.json"), &cases)
	for k, c := range cases {
		got := ArgsortQuick(len(c.Values), func(a, b int) bool { return c.Values[a] < c.Values[b] })
		if fmt.Sprint(got) != fmt.Sprint(c.Argsort) {
			t.Errorf("case %d (n=%d): got %v, numpy %v", k, len(c.Values), got, c.Argsort)
		}
	}
}
