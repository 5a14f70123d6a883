package h_and_m_personalized_fashion_recommendations

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// TestMergeByTextMatchesSelectByKey compares the hashed selection of
// text customer ids with the set-based one on random id columns: duplicated
// and missing customers, extra submission customers, ids that are
// prefixes of others.
func TestMergeByTextMatchesSelectByKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 12))
	pool := []string{"a", "ab", "abc", "b", "ba", "c", "d0", "d1", "é", "zz"}
	pick := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = pool[rng.IntN(len(pool))]
		}
		return out
	}
	var sawMissing, sawValid int
	for trial := range 2000 {
		ans := pick(rng.IntN(8))
		if rng.IntN(3) == 0 {
			slices.Sort(ans) // answers in order: no sort
		}
		var sub []string
		switch rng.IntN(3) {
		case 0:
			sub = pick(rng.IntN(12))
		case 1: // every answers customer, shuffled, plus extras
			sub = append(slices.Clone(ans), pick(rng.IntN(4))...)
			rng.Shuffle(len(sub), func(i, j int) { sub[i], sub[j] = sub[j], sub[i] })
		default: // the answers' customers with one left out
			sub = slices.Clone(ans)
			if len(sub) > 0 {
				i := rng.IntN(len(sub))
				sub = slices.Delete(sub, i, i+1)
			}
			sub = append(sub, pick(rng.IntN(3))...)
		}
		if rng.IntN(4) == 0 {
			slices.Sort(sub)
		}
		subID, ansID := table.Strings("customer_id", sub), table.Strings("customer_id", ans)
		if !plainText(subID) || !plainText(ansID) {
			t.Fatal("test columns must be plain text")
		}
		wantSub, wantAns, werr := selectByKey(subID, ansID)
		gotSub, gotAns, missing, wanted := mergeByText(subID, ansID)
		var gerr error
		if missing > 0 {
			gerr = fmt.Errorf("Submission is missing %d of the %d customers in the answers", missing, wanted)
			sawMissing++
		} else {
			sawValid++
		}
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("trial %d: sub %q ans %q: error %v, want %v", trial, sub, ans, gerr, werr)
		}
		if werr == nil && (!slices.Equal(gotSub, wantSub) || !slices.Equal(gotAns, wantAns)) {
			t.Fatalf("trial %d: sub %q ans %q: orders %v %v, want %v %v", trial, sub, ans, gotSub, gotAns, wantSub, wantAns)
		}
	}
	if sawMissing < 200 || sawValid < 200 {
		t.Fatalf("cases not covered: %d with missing customers, %d valid", sawMissing, sawValid)
	}
}

func TestAppendSplitIsSplit(t *testing.T) {
	cases := []string{"", " ", "a", "a b", " a", "a ", "a  b", "0554029013 0168917001", "x\ty z",
		"0146392005 0119593019 0837058001 0552964017 0598274012 0691566003 0854780025 0276797026 0452710027 0193311030 0833257015 0476786016",
		"        ", "         x", "!!!!!!!! !!!!!!!!", "\x00 \x01  \xa0\x20", "ab\x00cdefghijklmnop qrstuvwx yz"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = " !\x00\x01\x1f\xa0\xffa0"[rng.IntN(9)]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want := strings.Split(s, " ")
		if got := appendSplit([]string{"keep"}, s); !slices.Equal(got, append([]string{"keep"}, want...)) {
			t.Errorf("appendSplit(%q) = %q, want %q", s, got, want)
		}
		for _, max := range []int{0, 1, 2, 3, 12} {
			if got := appendPieces(nil, s, max); !slices.Equal(got, want[:min(max, len(want))]) {
				t.Errorf("appendPieces(%q, %d) = %q, want %q", s, max, got, want[:min(max, len(want))])
			}
		}
	}
}
