package facebook_recruiting_iii_keyword_extraction

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeBySorting is Grade as it was before the same-ids shortcut: the rows
// are always paired by submission.AlignByID (sorts of both id columns).
func gradeBySorting(sub, ans *table.Table) (competition.Score, error) {
	ansID, _ := ans.Col("Id")
	ansTags, _ := ans.Col("Tags")
	subID, _ := sub.Col("Id")
	subTags, _ := sub.Col("Tags")
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `Id` values do not match")
	}
	truth, err := tagTexts(ansTags, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Tags: %w", err)
	}
	pred, err := tagTexts(subTags, subIdx)
	if err != nil {
		return competition.Score{}, err
	}
	f1, err := microF1(truth, pred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

func readTable(t *testing.T, rows []string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte("Id,Tags\n"+strings.Join(rows, "\n")+"\n"), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestGradeMatchesSorting compares Grade with the sorting path on random
// answers and submissions whose ids are equal row by row (the shortcut),
// shuffled, duplicated, missing, text or numbers, with tags that differ per
// row so that a wrong pairing changes the score.
func TestGradeMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	tags := []string{"c", "go", "java", "sql", "r", "x"}
	tagList := func() string {
		var b []string
		for range rng.IntN(4) {
			b = append(b, tags[rng.IntN(len(tags))])
		}
		return strings.Join(b, " ")
	}
	shortcuts := 0
	for trial := range 500 {
		n := 1 + rng.IntN(12)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprint(rng.IntN(30))
			if trial%3 == 0 {
				ids[i] = "q" + ids[i]
			}
			if trial%7 == 0 && rng.IntN(4) == 0 {
				ids[i] = "" // missing, in both files
			}
		}
		subIDs := append([]string(nil), ids...)
		switch rng.IntN(4) {
		case 0:
			rng.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
		case 1:
			subIDs[rng.IntN(n)] = []string{"", "99", ids[0], "q1"}[rng.IntN(4)]
		}
		var ans, sub []string
		for i := range n {
			ans = append(ans, ids[i]+","+tagList())
			sub = append(sub, subIDs[i]+","+tagList())
		}
		a, s := readTable(t, ans), readTable(t, sub)
		sid, _ := s.Col("Id")
		aid, _ := a.Col("Id")
		if sameIDs(sid, aid) {
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
	if shortcuts < 100 {
		t.Fatalf("only %d trials took the same-ids shortcut", shortcuts)
	}
}
