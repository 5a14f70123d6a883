package leak

import (
	"encoding/binary"
	"encoding/hex"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
)

// A value is compared by a 64-bit hash of its canonical text ([canon]):
// the empty value hashes to 0 and no other value does. Two different values
// share a hash with probability 2^-64 per pair (the seed is random per
// scan), which the scan accepts in exchange for holding 8 bytes per answer
// cell instead of its text.

// Hex digest classes of a canonical public value (see [hasher.cell]).
const (
	hexNone   = 0
	hexMD5    = 1 // 32 hex digits
	hexSHA1   = 2 // 40
	hexSHA256 = 3 // 64
)

// hasher hashes canonical values; one per goroutine (it has a buffer).
type hasher struct {
	seed maphash.Seed
	buf  []byte
}

// shortInt: an integer of at most 6 digits without leading zeros, which
// is its own canonical form (FormatFloat 'g' switches to an exponent at 7
// digits).
func shortInt(s string) bool {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 6 || (d[0] == '0' && len(d) > 1) {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// mayBeNumber is false for text strconv.ParseFloat surely rejects (and
// whose rejection would allocate an error): past an optional sign, a
// decimal literal has only digits, '.', 'e', 'E', '+', '-' and '_'; hex
// literals start with 0x, and inf/infinity/nan with i or n.
func mayBeNumber(s string) bool {
	d := s
	if d[0] == '+' || d[0] == '-' {
		if len(d) == 1 {
			return false
		}
		d = d[1:]
	}
	switch c := d[0]; {
	case c == 'i' || c == 'I' || c == 'n' || c == 'N':
		return true
	case len(d) > 1 && c == '0' && (d[1] == 'x' || d[1] == 'X'):
		return true
	case !(c >= '0' && c <= '9' || c == '.'):
		return false
	}
	for i := 1; i < len(d); i++ {
		switch c := d[i]; {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-', c == '_':
		default:
			return false
		}
	}
	return true
}

func hexClass(s string) int {
	switch len(s) {
	case 32, 40, 64:
	default:
		return hexNone
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return hexNone
		}
	}
	switch len(s) {
	case 32:
		return hexMD5
	case 40:
		return hexSHA1
	}
	return hexSHA256
}

// cell returns the hash of canon(s) and, when canon(s) is a hex string of
// a digest's length, its class.
func (h *hasher) cell(s string) (uint64, int) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, hexNone
	}
	var v uint64
	class := hexNone
	if !shortInt(s) && mayBeNumber(s) {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			h.buf = strconv.AppendFloat(h.buf[:0], f, 'g', -1, 64)
			v = maphash.Bytes(h.seed, h.buf)
			if v == 0 {
				v = 1
			}
			return v, hexNone
		}
	}
	v = maphash.String(h.seed, s)
	class = hexClass(s)
	if v == 0 {
		v = 1
	}
	return v, class
}

// hash is [hasher.cell] without the class.
func (h *hasher) hash(s string) uint64 {
	v, _ := h.cell(s)
	return v
}

// hexPrefix is the first 8 bytes of the digest a hex value spells
// (lowercasing it first, as the comparison does).
func hexPrefix(s string) uint64 {
	var b [8]byte
	if _, err := hex.Decode(b[:], []byte(strings.ToLower(strings.TrimSpace(s)[:16]))); err != nil {
		return 0
	}
	return binary.BigEndian.Uint64(b[:])
}

// mix is splitmix64's finalizer: a bijection that makes the second
// multiset sum independent of the first.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// joinTable maps an id hash to the last answer row holding it (open
// addressing, 12 bytes a slot, at most half full).
type joinTable struct {
	keys    []uint64
	vals    []int32
	mask    uint64
	hasZero bool // the empty id
	zero    int32
}

func newJoinTable(ids []uint64) *joinTable {
	size := 8
	for size < 2*len(ids) {
		size <<= 1
	}
	t := &joinTable{keys: make([]uint64, size), vals: make([]int32, size), mask: uint64(size - 1)}
	for i, k := range ids {
		t.put(k, int32(i))
	}
	return t
}

func (t *joinTable) put(k uint64, v int32) {
	if k == 0 {
		t.hasZero, t.zero = true, v
		return
	}
	for i := k & t.mask; ; i = (i + 1) & t.mask {
		if t.keys[i] == 0 || t.keys[i] == k {
			t.keys[i], t.vals[i] = k, v
			return
		}
	}
}

func (t *joinTable) get(k uint64) (int32, bool) {
	if k == 0 {
		return t.zero, t.hasZero
	}
	for i := k & t.mask; ; i = (i + 1) & t.mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
}

// distinctHashes counts distinct values, stopping past 1000 (as distinct).
func distinctHashes(v []uint64) int {
	m := map[uint64]struct{}{}
	for _, s := range v {
		m[s] = struct{}{}
		if len(m) > 1000 {
			break
		}
	}
	return len(m)
}

// majorityHashes is majority on hashes (sorting a copy: 8 bytes a row,
// less than a map of counts).
func majorityHashes(v []uint64) int {
	s := slices.Clone(v)
	slices.Sort(s)
	best := 0
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		best = max(best, j-i)
		i = j
	}
	return best
}
