package table

import (
	"math/rand/v2"
	"testing"
)

// TestUnquoteMatchesUnescape: unquote gives the value unescape gives, on
// random quoted fields.
func TestUnquoteMatchesUnescape(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 20000; trial++ {
		n := 1 + r.IntN(12)
		field := []byte{'"'}
		for range n - 1 {
			field = append(field, `"ab,"x`[r.IntN(6)])
		}
		a := append([]byte("pre"), field...)
		b := append([]byte(nil), a...)
		we := unescape(a, 3, len(a))
		vs, ve := unquote(b, 3, len(b))
		if string(a[3:we]) != string(b[vs:ve]) {
			t.Fatalf("field %q: unescape %q, unquote %q", field, a[3:we], b[vs:ve])
		}
	}
}
