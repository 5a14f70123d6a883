// Package synth holds the building blocks of the competitions' synthetic raw
// downloads (competition.Impl.FakeRaw): a deterministic random source derived
// from a seed, id generators, tiny valid image files (PNG, JPEG, TIFF), WAV
// audio, zip archives and CSV files.
//
// Everything here is deterministic: the same seed and arguments give the same
// bytes on every run and platform (math/rand/v2's PCG, Go's own image
// encoders, zip entries with a fixed modification time). Nothing here tries
// to look like the real data beyond what a preparer needs: each competition's
// FakeRaw decides names, columns and sizes from its spec.
package synth

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Rand returns a random source for one part of a fake download. The stream
// name separates independent parts (e.g. "labels", "images") so adding draws
// to one part does not change the other's bytes.
func Rand(seed uint64, stream string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(stream))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

const (
	hexDigits   = "0123456789abcdef"
	lowerLetter = "abcdefghijklmnopqrstuvwxyz"
	decimal     = "0123456789"
)

// String returns n characters drawn uniformly from alphabet.
func String(r *rand.Rand, alphabet string, n int) string {
	var b strings.Builder
	b.Grow(n)
	for range n {
		b.WriteByte(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// Hex returns n random lowercase hex digits.
func Hex(r *rand.Rand, n int) string { return String(r, hexDigits, n) }

// Letters returns n random lowercase ASCII letters.
func Letters(r *rand.Rand, n int) string { return String(r, lowerLetter, n) }

// Digits returns n random decimal digits (leading zeros allowed).
func Digits(r *rand.Rand, n int) string { return String(r, decimal, n) }

// Unique draws count distinct strings from gen. It fails when gen keeps
// repeating itself (more than 100 draws per wanted string), which means its
// space is too small for count.
func Unique(count int, gen func() string) ([]string, error) {
	seen := make(map[string]bool, count)
	out := make([]string, 0, count)
	for tries := 0; len(out) < count; tries++ {
		if tries > 100*count+100 {
			return nil, fmt.Errorf("synth: only %d distinct values after %d draws, want %d", len(out), tries, count)
		}
		s := gen()
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out, nil
}

// HexIDs returns count distinct hex ids of length n that each contain at
// least one letter a-f other than 'e', so pandas reads a column of them as
// text (an all-digit id would be read as an integer, and digits with a single
// 'e' as a float such as "12e4").
func HexIDs(r *rand.Rand, count, n int) ([]string, error) {
	if n < 1 {
		return nil, fmt.Errorf("synth: hex id length %d", n)
	}
	return Unique(count, func() string {
		b := []byte(Hex(r, n))
		if !strings.ContainsAny(string(b), "abcdf") {
			b[r.IntN(n)] = "abcdf"[r.IntN(5)]
		}
		return string(b)
	})
}

// Pick returns a uniformly chosen element of s (which must not be empty).
func Pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// Balanced returns n labels cycling through classes (so each class occurs
// n/len(classes) times, ±1), shuffled by r. Use it to guarantee that every
// class appears in both sides of a split.
func Balanced[T any](r *rand.Rand, n int, classes []T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = classes[i%len(classes)]
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Rows returns opt.Rows when set and def otherwise.
func Rows(rows, def int) int {
	if rows > 0 {
		return rows
	}
	return def
}

// WriteFile writes data to path, creating parent directories.
func WriteFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	return nil
}

// SortedKeys returns the keys of m in increasing order (for deterministic
// iteration in generators).
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
