package dog_breed_identification

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

// TestGradeMatchesCopyingPath: Grade and gradeByCopies (the grader as
// first written: RowSumCheck's copies, both tables sorted, Take then
// Floats) give the same score to the bit and the same errors, on random
// one-hot answers and submissions: ids in the answers' order or shuffled
// or repeated, int and float probabilities, NaN, text, rows not summing
// to 1, values out of range.
func TestGradeMatchesCopyingPath(t *testing.T) {
	rng := rand.New(rand.NewSource(120))
	header := "id," + strings.Join(Breeds, ",") + "\n"
	aligned := 0
	for round := 0; round < 120; round++ {
		n := 1 + rng.Intn(25)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprintf("%032x", rng.Int63())
			if round%3 == 1 {
				ids[i] = fmt.Sprint(rng.Intn(5 * n)) // int64 ids, maybe repeated
			}
		}
		var ans, sub strings.Builder
		ans.WriteString(header)
		for _, id := range ids {
			ans.WriteString(id)
			hot := rng.Intn(len(Breeds))
			for k := range Breeds {
				if k == hot {
					ans.WriteString(",1")
				} else {
					ans.WriteString(",0")
				}
			}
			ans.WriteString("\n")
		}
		order := rng.Perm(n)
		if round%2 == 0 {
			for i := range order {
				order[i] = i
			}
		}
		sub.WriteString(header)
		for _, i := range order {
			sub.WriteString(ids[i])
			p := make([]float64, len(Breeds))
			switch round % 4 {
			case 0: // one-hot ints
				p[rng.Intn(len(p))] = 1
			default:
				s := 0.0
				for k := range p {
					p[k] = rng.Float64()
					s += p[k]
				}
				for k := range p {
					p[k] /= s
				}
			}
			for k, v := range p {
				switch {
				case round%7 == 3 && rng.Intn(200) == 0:
					sub.WriteString(",")
				case round%11 == 5 && rng.Intn(300) == 0:
					sub.WriteString(",x")
				case round%13 == 6 && k == 0 && rng.Intn(3) == 0:
					sub.WriteString(",0.3")
				case round%4 == 0:
					fmt.Fprintf(&sub, ",%d", int(v))
				default:
					fmt.Fprintf(&sub, ",%v", v)
				}
			}
			sub.WriteString("\n")
		}
		a := comptest.TableViaFile(t, ans.String())
		s := comptest.TableViaFile(t, sub.String())
		if restricted, err := s.Select(a.Names()...); err == nil {
			if _, _, ok := alignedLogLossInputs(restricted, a); ok {
				aligned++
			}
		}
		got, err := Grade(s, a)
		want, wantErr := gradeByCopies(s, a)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || errors.Is(err, competition.ErrInvalidSubmission) != errors.Is(wantErr, competition.ErrInvalidSubmission) {
			t.Fatalf("round %d: error %v, want %v", round, err, wantErr)
		}
		if err == nil && (got.Kind != want.Kind || math.Float64bits(got.Value) != math.Float64bits(want.Value)) {
			t.Fatalf("round %d: score %.17g, want %.17g", round, got.Value, want.Value)
		}
	}
	if aligned < 30 {
		t.Errorf("only %d of 120 rounds took the aligned path", aligned)
	}
}

func gradeByCopies(sub, ans *table.Table) (competition.Score, error) {
	var missing []string
	for _, b := range Breeds {
		if !sub.Has(b) {
			missing = append(missing, b)
		}
	}
	if len(missing) > 0 {
		return competition.Score{}, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	if !sub.Has("id") {
		return competition.Score{}, competition.Invalid("Submission is missing the id column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	probs, err := submission.RowSumCheck(sub, Breeds, 1e-6)
	if err != nil {
		return competition.Score{}, err
	}
	for k, col := range probs {
		for i, p := range col {
			if !(p >= 0 && p <= 1) {
				return competition.Score{}, competition.Invalid("Submission values must be between 0 and 1 (row %d, column %s: %v)", i, Breeds[k], p)
			}
		}
	}
	restricted, err := sub.Select(ans.Names()...)
	if err != nil {
		return competition.Score{}, fmt.Errorf("selecting the answers' columns: %w", err)
	}
	_, yTrue, yPred, err := submission.OneHotLogLossInputs(restricted, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	loss, err := metric.LogLossIndicator(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(loss), nil
}
