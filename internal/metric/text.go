package metric

import (
	"errors"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Levenshtein is the edit distance of python-Levenshtein ≥ 0.25
// (Levenshtein.distance(a, b), i.e. rapidfuzz's Levenshtein with weights
// (1, 1, 1)) between two strings: the minimum number of single code point
// insertions, deletions and substitutions, no transpositions. Strings are
// compared as sequences of Unicode code points (Go runes), as Python str
// values are; invalid UTF-8 bytes each count as one U+FFFD.
//
// Result type: Python int (average with [MeanInts]).
func Levenshtein(a, b string) int {
	if IsASCII(a) && IsASCII(b) {
		return levenshteinASCII(a, b)
	}
	return LevenshteinSeq([]rune(a), []rune(b))
}

// IsASCII reports whether every byte of s is below 0x80: then each byte is
// one code point.
func IsASCII(s string) bool {
	// Eight bytes at a time: their high bits, or-ed together.
	var hi uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		hi |= uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
	}
	for ; i < len(s); i++ {
		hi |= uint64(s[i])
	}
	return hi&0x8080808080808080 == 0
}

// levenshteinASCII is [Levenshtein] of two ASCII strings (one byte is one
// code point) without converting them: the common prefix and suffix are
// stripped, and when the shorter rest fits in a machine word the distance
// is computed with Myers' bit-parallel algorithm (Hyyrö's formulation for
// the edit distance), otherwise with the row-by-row dynamic program.
func levenshteinASCII(a, b string) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(b) == 0 {
		return len(a)
	}
	if len(b) > 64 {
		return LevenshteinSeq([]byte(a), []byte(b))
	}
	// b is the pattern (m ≤ 64 bits), a the text.
	var peq [128]uint64
	for i := 0; i < len(b); i++ {
		peq[b[i]] |= 1 << uint(i)
	}
	m := len(b)
	last := uint64(1) << uint(m-1)
	pv, mv := ^uint64(0), uint64(0)
	score := m
	for i := 0; i < len(a); i++ {
		eq := peq[a[i]]
		xv := eq | mv
		xh := (((eq & pv) + pv) ^ pv) | eq
		ph := mv | ^(xh | pv)
		mh := pv & xh
		if ph&last != 0 {
			score++
		} else if mh&last != 0 {
			score--
		}
		ph = ph<<1 | 1
		mh <<= 1
		pv = mh | ^(xv | ph)
		mv = ph & xv
	}
	return score
}

// LevenshteinSeq is the unit-cost edit distance between two sequences of
// comparable tokens (Levenshtein.distance on Python lists of hashables).
// It runs in O(len(a)·len(b)) time and O(min) memory.
//
// Result type: Python int.
func LevenshteinSeq[T comparable](a, b []T) int {
	// Strip the common prefix and suffix: they never change the distance.
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(b) == 0 {
		return len(a)
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := diag
			if a[i-1] != b[j-1] {
				cost++
			}
			diag = row[j]
			row[j] = min(cost, row[j]+1, row[j-1]+1)
		}
	}
	return row[len(b)]
}

// MeanInts is np.mean of a list of Python ints (e.g. per-row edit
// distances): numpy sums them as float64 in buffered blocks, which is exact
// while the total stays below 2^53, so the result is float64(Σ)/n. An empty
// list gives NaN.
//
// Result type: numpy float64.
func MeanInts(v []int) float64 {
	if len(v) == 0 {
		return nanValue()
	}
	var s int64
	for _, x := range v {
		s += int64(x)
	}
	return float64(s) / float64(len(v))
}

// PyIsSpace is Python's str.isspace for one code point: Unicode White_Space
// plus the separators U+001C–U+001F that Python also treats as whitespace.
func PyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// PySplit is Python's str.split() with no arguments: the string split on
// runs of whitespace ([PyIsSpace]), leading and trailing whitespace
// ignored, so an empty or all-space string gives no fields.
func PySplit(s string) []string {
	return strings.FieldsFunc(s, PyIsSpace)
}

// The classes of a byte for PyFields: ASCII whitespace, other ASCII, or
// the first byte of a multi-byte (or invalid) sequence.
const (
	pyWord uint8 = iota
	pySpace
	pyNonASCII
)

// pyByteClass is each byte's class: a table lookup instead of the
// comparisons, in the loop every tag and token passes through.
var pyByteClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = pyNonASCII
		case c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f):
			t[c] = pySpace
		}
	}
	return t
}()

// PyFields yields the fields of [PySplit] one by one, without building
// the slice.
func PyFields(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(s); {
			w := 1
			space := pyByteClass[s[i]]
			if space == pyNonASCII {
				var r rune
				r, w = utf8.DecodeRuneInString(s[i:])
				space = pyWord
				if PyIsSpace(r) {
					space = pySpace
				}
			}
			if space == pySpace {
				if start >= 0 {
					if !yield(s[start:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i += w
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// PyLower is Python 3's str.lower(): full Unicode lowercase mapping. It
// differs from strings.ToLower in the two places Python applies
// SpecialCasing: U+0130 (İ) becomes "i̇" (i + U+0307), and a capital sigma
// in word-final position (preceded by a cased letter and not followed by
// one, ignoring case-ignorable characters in between) becomes final sigma
// ς rather than σ.
func PyLower(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		switch r {
		case 0x130:
			b.WriteString("i\u0307")
		case 0x3a3:
			b.WriteRune(lowerSigma(rs, i))
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func lowerSigma(rs []rune, i int) rune {
	j := i - 1
	for j >= 0 && isCaseIgnorable(rs[j]) {
		j--
	}
	final := j >= 0 && isCased(rs[j])
	if final && i+1 < len(rs) {
		j = i + 1
		for j < len(rs) && isCaseIgnorable(rs[j]) {
			j++
		}
		final = j == len(rs) || !isCased(rs[j])
	}
	if final {
		return 0x3c2
	}
	return 0x3c3
}

func isCased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// isCaseIgnorable approximates Unicode's Case_Ignorable: categories Mn, Me,
// Cf, Lm, Sk plus the Word_Break MidLetter/MidNumLet/Single_Quote characters.
func isCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xb7, 0x387, 0x55f, 0x5f4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// ErrZeroDivision is Python's ZeroDivisionError text for a float division
// (float(x) / 0), returned where a grader's plain-Python division by zero
// would raise.
var ErrZeroDivision = errors.New("float division by zero")

// JaccardSets is the Jaccard similarity of the sets formed by two token
// lists: |A∩B| / (|A| + |B| − |A∩B|) as one Python float division
// (duplicates within a list count once). Both sets empty is Python's
// ZeroDivisionError ([ErrZeroDivision]), as in graders that divide
// directly.
//
// Result type: Python float.
func JaccardSets[T comparable](a, b []T) (float64, error) {
	sa := make(map[T]struct{}, len(a))
	for _, x := range a {
		sa[x] = struct{}{}
	}
	sb := make(map[T]struct{}, len(b))
	for _, x := range b {
		sb[x] = struct{}{}
	}
	inter := 0
	for x := range sa {
		if _, ok := sb[x]; ok {
			inter++
		}
	}
	den := len(sa) + len(sb) - inter
	if den == 0 {
		return nanValue(), ErrZeroDivision
	}
	return float64(inter) / float64(den), nil
}

// WordJaccard is the word-level Jaccard of tweet-sentiment-extraction style
// graders: [JaccardSets] of PySplit(PyLower(a)) and PySplit(PyLower(b)),
// i.e. Python's set(s.lower().split()).
//
// Result type: Python float.
func WordJaccard(a, b string) (float64, error) {
	return JaccardSets(PySplit(PyLower(a)), PySplit(PyLower(b)))
}

// JaccardSamples is sklearn.metrics.jaccard_score(y_true, y_pred,
// average="samples") of scikit-learn 1.5 on multilabel data given as one
// label list per sample (what MultiLabelBinarizer would one-hot encode;
// duplicates count once): per sample |T∩P| / |T∪P|, 0.0 when both are empty
// (zero_division="warn"), then np.average ([Mean]). Different numbers of
// samples are sklearn's inconsistent-length error.
//
// Result type: numpy float64.
func JaccardSamples[T comparable](yTrue, yPred [][]T) (float64, error) {
	if err := checkConsistentLength(len(yTrue), len(yPred)); err != nil {
		return nanValue(), err
	}
	scores := make([]float64, len(yTrue))
	for i := range yTrue {
		j, err := JaccardSets(yTrue[i], yPred[i])
		if err != nil {
			j = 0
		}
		scores[i] = j
	}
	return Mean(scores), nil
}
