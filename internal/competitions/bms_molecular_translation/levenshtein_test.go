package bms_molecular_translation

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/metric"
)

// TestLevenshteinMatchesDP compares the bit-vector distance with the
// dynamic-programming one (metric.Levenshtein) on random strings of 0 to
// 300 code points over small alphabets (ASCII and not), pairs that share
// prefixes and suffixes, and InChI-like strings with a few edits.
func TestLevenshteinMatchesDP(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabets := []string{"ab", "abc", "CHNO()-,/0123456789", "aé😀b", "x"}
	gen := func(alpha []rune, n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	var e editDistancer
	check := func(a, b string) {
		t.Helper()
		if got, want := e.distance(a, b), metric.Levenshtein(a, b); got != want {
			t.Fatalf("distance(%q, %q) = %d, DP says %d", a, b, got, want)
		}
	}
	check("", "")
	check("", "abc")
	check("kitten", "sitting")
	check("InChI=1S/H2O/h1H2", "nan")
	for i := range 3000 {
		alpha := []rune(alphabets[i%len(alphabets)])
		n1, n2 := r.IntN(300), r.IntN(300)
		if i%3 == 0 {
			n1, n2 = r.IntN(70), r.IntN(70)
		}
		a, b := gen(alpha, n1), gen(alpha, n2)
		check(a, b)
		if i%4 == 0 {
			pre, suf := gen(alpha, r.IntN(40)), gen(alpha, r.IntN(40))
			check(pre+a+suf, pre+b+suf)
		}
	}
	for range 500 {
		s := inchi(r)
		p := []rune(s)
		for range 1 + r.IntN(5) {
			p[r.IntN(len(p))] = 'X'
		}
		check(s, string(p))
		check(s, inchi(r))
	}
}
