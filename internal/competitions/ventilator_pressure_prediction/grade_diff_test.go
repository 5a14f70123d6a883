package ventilator_pressure_prediction

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// TestGradeMatchesTakePath: Grade and gradeByTake (the grader as first
// written: AlignByID always, Take then Floats) give the same score to the
// bit and the same errors on random answers and submissions (ids in
// order, shuffled, repeated, unknown; u_out 0/1; int, float, missing,
// infinite and text pressures; a few with more rows than numpy sums in one
// block).
func TestGradeMatchesTakePath(t *testing.T) {
	rng := rand.New(rand.NewSource(6036))
	inOrder := 0
	for round := 0; round < 400; round++ {
		n := 1 + rng.Intn(40)
		if round%50 == 7 {
			n = 20000 + rng.Intn(5000) // more than numpy's 8192-value summation blocks
		}
		ids := make([]int, n)
		for i := range ids {
			ids[i] = 10 + i
			if round%3 == 1 {
				ids[i] = 10 + 2*i + rng.Intn(2) // gaps, equal neighbours
			}
		}
		if round%4 == 3 {
			rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] }) // unsorted answers
		}
		var ans, sub strings.Builder
		ans.WriteString("id,breath_id,R,C,time_step,u_in,u_out,pressure\n")
		for _, id := range ids {
			fmt.Fprintf(&ans, "%d,%d,20,50,%v,%v,%d,%v\n", id, id/80, rng.Float64(), rng.Float64()*100, rng.Intn(2), rng.Float64()*math.Pow(10, float64(rng.Intn(18))))
		}
		order := rng.Perm(n)
		if round%2 == 0 || round%4 == 3 {
			for i := range order {
				order[i] = i
			}
		}
		sub.WriteString("id,pressure\n")
		for _, i := range order {
			id := fmt.Sprint(ids[i])
			if round%17 == 3 && rng.Intn(n) == 0 {
				id = "99999"
			}
			p := fmt.Sprint(rng.Float64() * 50)
			switch {
			case round%5 == 4:
				p = fmt.Sprint(rng.Intn(40))
			case round%11 == 4 && rng.Intn(n) == 0:
				p = ""
			case round%13 == 5 && rng.Intn(n) == 0:
				p = "high"
			case round%7 == 6 && rng.Intn(n) == 0:
				p = []string{"inf", "-inf"}[rng.Intn(2)]
			}
			fmt.Fprintf(&sub, "%s,%s\n", id, p)
		}
		a := comptest.TableViaFile(t, ans.String())
		s := comptest.TableViaFile(t, sub.String())
		if c, _ := s.Col("id"); func() bool { d, _ := a.Col("id"); return alignedInOrder(c, d) }() {
			inOrder++
		}
		got, err := Grade(s, a)
		want, wantErr := gradeByTake(s, a)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || errors.Is(err, competition.ErrInvalidSubmission) != errors.Is(wantErr, competition.ErrInvalidSubmission) {
			t.Fatalf("round %d: error %v, want %v", round, err, wantErr)
		}
		if err == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
			t.Fatalf("round %d: score %.17g, want %.17g", round, got.Value, want.Value)
		}
	}
	if inOrder < 100 {
		t.Errorf("only %d of 400 rounds took the in-order path", inOrder)
	}
}

func gradeByTake(sub, ans *table.Table) (competition.Score, error) {
	if !ans.Has("id", "pressure") {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", "id", "pressure")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an 'id' column")
	}
	subP, ok := sub.Col("pressure")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a 'pressure' column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have the same length as the answers (%d rows, got %d)", ans.Len(), sub.Len())
	}
	ansID, _ := ans.Col("id")
	for _, c := range []*table.Column{subID, ansID} {
		if err := pandas.SortError(c); err != nil {
			return competition.Score{}, err
		}
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same ids")
	}
	uOut, ok := ans.Col("u_out")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers have no %q column", "u_out")
	}
	var keepSub, keepAns []int
	for k, i := range ansIdx {
		if v, ok := uOut.Float(i); ok && v == 0 {
			keepAns = append(keepAns, i)
			keepSub = append(keepSub, subIdx[k])
		}
	}
	ansP, _ := ans.Col("pressure")
	yTrue, err := pandas.Floats(ansP.Take(keepAns))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers pressure: %w", err)
	}
	yPred, err := pandas.Floats(subP.Take(keepSub))
	if err != nil {
		return competition.Score{}, err
	}
	mae, err := metric.MAE(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(mae), nil
}
