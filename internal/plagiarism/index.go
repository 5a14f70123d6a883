package plagiarism

import "sort"

// File is one tokenized file.
type File struct {
	Path   string
	Tokens []string
}

// Pair is the similarity of two files.
type Pair struct {
	Left, Right string
	Similarity  float64
	Overlap     int // left + right occurrences of shared fingerprints
}

// Analyze compares every pair of files as Dolos' FingerprintIndex.allPairs
// does with the default options, in its order (i < j in input order, stably
// sorted by total overlap, largest first).
func Analyze(files []File) []Pair {
	type entry struct {
		total int
		occ   map[int64]int // hash → occurrences in the file
	}
	entries := make([]entry, len(files))
	for i, f := range files {
		fps := Winnow(f.Tokens, KgramLength, KgramsInWindow)
		e := entry{total: len(fps), occ: map[int64]int{}}
		for _, fp := range fps {
			e.occ[fp.Hash]++
		}
		entries[i] = e
	}
	var pairs []Pair
	for i := range files {
		for j := i + 1; j < len(files); j++ {
			l, r := entries[i], entries[j]
			lc, rc := 0, 0
			for h, n := range l.occ {
				if m, ok := r.occ[h]; ok {
					lc += n
					rc += m
				}
			}
			p := Pair{Left: files[i].Path, Right: files[j].Path, Overlap: lc + rc}
			if d := l.total + r.total; d > 0 {
				p.Similarity = float64(lc+rc) / float64(d)
			}
			pairs = append(pairs, p)
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].Overlap > pairs[b].Overlap })
	return pairs
}
