package tabular_playground_series_dec_2021

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeBySorting is Grade as first written: always
// submission.PrepareForAccuracy (both tables sorted by id).
func gradeBySorting(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, target, idColumn)
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// TestGradeMatchesSortingPath: Grade (file order when the ids match row
// for row) and gradeBySorting give the same score to the bit and the same
// errors, on random tables with ids in order, shuffled, repeated, unknown,
// and labels of every kind.
func TestGradeMatchesSortingPath(t *testing.T) {
	rng := rand.New(rand.NewSource(2021))
	aligned := 0
	for round := 0; round < 400; round++ {
		n := 1 + rng.Intn(30)
		ids := rng.Perm(3 * n)[:n]
		if round%5 == 1 {
			for i := 1; i < n; i++ {
				if rng.Intn(3) == 0 {
					ids[i] = ids[rng.Intn(i)] // repeated ids
				}
			}
		}
		var ans, sub strings.Builder
		ans.WriteString("Id,Elevation,Cover_Type\n")
		for _, id := range ids {
			fmt.Fprintf(&ans, "%d,%d,%d\n", id, rng.Intn(3000), 1+rng.Intn(1+round%7))
		}
		order := rng.Perm(n)
		if round%2 == 0 {
			for i := range order {
				order[i] = i
			}
		}
		sub.WriteString("Id,Cover_Type\n")
		for _, i := range order {
			id := fmt.Sprint(ids[i])
			if round%17 == 3 && rng.Intn(n) == 0 {
				id = "x"
			}
			label := fmt.Sprint(1 + rng.Intn(1+round%7))
			switch {
			case round%11 == 4 && rng.Intn(n) == 0:
				label = "2.5"
			case round%13 == 5 && rng.Intn(n) == 0:
				label = ""
			case round%19 == 6 && rng.Intn(n) == 0:
				label = "two"
			}
			fmt.Fprintf(&sub, "%s,%s\n", id, label)
		}
		a := comptest.TableViaFile(t, ans.String())
		s := comptest.TableViaFile(t, sub.String())
		if _, _, ok := alignedLabels(s, a); ok {
			aligned++
		}
		got, err := Grade(s, a)
		want, wantErr := gradeBySorting(s, a)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || errors.Is(err, competition.ErrInvalidSubmission) != errors.Is(wantErr, competition.ErrInvalidSubmission) {
			t.Fatalf("round %d: error %v, want %v", round, err, wantErr)
		}
		if err == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
			t.Fatalf("round %d: score %.17g, want %.17g", round, got.Value, want.Value)
		}
	}
	if aligned < 100 {
		t.Errorf("only %d of 400 rounds took the aligned path", aligned)
	}
}
