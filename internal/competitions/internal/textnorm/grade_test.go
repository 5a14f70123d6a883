package textnorm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeBySorting is Grade as it was before the same-ids shortcut: both id
// columns aligned by submission.AlignByID (sorts), then str() of the
// aligned `after` cells and metric.AccuracyOf.
func gradeBySorting(sub, ans *table.Table) (competition.Score, error) {
	ansAfter, _ := ans.Col("after")
	ansID, _ := ans.Col("id")
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have the same length as the answers (%d rows, expected %d).", sub.Len(), ans.Len())
	}
	subAfter, _ := sub.Col("after")
	subID, _ := sub.Col("id")
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
	}
	yTrue := make([]string, ans.Len())
	yPred := make([]string, sub.Len())
	for k := range yTrue {
		i, j := k, k
		if subIdx != nil {
			i = subIdx[k]
		}
		if ansIdx != nil {
			j = ansIdx[k]
		}
		yTrue[k] = ansAfter.Str(j)
		yPred[k] = subAfter.Str(i)
	}
	acc, err := metric.AccuracyOf(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

func readCSV(t *testing.T, rows []string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte("id,after\n"+strings.Join(rows, "\n")+"\n"), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestGradeMatchesSorting compares Grade with the sorting path on random
// answers and submissions: ids identical row by row (the shortcut), ids
// shuffled, duplicated, missing or numeric (the sorting path), and `after`
// values that are text, numbers, NA tokens.
func TestGradeMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	afters := []string{"a", "b", "1", "1.0", "", "NA", "x y", "2"}
	shortcuts := 0
	for trial := range 400 {
		n := rng.IntN(12)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprintf("%d_%d", rng.IntN(4), rng.IntN(5))
			if trial%5 == 0 {
				ids[i] = fmt.Sprint(rng.IntN(20)) // numeric ids
			}
			if trial%7 == 0 && rng.IntN(3) == 0 {
				ids[i] = "" // a missing id, in both files
			}
		}
		subIDs := append([]string(nil), ids...)
		switch rng.IntN(4) {
		case 0:
			rng.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
		case 1:
			if n > 0 {
				subIDs[rng.IntN(n)] = []string{"", "9_9", ids[0]}[rng.IntN(3)]
			}
		}
		var ans, sub []string
		for i := range n {
			ans = append(ans, ids[i]+","+afters[rng.IntN(len(afters))])
			sub = append(sub, subIDs[i]+","+afters[rng.IntN(len(afters))])
		}
		a, s := readCSV(t, ans), readCSV(t, sub)
		sid, _ := s.Col("id")
		aid, _ := a.Col("id")
		if sameTextIDs(sid, aid) {
			shortcuts++
		}
		want, werr := gradeBySorting(s, a)
		got, gerr := Grade(s, a)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) || errors.Is(werr, competition.ErrInvalidSubmission) != errors.Is(gerr, competition.ErrInvalidSubmission) {
			t.Fatalf("trial %d: error %v, want %v\nans %q\nsub %q", trial, gerr, werr, ans, sub)
		}
		if math.Float64bits(got.Value) != math.Float64bits(want.Value) || got.Kind != want.Kind {
			t.Fatalf("trial %d: score %v, want %v\nans %q\nsub %q", trial, got, want, ans, sub)
		}
	}
	if shortcuts < 50 {
		t.Fatalf("only %d trials took the same-ids shortcut", shortcuts)
	}
}

func TestSameTextIDs(t *testing.T) {
	for _, c := range []struct {
		a, b []string
		want bool
	}{
		{[]string{"0_0", "0_1"}, []string{"0_0", "0_1"}, true},
		{[]string{"0_1", "0_0"}, []string{"0_0", "0_1"}, false},
		{[]string{"0_0", ""}, []string{"0_0", ""}, false},  // NaN ids never match
		{[]string{"1", "2"}, []string{"1", "2"}, false},    // numbers: the sorting path
		{[]string{"0_0", "1"}, []string{"0_0", "1"}, true}, // one object column of text
	} {
		var ra, rb []string
		for i := range c.a {
			ra = append(ra, c.a[i]+",x")
			rb = append(rb, c.b[i]+",x")
		}
		a, _ := readCSV(t, ra).Col("id")
		b, _ := readCSV(t, rb).Col("id")
		if got := sameTextIDs(a, b); got != c.want {
			t.Errorf("sameTextIDs(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
