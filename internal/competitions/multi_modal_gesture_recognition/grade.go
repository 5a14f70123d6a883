package multi_modal_gesture_recognition

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the total Levenshtein distance over gesture tokens divided by the
// number of true gestures.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same number of rows (%d, expected %d)", sub.Len(), ans.Len())
	}
	subID, ok1 := sub.Col("Id")
	if !ok1 {
		return competition.Score{}, competition.Invalid("Submission must have an 'Id' column")
	}
	subSeq, ok2 := sub.Col("Sequence")
	if !ok2 {
		return competition.Score{}, competition.Invalid("Submission must have a 'Sequence' column")
	}
	ansID, ok1 := ans.Col("Id")
	ansSeq, ok2 := ans.Col("Sequence")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Sequence, got %v", ans.Names())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same Ids")
	}
	truths := make([][]uint64, len(ansIdx))
	for k, i := range ansIdx {
		keys, err := tokenKeys(ansSeq.Str(i))
		if err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
		truths[k] = keys
	}
	var distance, gestures int64
	for k, i := range subIdx {
		pred, err := tokenKeys(subSeq.Str(i))
		if err != nil {
			return competition.Score{}, competition.Invalid("Submission Sequence must be space-separated integers: %v", err)
		}
		distance += int64(Levenshtein(truths[k], pred))
		gestures += int64(len(truths[k]))
	}
	return competition.Numpy(float64(distance) / float64(gestures)), nil
}

// Levenshtein is the unit-cost edit distance between two token lists.
func Levenshtein(a, b []uint64) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// pySpace reports whether Python's str.split() splits on r.
func pySpace(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }

// tokenKeys splits s as str.split() does and returns each token's symbol
// key, failing as int() does on a token that is not an integer.
func tokenKeys(s string) ([]uint64, error) {
	fields := strings.FieldsFunc(s, pySpace)
	keys := make([]uint64, len(fields))
	for i, f := range fields {
		k, err := tokenKey(f)
		if err != nil {
			return nil, err
		}
		keys[i] = k
	}
	return keys, nil
}

// hashModulus is CPython's integer hash modulus, 2**61 - 1.
const hashModulus = 1<<61 - 1

var errInt = errors.New("invalid literal for int() with base 10")

// tokenKey parses tok as Python's int(tok) (optional sign, Unicode decimal
// digits, single underscores between digits) and returns rapidfuzz's key
// for it: all ones for -1, otherwise Python's hash(n) as a 64-bit two's
// complement value (n mod 2**61-1 with the sign of n; -1 becomes -2).
func tokenKey(tok string) (uint64, error) {
	s := tok
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	digits := make([]byte, 0, len(s))
	prevDigit := false
	for _, r := range s {
		switch {
		case r == '_':
			if !prevDigit {
				return 0, fmt.Errorf("%w: %q", errInt, tok)
			}
			prevDigit = false
		case unicode.IsDigit(r):
			digits = append(digits, byte('0'+digitValue(r)))
			prevDigit = true
		default:
			return 0, fmt.Errorf("%w: %q", errInt, tok)
		}
	}
	if len(digits) == 0 || !prevDigit {
		return 0, fmt.Errorf("%w: %q", errInt, tok)
	}
	if t := strings.TrimLeft(string(digits), "0"); t != "" {
		digits = []byte(t)
	} else {
		digits = []byte("0")
	}
	var mag uint64 // |n| mod M
	isOne := false
	if len(digits) <= 18 {
		v, _ := strconv.ParseUint(string(digits), 10, 64)
		isOne = v == 1
		mag = v % hashModulus
	} else {
		var n big.Int
		n.SetString(string(digits), 10)
		mag = new(big.Int).Mod(&n, big.NewInt(hashModulus)).Uint64()
	}
	if !neg {
		return mag, nil
	}
	if isOne {
		return ^uint64(0), nil // -1
	}
	h := -int64(mag)
	if h == -1 {
		h = -2
	}
	return uint64(h), nil
}

// digitValue is the decimal value of a Unicode decimal digit: Nd digits
// come in contiguous runs of 0..9, so it is the distance from the start of
// the run, modulo 10.
func digitValue(r rune) int {
	n := 0
	for unicode.IsDigit(r - 1) {
		r--
		n++
	}
	return n % 10
}
