package facebook_recruiting_iii_keyword_extraction

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/metric"
)

// microF1BySets is micro F1 as its definition reads: per row, the sets of
// true and predicted tags (predicted ones outside the answers' vocabulary
// dropped), true positives, false positives and false negatives summed.
func microF1BySets(truth, pred []string) float64 {
	vocab := map[string]bool{}
	for _, row := range truth {
		for _, t := range metric.PySplit(row) {
			vocab[t] = true
		}
	}
	var tp, fp, fn int
	for i := range truth {
		want, got := map[string]bool{}, map[string]bool{}
		for _, t := range metric.PySplit(truth[i]) {
			want[t] = true
		}
		for _, t := range metric.PySplit(pred[i]) {
			if vocab[t] {
				got[t] = true
			}
		}
		for t := range got {
			if want[t] {
				tp++
			} else {
				fp++
			}
		}
		for t := range want {
			if !got[t] {
				fn++
			}
		}
	}
	if 2*tp+fp+fn == 0 {
		return 0
	}
	return float64(2*tp) / float64(2*tp+fp+fn)
}

// TestMicroF1MatchesSets: on rows whose tag texts repeat a lot (the memo
// remembers them), hardly at all (past memoWindow rows it stops) or in
// between, with repeated and unknown tags and odd whitespace, microF1
// equals the set definition exactly.
func TestMicroF1MatchesSets(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	tags := []string{"c#", "java", "php", "python", ".net", "html", "css", "sql", "c++", "ios"}
	text := func(distinct bool) string {
		var w []string
		for range r.IntN(5) {
			w = append(w, tags[r.IntN(len(tags))])
		}
		if distinct {
			w = append(w, "t"+strings.Repeat("x", r.IntN(3))+string(rune('a'+r.IntN(26)))+string(rune('a'+r.IntN(26))))
		}
		return strings.Join(w, []string{" ", "  ", "\t", " \u00a0"}[r.IntN(4)])
	}
	for _, c := range []struct {
		name   string
		rows   int
		repeat float64 // share of rows copying an earlier row's text
	}{
		{"repeating", 9000, 0.9},
		{"distinct", 9000, 0},
		{"some", 5000, 0.3},
		{"few rows", 50, 0.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			truth, pred := make([]string, c.rows), make([]string, c.rows)
			for i := range truth {
				truth[i], pred[i] = text(c.repeat == 0), text(c.repeat == 0)
				if i > 0 && r.Float64() < c.repeat {
					truth[i], pred[i] = truth[r.IntN(i)], pred[r.IntN(i)]
				}
			}
			got, err := microF1(truth, pred)
			if err != nil {
				t.Fatal(err)
			}
			if want := microF1BySets(truth, pred); got != want {
				t.Errorf("microF1 %v, want %v", got, want)
			}
		})
	}
}
