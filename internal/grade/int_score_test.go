package grade

import (
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/pyjson"
)

// TestIntScoreWrittenAsInt: a grader's Python int score is written as
// json.dumps writes an int; a float score keeps its ".0".
func TestIntScoreWrittenAsInt(t *testing.T) {
	for _, tc := range []struct {
		isInt bool
		v     float64
		want  string
	}{
		{true, 24402200, `"score": 24402200,`},
		{false, 24402200, `"score": 24402200.0,`},
		{true, 0, `"score": 0,`},
	} {
		v := tc.v
		b, err := pyjson.Marshal((&Report{CompetitionID: "c", Score: &v, ScoreIsInt: tc.isInt}).Object(), pyjson.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("int=%v: %s lacks %s", tc.isInt, b, tc.want)
		}
	}
}
