package bms_molecular_translation

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/table"
)

// TestGrade covers each rule of the spec's Grade section; the distances
// are python-Levenshtein's (Levenshtein.distance, Debian 0.12.2).
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "image_id,InChI\nb1,\"InChI=1S/CH4/h1H4\"\na2,\"InChI=1S/C2H6/c1-2/h1-2H3\"\n000123,InChI=1S/H2O/h1H2\n")
	const invalid, other = -1.0, -2.0
	for _, tc := range []struct {
		name, sub string
		want      float64
	}{
		{"perfect, any row order, extra column", "x,InChI,image_id\n1,InChI=1S/H2O/h1H2,000123\n2,\"InChI=1S/C2H6/c1-2/h1-2H3\",a2\n3,InChI=1S/CH4/h1H4,b1\n", 0},
		{"sample constant", "image_id,InChI\nb1,InChI=1S/H2O/h1H2\na2,InChI=1S/H2O/h1H2\n000123,InChI=1S/H2O/h1H2\n", (4.0 + 11 + 0) / 3},
		// "nan" against each truth: its "n" matches the one of "InChI".
		{"empty predictions are the string nan", "image_id,InChI\nb1,\na2,\n000123,\n", (16.0 + 24 + 16) / 3},
		// é replaces one C (one substitution), 😀 is one code point.
		{"code points, not bytes", "image_id,InChI\nb1,InChI=1S/éH4/h1H4\na2,InChI=1S/C2H6/c1-2/h1-2H3😀\n000123,InChI=1S/H2O/h1H2\n", 2.0 / 3},
		{"numbers are compared as their str()", "image_id,InChI\nb1,17\na2,2\n000123,3\n", (16.0 + 24 + 17) / 3},
		{"1. row count differs", "image_id,InChI\nb1,x\na2,x\n", invalid},
		{"2. no image_id", "id,InChI\nb1,x\na2,x\n000123,x\n", invalid},
		{"3. no InChI", "image_id,inchi\nb1,x\na2,x\n000123,x\n", invalid},
		{"4. foreign id", "image_id,InChI\nb1,x\na3,x\n000123,x\n", invalid},
		{"4. duplicate id", "image_id,InChI\nb1,x\nb1,x\n000123,x\n", invalid},
		{"4. id read as a number loses its zeros", "image_id,InChI\n123,x\n124,x\n125,x\n", invalid},
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
}

// BenchmarkGrade grades 484,838 rows (the real test size) of ~100-character
// InChIs against predictions with a few edits each.
func BenchmarkGrade(b *testing.B) {
	const n = 484838
	r := rand.New(rand.NewPCG(1, 2))
	ids, truth, pred := make([]string, n), make([]string, n), make([]string, n)
	for i := range n {
		ids[i] = fmt.Sprintf("%012x", i)
		truth[i] = inchi(r)
		p := []byte(truth[i])
		for range 3 {
			p[r.IntN(len(p))] = 'X'
		}
		pred[i] = string(p)
	}
	ans := table.MustNew(table.Strings(idCol, ids), table.Strings(targetCol, truth))
	sub := table.MustNew(table.Strings(idCol, ids), table.Strings(targetCol, pred))
	b.ResetTimer()
	for range b.N {
		if _, err := Grade(sub, ans); err != nil {
			b.Fatal(err)
		}
	}
}
