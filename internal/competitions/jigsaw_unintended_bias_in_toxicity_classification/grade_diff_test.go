package jigsaw_unintended_bias_in_toxicity_classification

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

// TestGradeMatchesAppendPath: Grade (one pair of selection buffers) and
// gradeByAppend (the grader as first written: new slices grown by append
// for every selection) give the same score to the bit and the same errors
// on random answers and submissions, empty and one-class subgroups
// included.
func TestGradeMatchesAppendPath(t *testing.T) {
	rng := rand.New(rand.NewSource(97320))
	header := "id,toxicity," + strings.Join(identities, ",") + "\n"
	for round := 0; round < 200; round++ {
		n := 1 + rng.Intn(60)
		var ans, sub strings.Builder
		ans.WriteString(header)
		sub.WriteString("id,prediction\n")
		perm := rng.Perm(n)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&ans, "%d,%v", 7000000+i, rng.Float64())
			for range identities {
				switch r := rng.Intn(10); {
				case round%3 == 0 && r < 8:
					ans.WriteString(",0") // sparse subgroups
				case r == 0:
					ans.WriteString(",")
				default:
					fmt.Fprintf(&ans, ",%v", rng.Float64())
				}
			}
			ans.WriteString("\n")
			if round%10 == 9 && i == n/2 {
				fmt.Fprintf(&sub, "%d,x\n", 7000000+perm[i]) // text prediction
				continue
			}
			fmt.Fprintf(&sub, "%d,%v\n", 7000000+perm[i], rng.Float64())
		}
		a := comptest.TableViaFile(t, ans.String())
		s := comptest.TableViaFile(t, sub.String())
		got, err := Grade(s, a)
		want, wantErr := gradeByAppend(s, a)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || errors.Is(err, competition.ErrInvalidSubmission) != errors.Is(wantErr, competition.ErrInvalidSubmission) {
			t.Fatalf("round %d: error %v, want %v", round, err, wantErr)
		}
		if err == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
			t.Fatalf("round %d: score %.17g, want %.17g", round, got.Value, want.Value)
		}
	}
}

func gradeByAppend(sub, ans *table.Table) (competition.Score, error) {
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `id` column")
	}
	pred, hasPred := sub.Col("prediction")
	subTox, hasTox := sub.Col("toxicity")
	if !hasPred && !hasTox {
		return competition.Score{}, competition.Invalid("Submission must have a `prediction` or `toxicity` column")
	}
	ansID, ok1 := ans.Col("id")
	ansTox, ok2 := ans.Col("toxicity")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and toxicity")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	m, n := len(subIdx), len(ansIdx)
	switch {
	case m == n:
		for k := range subIdx {
			if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
	case m == 0 || n == 0:
		// Only a length-1 side broadcasts against length 0 (an empty, passing
		// comparison); the AUCs then see inconsistent lengths.
		return competition.Score{}, fmt.Errorf("operands of shapes (%d,) and (%d,): no comparable rows", m, n)
	case m == 1 || n == 1:
		// The single id broadcasts against every id of the other side.
		for k := 0; k < max(m, n); k++ {
			i, j := subIdx[min(k, m-1)], ansIdx[min(k, n-1)]
			if !pandas.CellsEqual(subID, i, ansID, j) {
				return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
			}
		}
		return competition.Score{}, fmt.Errorf("found input variables with inconsistent numbers of samples: [%d, %d]", n, m)
	default:
		return competition.Score{}, fmt.Errorf("operands could not be broadcast together with shapes (%d,) (%d,)", m, n)
	}
	for _, g := range identities {
		if !ans.Has(g) {
			return competition.Score{}, fmt.Errorf("answers must have the identity column %s", g)
		}
	}
	if hasPred && hasTox {
		return competition.Score{}, fmt.Errorf("The truth value of a DataFrame is ambiguous (two toxicity columns)")
	}
	if hasPred {
		subTox = pred
	}
	yPred, err := binarise(subTox.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := binarise(ansTox.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	overall, err := metric.ROCAUC(yTrue, yPred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("overall AUC: %w", err)
	}
	var sums [3]float64 // subgroup, BPSN, BNSP: Σ AUC^-5 in identity order
	for _, g := range identities {
		gc, _ := ans.Col(g)
		grp, err := binarise(gc.Take(ansIdx))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		selects := [3]func(i int) bool{
			func(i int) bool { return grp[i] == 1 },
			func(i int) bool { return (yTrue[i] == 0 && grp[i] == 1) || (yTrue[i] == 1 && grp[i] != 1) },
			func(i int) bool { return (yTrue[i] == 1 && grp[i] == 1) || (yTrue[i] == 0 && grp[i] != 1) },
		}
		for b, sel := range selects {
			var t, p []float64
			for i := range yTrue {
				if sel(i) {
					t, p = append(t, yTrue[i]), append(p, yPred[i])
				}
			}
			auc, err := metric.ROCAUC(t, p)
			if err != nil {
				return competition.Score{}, fmt.Errorf("%s AUC for %s: %w", [3]string{"subgroup", "BPSN", "BNSP"}[b], g, err)
			}
			sums[b] += math.Pow(auc, -5)
		}
	}
	score := 0.25 * overall
	for _, s := range sums {
		score += 0.25 * math.Pow(s/float64(len(identities)), 1.0/-5)
	}
	return competition.Numpy(score), nil
}

// binarise is `value >= 0.5` as 0/1 over a numeric or bool column (NaN →
// 0); text raises TypeError in pandas.
func binarise(c *table.Column) ([]float64, error) {
	if pandas.HasText(c) {
		return nil, fmt.Errorf("'>=' not supported between instances of 'str' and 'float' (column %s)", c.Name)
	}
	out := make([]float64, c.Len())
	for i := range out {
		v, ok := c.Float(i)
		if ok && v >= 0.5 {
			out[i] = 1
		}
	}
	return out, nil
}
