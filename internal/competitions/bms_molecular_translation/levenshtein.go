package bms_molecular_translation

// This file computes the same edit distance as metric.Levenshtein (unit
// costs, code points), faster: after stripping the common prefix and
// suffix it runs Myers' bit-vector algorithm (Myers 1999, with the block
// decomposition for patterns longer than 64 code points), O(⌈m/64⌉·n)
// word operations instead of O(m·n) cells. TestLevenshteinMatchesDP checks
// it against metric.Levenshtein.

import (
	"unsafe"

	"github.com/mlebench/mlebench/internal/metric"
)

// editDistancer holds reusable buffers; one per goroutine.
type editDistancer struct {
	ascii  [128][]uint64
	other  map[rune][]uint64
	pv, mv []uint64
	ra, rb []rune
	// peq64 is myers64's match table, all zero between calls.
	peq64 [256]uint64
}

func (e *editDistancer) distance(a, b string) int {
	if metric.IsASCII(a) && metric.IsASCII(b) {
		// Code points are bytes: no decoding, and no copy (views of the
		// strings' bytes, only read).
		return distanceOf(e, unsafe.Slice(unsafe.StringData(a), len(a)), unsafe.Slice(unsafe.StringData(b), len(b)))
	}
	e.ra = appendRunes(e.ra[:0], a)
	e.rb = appendRunes(e.rb[:0], b)
	return distanceOf(e, e.ra, e.rb)
}

// distanceOf is the distance of two code point sequences: the common
// prefix and suffix stripped, then one machine word when the rest of the
// shorter is at most 64 bytes (myers64), else the general myers.
func distanceOf[T byte | rune](e *editDistancer, x, y []T) int {
	for len(x) > 0 && len(y) > 0 && x[0] == y[0] {
		x, y = x[1:], y[1:]
	}
	for len(x) > 0 && len(y) > 0 && x[len(x)-1] == y[len(y)-1] {
		x, y = x[:len(x)-1], y[:len(y)-1]
	}
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) == 0 {
		return len(y)
	}
	if p, ok := any(x).([]byte); ok && len(p) <= 64 {
		return e.myers64(p, any(y).([]byte))
	}
	return myers(e, x, y)
}

func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// myers returns the edit distance between pattern p (non-empty) and text t.
func myers[T byte | rune](e *editDistancer, p, t []T) int {
	m := len(p)
	words := (m + 63) / 64
	// Match vectors: bit i of word w is set where p[64w+i] == c.
	for i, c := range p {
		v := e.peq(rune(c), words, true)
		v[i/64] |= 1 << (i % 64)
	}
	defer func() {
		for _, c := range p {
			if rune(c) < 128 {
				e.ascii[c] = e.ascii[c][:0]
			}
		}
		clear(e.other)
	}()
	if cap(e.pv) < words {
		e.pv, e.mv = make([]uint64, words), make([]uint64, words)
	}
	pvs, mvs := e.pv[:words], e.mv[:words]
	for w := range pvs {
		pvs[w], mvs[w] = ^uint64(0), 0
	}
	last := uint64(1) << ((m - 1) % 64)
	score := m
	for _, c := range t {
		eqs := e.peq(rune(c), words, false)
		hin := 1 // the first row rises by one per column
		for w := range words {
			var eq uint64
			if eqs != nil {
				eq = eqs[w]
			}
			pv, mv := pvs[w], mvs[w]
			xv := eq | mv
			if hin < 0 {
				eq |= 1
			}
			xh := (((eq & pv) + pv) ^ pv) | eq
			ph := mv | ^(xh | pv)
			mh := pv & xh
			high := uint64(1) << 63
			if w == words-1 {
				high = last
			}
			hout := 0
			if ph&high != 0 {
				hout = 1
			} else if mh&high != 0 {
				hout = -1
			}
			ph <<= 1
			mh <<= 1
			if hin < 0 {
				mh |= 1
			} else if hin > 0 {
				ph |= 1
			}
			pvs[w] = mh | ^(xv | ph)
			mvs[w] = ph & xv
			hin = hout
		}
		score += hin
	}
	return score
}

// peq returns the match vector of c (nil when c is not in the pattern and
// create is false).
func (e *editDistancer) peq(c rune, words int, create bool) []uint64 {
	if c >= 0 && c < 128 {
		v := e.ascii[c]
		if len(v) == 0 {
			if !create {
				return nil
			}
			if cap(v) < words {
				v = make([]uint64, words)
			}
			v = v[:words]
			clear(v)
			e.ascii[c] = v
		}
		return v
	}
	v, ok := e.other[c]
	if !ok {
		if !create {
			return nil
		}
		if e.other == nil {
			e.other = map[rune][]uint64{}
		}
		v = make([]uint64, words)
		e.other[c] = v
	}
	return v
}

// myers64 is myers for a pattern p of 1 to 64 bytes and text t: one word per column, the match vectors in a table indexed by byte,
// and the score's step taken from the two disjoint last bits without a
// branch.
func (e *editDistancer) myers64(p, t []byte) int {
	peq := &e.peq64
	for i := 0; i < len(p); i++ {
		peq[p[i]] |= 1 << i
	}
	m := uint(len(p))
	last := m - 1
	pv, mv := ^uint64(0), uint64(0)
	score := int(m)
	for i := 0; i < len(t); i++ {
		eq := peq[t[i]]
		xv := eq | mv
		xh := (((eq & pv) + pv) ^ pv) | eq
		ph := mv | ^(xh | pv)
		mh := pv & xh
		// ph and mh never share a bit (pv and mv never do).
		score += int(ph>>last&1) - int(mh>>last&1)
		ph = ph<<1 | 1 // the first row rises by one per column
		mh <<= 1
		pv = mh | ^(xv | ph)
		mv = ph & xv
	}
	for i := 0; i < len(p); i++ {
		peq[p[i]] = 0
	}
	return score
}
