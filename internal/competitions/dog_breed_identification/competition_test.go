package dog_breed_identification

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

const dir = "testdata"

// TestConformance: suite + CSVs and every copied image vs
// reference_prepare.py on the seed-0 fake data; scores vs scikit-learn 1.5's
// log_loss written out in numpy. The uniform sample scores ln 120 = 4.78749,
// the value upstream's test expects.
func TestConformance(t *testing.T) {
	impl := Competition
	lnN := math.Round(math.Log(120)*1e5) / 1e5
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &lnN})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(dir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "id", Breeds[0], Breeds[119])
	})
}

func TestList(t *testing.T) {
	if len(Breeds) != 120 || Breeds[0] != "affenpinscher" || Breeds[119] != "yorkshire_terrier" {
		t.Fatalf("DOGS_LIST has %d entries: %v ... %v", len(Breeds), Breeds[0], Breeds[len(Breeds)-1])
	}
	for i := 1; i < len(Breeds); i++ {
		if Breeds[i-1] >= Breeds[i] {
			t.Fatalf("DOGS_LIST not sorted at %s", Breeds[i])
		}
	}
}

// tSub builds a two-row submission (ids a, b) whose rows put p on
// breed 0 and spread the rest evenly, then applies edit.
func tSub(p float64, edit func(row int, col string, v float64) string) string {
	var b strings.Builder
	b.WriteString("id," + strings.Join(Breeds, ",") + "\n")
	for r, id := range []string{"a", "b"} {
		b.WriteString(id)
		for k, c := range Breeds {
			v := (1 - p) / 119
			if k == 0 {
				v = p
			}
			b.WriteString("," + edit(r, c, v))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestGrade(t *testing.T) {
	ansText := tSub(1, func(r int, c string, v float64) string {
		if r == 1 { // row b is breed 1
			if c == Breeds[1] {
				return "1"
			}
			return "0"
		}
		return table.Ints("", []int64{int64(v)}).Str(0)
	})
	ans := comptest.Table(t, ansText)
	plain := func(r int, c string, v float64) string { return table.Floats("", []float64{v}).Str(0) }
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		// row a: true breed 0 with p 0.7; row b: true breed 1 with p 0.3/119
		{"mean of -ln p(true)", tSub(0.7, plain), (-math.Log(0.7) - math.Log(0.3/119)) / 2},
		{"1. missing breed column", strings.Replace(tSub(0.7, plain), ",beagle,", ",beagle_x,", 1), -1},
		{"2. no id column", strings.Replace(tSub(0.7, plain), "id,", "ID,", 1), -1},
		{"3. row count", strings.Join(strings.SplitN(tSub(0.7, plain), "\n", 3)[:2], "\n") + "\n", -1},
		{"4. row sum off by 2e-5", tSub(0.7, func(r int, c string, v float64) string {
			if r == 0 && c == Breeds[0] {
				return "0.70002"
			}
			return plain(r, c, v)
		}), -1},
		{"4. NaN skipped in the sum (sum < 1)", tSub(0.7, func(r int, c string, v float64) string {
			if r == 0 && c == Breeds[0] {
				return ""
			}
			return plain(r, c, v)
		}), -1},
		{"4. text makes the sum raise", tSub(0.7, func(r int, c string, v float64) string {
			if r == 0 && c == Breeds[5] {
				return "x"
			}
			return plain(r, c, v)
		}), -2},
		{"5. negative cell in a row summing to 1", tSub(1.2, func(r int, c string, v float64) string {
			if c == Breeds[1] {
				return "-0.2"
			}
			if c == Breeds[0] {
				return "1.2"
			}
			return "0"
		}), -1},
		{"6. ids differ: AssertionError", strings.Replace(tSub(0.7, plain), "\nb,", "\nc,", 1), -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch tc.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil || math.Abs(s.Value-tc.want) > 1e-12 || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v err %v, want %v (Python float)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}
