package metric

import (
	"math/bits"
	"slices"

	"github.com/mlebench/mlebench/internal/bigslice"
)

// Sorting the order-preserving uint64 keys of the ROC AUC's scores
// ([floatKey]) in place, without a second array of the keys' size.
//
// sortKeys partitions by the most significant byte on which the keys
// differ (an in-place "American flag" pass: counts, then each key swapped
// into its bucket), recursing into buckets larger than keySortLeaf keys;
// a bucket of at most keySortLeaf keys is finished by an LSD radix sort
// on its lower bytes with a scratch buffer of keySortLeaf keys, reused by
// every bucket (512 KiB, so the scatter stays in the cache), and a bucket
// of at most keySortSmall keys by slices.Sort. For 10⁶ scores in [0, 1]
// this touches 8 MB of keys instead of 16 MB for keys and an LSD sort's
// second array, and is no slower than one LSD sort over the whole array.
//
// The result is the ascending order of the keys, so any correct sort gives
// the same array (TestSortKeysMatchesSort).

const (
	keySortLeaf  = 1 << 16
	keySortSmall = 48
)

// sortKeys sorts a ascending in place.
func sortKeys(a []uint64) {
	if len(a) <= keySortSmall {
		slices.Sort(a)
		return
	}
	var scratch []uint64
	if len(a) <= keySortLeaf {
		scratch = make([]uint64, len(a))
	} else {
		scratch = make([]uint64, keySortLeaf)
	}
	sortKeysMSD(a, scratch)
}

func sortKeysMSD(a, scratch []uint64) {
	if len(a) <= keySortSmall {
		slices.Sort(a)
		return
	}
	or, and := uint64(0), ^uint64(0)
	for _, v := range a {
		or |= v
		and &= v
	}
	diff := or ^ and
	if diff == 0 {
		return // all equal
	}
	// The keys agree on every byte above d.
	d := uint(63-bits.LeadingZeros64(diff)) / 8
	if len(a) <= keySortLeaf {
		lsdKeys(a, scratch[:len(a)], d)
		return
	}
	shift := 8 * d
	var counts [256]int
	for _, v := range a {
		counts[byte(v>>shift)]++
	}
	var heads, tails [256]int
	sum := 0
	for b, c := range counts {
		heads[b] = sum
		sum += c
		tails[b] = sum
	}
	for b := range 256 {
		for heads[b] < tails[b] {
			v := a[heads[b]]
			t := byte(v >> shift)
			for int(t) != b {
				// Put v at its bucket's next free place; carry on with
				// the key that was there.
				v, a[heads[t]] = a[heads[t]], v
				heads[t]++
				t = byte(v >> shift)
			}
			a[heads[b]] = v
			heads[b]++
		}
	}
	start := 0
	for _, c := range counts {
		if c > 1 {
			sortKeysMSD(a[start:start+c], scratch)
		}
		start += c
	}
}

// lsdKeys sorts a (keys agreeing on every byte above byte d) with an LSD
// radix sort on bytes 0..d, using buf (same length) as scratch; the result
// ends in a. Byte positions on which all keys agree are skipped.
func lsdKeys(a, buf []uint64, d uint) {
	var counts [8][256]int32
	for _, v := range a {
		counts[0][byte(v)]++
		counts[1][byte(v>>8)]++
		counts[2][byte(v>>16)]++
		counts[3][byte(v>>24)]++
		counts[4][byte(v>>32)]++
		counts[5][byte(v>>40)]++
		counts[6][byte(v>>48)]++
		counts[7][byte(v>>56)]++
	}
	src, dst := a, buf
	for k := uint(0); k <= d; k++ {
		shift := 8 * k
		c := &counts[k]
		if int(c[byte(src[0]>>shift)]) == len(src) {
			continue
		}
		sum := int32(0)
		for b := range c {
			t := c[b]
			c[b] = sum
			sum += t
		}
		for _, v := range src {
			b := byte(v >> shift)
			dst[c[b]] = v
			c[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &a[0] {
		copy(a, src)
	}
}

// classKeyBits is the width of the bit window by which classKeys
// distributes the keys into buckets while it writes them.
const classKeyBits = 11

// classKeys returns the keys ([floatKey]) of the scores of the positive
// samples (yTrue[i] == pos) in keys[:nPos] and of the negative ones in
// keys[nPos:], each part sorted ascending.
//
// The first partition of the sort is made while the keys are written:
// one pass finds the highest bit on which the keys differ, one counts
// each class's keys per value of the classKeyBits bits from there down,
// one writes every key straight into its class's bucket; each bucket is
// then finished by sortKeysMSD (for 10⁶ uniform scores, buckets of a few
// thousand keys sorted in the cache). The only array of the input's size
// is keys itself.
func classKeys[T int64 | float64](yTrue []T, yScore []float64, pos T) (keys []uint64, nPos int) {
	n := len(yScore)
	keys = bigslice.Uint64s(n, 0)
	if n <= keySortLeaf {
		for i := range yScore {
			if yTrue[i] == pos {
				nPos++
			}
		}
		p, q := 0, nPos
		for i, s := range yScore {
			if yTrue[i] == pos {
				keys[p] = floatKey(s)
				p++
			} else {
				keys[q] = floatKey(s)
				q++
			}
		}
		sortKeys(keys[:nPos])
		sortKeys(keys[nPos:])
		return keys, nPos
	}
	or, and := uint64(0), ^uint64(0)
	for _, s := range yScore {
		k := floatKey(s)
		or |= k
		and &= k
	}
	shift := 0
	if hb := 63 - bits.LeadingZeros64(or^and); hb >= classKeyBits {
		shift = hb + 1 - classKeyBits
	}
	// The keys agree on every bit above the window, so bucket order is
	// key order. Positives' buckets come first, then negatives'.
	const nb = 1 << classKeyBits
	counts := make([]int, 2*nb)
	for i, s := range yScore {
		b := int(floatKey(s)>>shift) & (nb - 1)
		if yTrue[i] != pos {
			b += nb
		}
		counts[b]++
	}
	sum := 0
	for b, c := range counts {
		counts[b] = sum
		sum += c
	}
	nPos = counts[nb]
	for i, s := range yScore {
		k := floatKey(s)
		b := int(k>>shift) & (nb - 1)
		if yTrue[i] != pos {
			b += nb
		}
		keys[counts[b]] = k
		counts[b]++
	}
	// counts[b] is now the end of bucket b.
	scratch := make([]uint64, min(n, keySortLeaf))
	start := 0
	for _, end := range counts {
		if end-start > 1 {
			sortKeysMSD(keys[start:end], scratch)
		}
		start = end
	}
	return keys, nPos
}
