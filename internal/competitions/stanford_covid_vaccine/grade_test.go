package stanford_covid_vaccine

import (
	"errors"
	"math"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// handAnswers: file order x_0, x_1, x_2, x_10 with keep T, F, T, F; sorted
// by id the order is x_0, x_1, x_10, x_2.
const handAnswers = "id_seqpos,reactivity,deg_Mg_pH10,deg_pH10,deg_Mg_50C,deg_50C,keep\n" +
	"x_0,1.0,1.0,5.0,1.0,5.0,True\n" +
	"x_1,0.0,0.0,0.0,0.0,0.0,False\n" +
	"x_2,2.0,2.0,5.0,2.0,5.0,True\n" +
	"x_10,0.0,0.0,0.0,0.0,0.0,False\n"

const header = "id_seqpos,reactivity,deg_Mg_pH10,deg_pH10,deg_Mg_50C,deg_50C\n"

// TestGrade covers each rule of the spec's Grade section with scores
// derived by hand (the selected answer values are 1 and 2 in every scored
// column).
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, handAnswers)
	const invalid, other = -1.0, -2.0
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect, answers' row order", header + "x_0,1,1,0,1,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", 0},
		// Sorted order in the file: labels 0..3 are x_0, x_1, x_10, x_2;
		// keep by label (T, F, T, F) selects x_0 and x_10 → predictions 1, 0
		// against 1, 2: RMSE sqrt(4/2) in each column.
		{"quirk: perfect values in sorted-id row order", header + "x_0,1,1,0,1,0\nx_1,0,0,0,0,0\nx_10,0,0,0,0,0\nx_2,2,2,0,2,0\n", math.Sqrt(2)},
		{"sample: zeros", header + "x_0,0,0,0,0,0\nx_1,0,0,0,0,0\nx_2,0,0,0,0,0\nx_10,0,0,0,0,0\n", math.Sqrt(2.5)},
		{"per-column errors", header + "x_0,1,0,9,1,9\nx_1,7,7,7,7,7\nx_2,2,0,9,0,9\nx_10,7,7,7,7,7\n",
			(0 + math.Sqrt(2.5) + math.Sqrt(2)) / 3},
		{"extra columns and another column order", "keep,deg_50C,deg_Mg_50C,deg_pH10,deg_Mg_pH10,reactivity,id_seqpos,x\nTrue,0,1,0,1,2,x_0,z\nTrue,0,0,0,0,0,x_1,z\nTrue,0,2,0,2,2,x_2,z\nTrue,0,0,0,0,0,x_10,z\n",
			(1.0/math.Sqrt(2) + 0 + 0) / 3},
		{"unscored columns may hold NaN and text", header + "x_0,1,1,,1,abc\nx_1,0,0,,0,abc\nx_2,2,2,,2,abc\nx_10,0,0,,0,abc\n", 0},
		{"NaN in a row the quirk does not select", header + "x_0,1,1,0,1,0\nx_1,,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", 0},
		{"1. row count differs", header + "x_0,1,1,0,1,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\n", invalid},
		{"3. missing id_seqpos", "id,reactivity,deg_Mg_pH10,deg_pH10,deg_Mg_50C,deg_50C\nx_0,1,1,0,1,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", invalid},
		{"3. missing reactivity", "id_seqpos,deg_Mg_pH10,deg_pH10,deg_Mg_50C,deg_50C\nx_0,1,0,1,0\nx_1,0,0,0,0\nx_2,2,0,2,0\nx_10,0,0,0,0\n", invalid},
		{"3. missing deg_Mg_pH10", "id_seqpos,reactivity,deg_pH10,deg_Mg_50C,deg_50C\nx_0,1,0,1,0\nx_1,0,0,0,0\nx_2,2,0,2,0\nx_10,0,0,0,0\n", invalid},
		{"3. missing deg_Mg_50C", "id_seqpos,reactivity,deg_Mg_pH10,deg_pH10,deg_50C\nx_0,1,1,0,0\nx_1,0,0,0,0\nx_2,2,2,0,0\nx_10,0,0,0,0\n", invalid},
		{"3. missing deg_pH10 (required, not scored)", "id_seqpos,reactivity,deg_Mg_pH10,deg_Mg_50C,deg_50C\nx_0,1,1,1,0\nx_1,0,0,0,0\nx_2,2,2,2,0\nx_10,0,0,0,0\n", invalid},
		{"3. missing deg_50C (required, not scored)", "id_seqpos,reactivity,deg_Mg_pH10,deg_pH10,deg_Mg_50C\nx_0,1,1,0,1\nx_1,0,0,0,0\nx_2,2,2,0,2\nx_10,0,0,0,0\n", invalid},
		{"4. an id differs", header + "x_0,1,1,0,1,0\nx_1,0,0,0,0,0\nx_3,2,2,0,2,0\nx_10,0,0,0,0,0\n", invalid},
		{"4. duplicate id", header + "x_0,1,1,0,1,0\nx_0,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", invalid},
		{"4. numeric ids", header + "0,1,1,0,1,0\n1,0,0,0,0,0\n2,2,2,0,2,0\n10,0,0,0,0,0\n", invalid},
		{"NaN in a selected scored row", header + "x_0,,1,0,1,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", other},
		{"inf in a selected scored row", header + "x_0,1,inf,0,1,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", other},
		{"text in a scored column", header + "x_0,1,1,0,high,0\nx_1,0,0,0,0,0\nx_2,2,2,0,2,0\nx_10,0,0,0,0,0\n", other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, comptest.Table(t, tc.sub), ans)
			switch tc.want {
			case invalid:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want invalid", s, err)
				}
			case other:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("got (%v, %v), want a non-invalid error", s, err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %.17g kind %v, want %.17g (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
	t.Run("answers without keep", func(t *testing.T) {
		ans := comptest.Table(t, header+"x_0,1,1,0,1,0\n")
		_, err := Grade(comptest.Table(t, header+"x_0,1,1,0,1,0\n"), ans)
		if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a non-invalid error", err)
		}
	})
}
