// Package plagiarism is the original's plagiarism detector
// (extras/plagiarism_detector with extras/kernels, spec
// environment-and-agents.md §4.2–4.3): it compares each agent's Python code
// with the competition's top public Kaggle kernels the way Dolos does and
// writes one report of file-pair similarities per submission.
//
// The comparison reproduces @dodona/dolos-lib 3.x with its default options:
//   - tokens: tree-sitter's Python syntax tree as "(", node type, named
//     children, ")" per named node, comments left out ([Tokens]);
//   - each token hashed as ((h + c)·747287) mod 33554393 over its UTF-16
//     code units; k-grams (k = 23) hashed by a Rabin–Karp rolling hash
//     (base 4194301, same modulus);
//   - winnowing with windows of 17 k-grams, keeping the rightmost minimum,
//     recording a fingerprint each time the selected minimum changes;
//   - a pair's similarity = (left occurrences of shared fingerprints + right
//     occurrences) / (left fingerprints + right fingerprints), no
//     fingerprint ignored (no maximum-frequency filter, no template);
//   - pairs of files in input order (i < j), stably sorted by total overlap.
package plagiarism

const (
	tokenMod    = 33554393
	tokenBase   = 747287
	rollingBase = 4194301

	// KgramLength and KgramsInWindow are Dolos' defaults.
	KgramLength    = 23
	KgramsInWindow = 17
)

// hashToken is Dolos' TokenHash over the token's UTF-16 code units.
func hashToken(tok string) int64 {
	var h int64
	for _, r := range tok {
		if r >= 0x10000 {
			r -= 0x10000
			h = ((h + int64(0xD800+(r>>10))) * tokenBase) % tokenMod
			h = ((h + int64(0xDC00+(r&0x3FF))) * tokenBase) % tokenMod
			continue
		}
		h = ((h + int64(r)) * tokenBase) % tokenMod
	}
	return h
}

// rolling is Dolos' RollingHash over a window of k token hashes.
type rolling struct {
	hash, maxBase int64
	memory        []int64
	i             int
}

func newRolling(k int) *rolling {
	return &rolling{maxBase: tokenMod - modPow(rollingBase, k, tokenMod), memory: make([]int64, k)}
}

func (r *rolling) next(tok int64) int64 {
	r.hash = (rollingBase*r.hash + tok + r.maxBase*r.memory[r.i]) % tokenMod
	r.memory[r.i] = tok
	r.i = (r.i + 1) % len(r.memory)
	return r.hash
}

// modPow is base^exp mod m as Dolos computes it (exp ≥ 1).
func modPow(base int64, exp int, m int64) int64 {
	y, b, e := int64(1), base, exp
	for e > 1 {
		if e&1 == 1 {
			y = (b * y) % m
		}
		b = (b * b) % m
		e >>= 1
	}
	return (b * y) % m
}

// Fingerprint is a selected k-gram: its hash and first token's index.
type Fingerprint struct {
	Hash  int64
	Start int
}

// Winnow selects the fingerprints of a token stream.
func Winnow(tokens []string, k, window int) []Fingerprint {
	const maxSafe = 1<<53 - 1
	h := newRolling(k)
	buf := make([]int64, window)
	for i := range buf {
		buf[i] = maxSafe
	}
	filePos, bufPos, minPos := -k, 0, 0
	var out []Fingerprint
	for _, tok := range tokens {
		th := hashToken(tok)
		filePos++
		if filePos < 0 {
			h.next(th)
			continue
		}
		bufPos = (bufPos + 1) % window
		buf[bufPos] = h.next(th)
		if minPos == bufPos {
			for i := (bufPos + 1) % window; i != bufPos; i = (i + 1) % window {
				if buf[i] <= buf[minPos] {
					minPos = i
				}
			}
			out = append(out, Fingerprint{Hash: buf[minPos], Start: filePos + (minPos-bufPos-window)%window})
		} else if buf[bufPos] <= buf[minPos] {
			minPos = bufPos
			out = append(out, Fingerprint{Hash: buf[minPos], Start: filePos + (minPos-bufPos-window)%window})
		}
	}
	return out
}
