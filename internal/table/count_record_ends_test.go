package table

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// countRecordEndsBySearch is countRecordEnds as first written: quote after
// quote with bytes.IndexByte, the '\n' between counted with bytes.Count.
func countRecordEndsBySearch(data []byte) int {
	n := 0
	i := 0
	for i < len(data) {
		q := bytes.IndexByte(data[i:], '"')
		if q < 0 {
			return n + bytes.Count(data[i:], []byte{'\n'})
		}
		n += bytes.Count(data[i:i+q], []byte{'\n'})
		c := bytes.IndexByte(data[i+q+1:], '"')
		if c < 0 {
			return n
		}
		i += q + 1 + c + 1
	}
	return n
}

// TestCountRecordEndsMatchesSearch: the windowed count equals the search's
// on random texts of quotes, line ends and letters, dense and sparse,
// across window edges, with quotes left open.
func TestCountRecordEndsMatchesSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for it := 0; it < 2000; it++ {
		n := r.IntN(3 * 4096)
		quotes := []int{0, 1, 50, 500}[it%4]
		b := make([]byte, n)
		for i := range b {
			switch k := r.IntN(1000); {
			case k < quotes:
				b[i] = '"'
			case k < quotes+60:
				b[i] = '\n'
			default:
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		if got, want := countRecordEnds(b), countRecordEndsBySearch(b); got != want {
			t.Fatalf("%q: %d record ends, want %d", b, got, want)
		}
	}
	for _, s := range []string{"", "\n", `"`, "\"\n\"\n", "a\n\"b\nc\"\nd\n", `""` + "\n"} {
		if got, want := countRecordEnds([]byte(s)), countRecordEndsBySearch([]byte(s)); got != want {
			t.Fatalf("%q: %d, want %d", s, got, want)
		}
	}
}

func BenchmarkCountRecordEnds(b *testing.B) {
	var dense, sparse strings.Builder
	for i := 0; dense.Len() < 8<<20; i++ {
		dense.WriteString(`"123_45","twelve"` + "\n")
		sparse.WriteString("123,45,0.5,\"x\"\n123,45,0.5,7\n123,45,0.5,7\n123,45,0.5,7\n")
	}
	for _, bc := range []struct {
		name string
		data []byte
		f    func([]byte) int
	}{
		{"dense/window", []byte(dense.String()), countRecordEnds},
		{"dense/search", []byte(dense.String()), countRecordEndsBySearch},
		{"sparse/window", []byte(sparse.String()), countRecordEnds},
		{"sparse/search", []byte(sparse.String()), countRecordEndsBySearch},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.data)))
			for b.Loop() {
				bc.f(bc.data)
			}
		})
	}
}
