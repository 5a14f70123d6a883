package three_d_object_detection_for_autonomous_vehicles

// sortByScoreDesc returns the order of sorted(range(len(keys)),
// key=keys.__getitem__, reverse=True) as CPython (3.11–3.12) computes it:
// the list is reversed, sorted ascending with "<" by listsort (timsort:
// count_run, binary insertion up to minrun, powersort merge policy,
// galloping merges), and reversed back.
//
// Without NaN keys "<" is a total order and the result is the stable
// descending order; with NaN (every comparison false) it depends on every
// step of the algorithm, which is why it is reproduced step by step.
func sortByScoreDesc(keys []float64) []int {
	n := len(keys)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = n - 1 - i // reversed
	}
	s := &timsort{a: idx, less: func(x, y int) bool { return keys[x] < keys[y] }, minGallop: minGallop}
	s.sort()
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		idx[i], idx[j] = idx[j], idx[i]
	}
	return idx
}

const minGallop = 7

type run struct{ base, len, power int }

type timsort struct {
	a         []int
	less      func(x, y int) bool
	minGallop int
	pending   []run
}

func (s *timsort) sort() {
	n := len(s.a)
	if n < 2 {
		return
	}
	minrun := computeMinrun(n)
	lo, remaining := 0, n
	for remaining > 0 {
		rn, descending := s.countRun(lo, lo+remaining)
		if descending {
			reverseInts(s.a[lo : lo+rn])
		}
		if rn < minrun {
			force := min(remaining, minrun)
			s.binarySort(lo, lo+force, lo+rn)
			rn = force
		}
		s.foundNewRun(rn)
		s.pending = append(s.pending, run{base: lo, len: rn})
		lo += rn
		remaining -= rn
	}
	for len(s.pending) > 1 {
		k := len(s.pending) - 2
		if k > 0 && s.pending[k-1].len < s.pending[k+1].len {
			k--
		}
		s.mergeAt(k)
	}
}

func computeMinrun(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

func reverseInts(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

// countRun is count_run: the length of the run starting at lo, and whether
// it is strictly descending.
func (s *timsort) countRun(lo, hi int) (int, bool) {
	if lo+1 == hi {
		return 1, false
	}
	n := 2
	if s.less(s.a[lo+1], s.a[lo]) {
		for i := lo + 2; i < hi && s.less(s.a[i], s.a[i-1]); i++ {
			n++
		}
		return n, true
	}
	for i := lo + 2; i < hi && !s.less(s.a[i], s.a[i-1]); i++ {
		n++
	}
	return n, false
}

// binarySort is binarysort: a[lo:start] is sorted; insert the rest.
func (s *timsort) binarySort(lo, hi, start int) {
	if lo == start {
		start++
	}
	for ; start < hi; start++ {
		pivot := s.a[start]
		l, r := lo, start
		for l < r {
			p := l + (r-l)>>1
			if s.less(pivot, s.a[p]) {
				r = p
			} else {
				l = p + 1
			}
		}
		copy(s.a[l+1:start+1], s.a[l:start])
		s.a[l] = pivot
	}
}

// foundNewRun is the powersort merge policy of found_new_run.
func (s *timsort) foundNewRun(n2 int) {
	if len(s.pending) == 0 {
		return
	}
	p := s.pending
	s1, n1 := p[len(p)-1].base, p[len(p)-1].len
	power := powerloop(s1, n1, n2, len(s.a))
	for len(s.pending) > 1 && s.pending[len(s.pending)-2].power > power {
		s.mergeAt(len(s.pending) - 2)
	}
	s.pending[len(s.pending)-1].power = power
}

func powerloop(s1, n1, n2, n int) int {
	result := 0
	a := 2*s1 + n1
	b := a + n1 + n2
	for {
		result++
		if a >= n {
			a -= n
			b -= n
		} else if b >= n {
			break
		}
		a <<= 1
		b <<= 1
	}
	return result
}

// mergeAt merges the pending runs i and i+1.
func (s *timsort) mergeAt(i int) {
	p := s.pending
	baseA, na := p[i].base, p[i].len
	baseB, nb := p[i+1].base, p[i+1].len
	p[i].len = na + nb
	if i == len(p)-3 {
		p[i+1] = p[i+2]
	}
	s.pending = p[:len(p)-1]

	k := s.gallopRight(s.a[baseB], s.a[baseA:baseA+na], 0)
	baseA += k
	na -= k
	if na == 0 {
		return
	}
	nb = s.gallopLeft(s.a[baseA+na-1], s.a[baseB:baseB+nb], nb-1)
	if nb <= 0 {
		return
	}
	if na <= nb {
		s.mergeLo(baseA, na, baseB, nb)
	} else {
		s.mergeHi(baseA, na, baseB, nb)
	}
}

// gallopLeft is gallop_left: the position where key belongs in the
// sorted a, left of any equal elements; hint is where to start.
func (s *timsort) gallopLeft(key int, a []int, hint int) int {
	n := len(a)
	lastofs, ofs := 0, 1
	if s.less(a[hint], key) {
		maxofs := n - hint
		for ofs < maxofs && s.less(a[hint+ofs], key) {
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs += hint
		ofs += hint
	} else {
		maxofs := hint + 1
		for ofs < maxofs && !s.less(a[hint-ofs], key) {
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		if s.less(a[m], key) {
			lastofs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs
}

// gallopRight is gallop_right: like gallopLeft, right of equal elements.
func (s *timsort) gallopRight(key int, a []int, hint int) int {
	n := len(a)
	lastofs, ofs := 0, 1
	if s.less(key, a[hint]) {
		maxofs := hint + 1
		for ofs < maxofs && s.less(key, a[hint-ofs]) {
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	} else {
		maxofs := n - hint
		for ofs < maxofs && !s.less(key, a[hint+ofs]) {
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs += hint
		ofs += hint
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		if s.less(key, a[m]) {
			ofs = m
		} else {
			lastofs = m + 1
		}
	}
	return ofs
}

// mergeLo is merge_lo: run a (na ≤ nb) precedes run b; a is copied out
// and the merge fills from the left.
func (s *timsort) mergeLo(baseA, na, baseB, nb int) {
	tmp := append([]int(nil), s.a[baseA:baseA+na]...)
	ia, ib, dest := 0, baseB, baseA
	mg := s.minGallop
	s.a[dest] = s.a[ib]
	dest++
	ib++
	nb--
	if nb == 0 {
		goto succeed
	}
	if na == 1 {
		goto copyB
	}
	for {
		acount, bcount := 0, 0
		for {
			if s.less(s.a[ib], tmp[ia]) {
				s.a[dest] = s.a[ib]
				dest++
				ib++
				bcount++
				acount = 0
				nb--
				if nb == 0 {
					goto succeed
				}
				if bcount >= mg {
					break
				}
			} else {
				s.a[dest] = tmp[ia]
				dest++
				ia++
				acount++
				bcount = 0
				na--
				if na == 1 {
					goto copyB
				}
				if acount >= mg {
					break
				}
			}
		}
		mg++
		for {
			if mg > 1 {
				mg--
			}
			s.minGallop = mg
			k := s.gallopRight(s.a[ib], tmp[ia:ia+na], 0)
			acount = k
			if k > 0 {
				copy(s.a[dest:], tmp[ia:ia+k])
				dest += k
				ia += k
				na -= k
				if na == 1 {
					goto copyB
				}
				if na == 0 {
					goto succeed
				}
			}
			s.a[dest] = s.a[ib]
			dest++
			ib++
			nb--
			if nb == 0 {
				goto succeed
			}
			k = s.gallopLeft(tmp[ia], s.a[ib:ib+nb], 0)
			bcount = k
			if k > 0 {
				copy(s.a[dest:], s.a[ib:ib+k])
				dest += k
				ib += k
				nb -= k
				if nb == 0 {
					goto succeed
				}
			}
			s.a[dest] = tmp[ia]
			dest++
			ia++
			na--
			if na == 1 {
				goto copyB
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		mg++
		s.minGallop = mg
	}
succeed:
	if na > 0 {
		copy(s.a[dest:], tmp[ia:ia+na])
	}
	return
copyB:
	copy(s.a[dest:], s.a[ib:ib+nb])
	s.a[dest+nb] = tmp[ia]
}

// mergeHi is merge_hi: run a (na > nb) precedes run b; b is copied out
// and the merge fills from the right.
func (s *timsort) mergeHi(baseA, na, baseB, nb int) {
	tmp := append([]int(nil), s.a[baseB:baseB+nb]...)
	dest := baseB + nb - 1
	ia := baseA + na - 1 // last of a, in place
	ib := nb - 1         // last of b, in tmp
	mg := s.minGallop
	s.a[dest] = s.a[ia]
	dest--
	ia--
	na--
	if na == 0 {
		goto succeed
	}
	if nb == 1 {
		goto copyA
	}
	for {
		acount, bcount := 0, 0
		for {
			if s.less(tmp[ib], s.a[ia]) {
				s.a[dest] = s.a[ia]
				dest--
				ia--
				acount++
				bcount = 0
				na--
				if na == 0 {
					goto succeed
				}
				if acount >= mg {
					break
				}
			} else {
				s.a[dest] = tmp[ib]
				dest--
				ib--
				bcount++
				acount = 0
				nb--
				if nb == 1 {
					goto copyA
				}
				if bcount >= mg {
					break
				}
			}
		}
		mg++
		for {
			if mg > 1 {
				mg--
			}
			s.minGallop = mg
			k := s.gallopRight(tmp[ib], s.a[baseA:baseA+na], na-1)
			k = na - k
			acount = k
			if k > 0 {
				dest -= k
				ia -= k
				copy(s.a[dest+1:dest+1+k], s.a[ia+1:ia+1+k])
				na -= k
				if na == 0 {
					goto succeed
				}
			}
			s.a[dest] = tmp[ib]
			dest--
			ib--
			nb--
			if nb == 1 {
				goto copyA
			}
			k = s.gallopLeft(s.a[ia], tmp[:nb], nb-1)
			k = nb - k
			bcount = k
			if k > 0 {
				dest -= k
				ib -= k
				copy(s.a[dest+1:dest+1+k], tmp[ib+1:ib+1+k])
				nb -= k
				if nb == 1 {
					goto copyA
				}
				if nb == 0 {
					goto succeed
				}
			}
			s.a[dest] = s.a[ia]
			dest--
			ia--
			na--
			if na == 0 {
				goto succeed
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		mg++
		s.minGallop = mg
	}
succeed:
	if nb > 0 {
		copy(s.a[dest-(nb-1):dest+1], tmp[:nb])
	}
	return
copyA:
	dest -= na
	ia -= na
	copy(s.a[dest+1:dest+1+na], s.a[ia+1:ia+1+na])
	s.a[dest] = tmp[ib]
}
