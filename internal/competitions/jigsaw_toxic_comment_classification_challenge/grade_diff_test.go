package jigsaw_toxic_comment_classification_challenge

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
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// TestGradeMatchesSortingPath grades random answers and submissions (ids
// in the answers' order or shuffled, repeated ids, unscored rows, ties,
// NaN, text and extra columns) with Grade and with gradeBySorting, the
// grader as first written (both tables sorted by id, a mask map of
// interface keys): scores must be equal to the bit, errors equal in text
// and in kind.
func TestGradeMatchesSortingPath(t *testing.T) {
	rng := rand.New(rand.NewSource(1414))
	h := "id," + strings.Join(classes, ",")
	for round := 0; round < 300; round++ {
		n := 2 + rng.Intn(40)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprintf("%08x", rng.Int63n(1<<32))
			if round%3 == 1 {
				ids[i] = fmt.Sprint(rng.Intn(1000)) // int64 ids
			}
			if round%7 == 2 && i > 0 && rng.Intn(5) == 0 {
				ids[i] = ids[rng.Intn(i)] // repeated id
			}
		}
		var ans strings.Builder
		ans.WriteString(h + "\n")
		for i, id := range ids {
			ans.WriteString(id)
			unscored := rng.Intn(4) == 0
			for range classes {
				v := rng.Intn(2)
				if unscored {
					v = -1
				}
				fmt.Fprintf(&ans, ",%d", v)
			}
			_ = i
			ans.WriteString("\n")
		}
		order := rng.Perm(n)
		if round%2 == 0 {
			for i := range order {
				order[i] = i
			}
		}
		header := h
		extra := round%23 == 5
		if extra {
			header += ",extra"
		}
		var sub strings.Builder
		sub.WriteString(header + "\n")
		for _, i := range order {
			id := ids[i]
			if round%29 == 3 && rng.Intn(n) == 0 {
				id = "zz"
			}
			sub.WriteString(id)
			for range classes {
				switch r := rng.Intn(100); {
				case round%31 == 4 && r == 0:
					sub.WriteString(",")
				case round%37 == 6 && r == 1:
					sub.WriteString(",x")
				case r < 30:
					fmt.Fprintf(&sub, ",%d", rng.Intn(3)) // ties
				default:
					fmt.Fprintf(&sub, ",%v", rng.Float64())
				}
			}
			if extra {
				sub.WriteString(",1")
			}
			sub.WriteString("\n")
		}
		a := comptest.TableViaFile(t, ans.String())
		s := comptest.TableViaFile(t, sub.String())
		got, err := Grade(s, a)
		want, wantErr := gradeBySorting(s, a)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || errors.Is(err, competition.ErrInvalidSubmission) != errors.Is(wantErr, competition.ErrInvalidSubmission) {
			t.Fatalf("round %d: error %v, want %v", round, err, wantErr)
		}
		if err == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
			t.Fatalf("round %d: score %.17g (%v), want %.17g (%v)", round, got.Value, got.Kind, want.Value, want.Kind)
		}
	}
}

func gradeBySorting(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	var missing []string
	for _, c := range classes {
		if !sub.Has(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	ansID, ok := ans.Col("id")
	if !ok || !ans.Has(classes...) {
		return competition.Score{}, fmt.Errorf("answers must have the id column and the six class columns")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, fmt.Errorf("submission has %d rows, answers %d (AssertionError)", sub.Len(), ans.Len())
	}
	ansOrder, subOrder := pandas.SortIndexOrder(ansID), pandas.SortIndexOrder(subID)

	// keep-mask over the answers: the six labels' row sum (NaN skipped) >= 0.
	sums := make([]float64, ans.Len())
	for _, c := range classes {
		col, _ := ans.Col(c)
		v, err := pandas.Floats(col)
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers column %s: %w", c, err)
		}
		for i, x := range v {
			if x == x { // pandas sum skips NaN
				sums[i] += x
			}
		}
	}
	keep := make([]bool, ans.Len())
	maskByID := map[any]bool{}
	for i := range keep {
		keep[i] = sums[i] >= 0
		if k, ok := pandas.CellKey(ansID, i); ok {
			maskByID[k] = keep[i]
		}
	}
	var ansRows, subRows []int
	for _, i := range ansOrder {
		if keep[i] {
			ansRows = append(ansRows, i)
		}
	}
	for _, i := range subOrder {
		k, ok := pandas.CellKey(subID, i)
		m, found := maskByID[k]
		if !ok || !found {
			return competition.Score{}, fmt.Errorf("Unalignable boolean Series provided as indexer (index of the boolean Series and of the indexed object do not match).")
		}
		if m {
			subRows = append(subRows, i)
		}
	}
	columns := func(t *table.Table, rows []int, what string) ([][]float64, error) {
		var out [][]float64
		for _, c := range t.Columns() {
			if c.Name == "id" {
				continue
			}
			v, err := pandas.Floats(c.Take(rows))
			if err != nil {
				return nil, fmt.Errorf("%s column %s: %w", what, c.Name, err)
			}
			out = append(out, v)
		}
		return out, nil
	}
	yTrue, err := columns(ans, ansRows, "answers")
	if err != nil {
		return competition.Score{}, err
	}
	yScore, err := columns(sub, subRows, "submission")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUCMacro(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}
