package metric

import (
	"fmt"
	"math"
)

// Sum returns the sum of a exactly as numpy np.sum / np.add.reduce computes
// it for a contiguous float64 array, so results agree bit for bit: the
// reduction's buffered iterator hands the add loop blocks of 8192 elements
// (numpy's default buffer size), each block is summed pairwise with an 8-way
// unrolled base case of at most 128 elements (numpy's DOUBLE_pairwise_sum),
// and the block sums are accumulated left to right onto the identity 0.0.
// An empty slice sums to 0.
//
// Result type: numpy float64.
func Sum(a []float64) float64 {
	acc := 0.0
	for len(a) > reduceBuffer {
		acc += pairwiseSum(a[:reduceBuffer])
		a = a[reduceBuffer:]
	}
	return acc + pairwiseSum(a)
}

// blockSum computes [Sum] of a stream of values without storing more than
// one numpy buffer block of them. The zero value is an empty sum.
type blockSum struct {
	acc   float64
	n     int
	block [reduceBuffer]float64
}

func (s *blockSum) add(v float64) {
	if s.n == reduceBuffer {
		s.acc += pairwiseSum(s.block[:])
		s.n = 0
	}
	s.block[s.n] = v
	s.n++
}

// result returns the sum of everything added so far.
func (s *blockSum) result() float64 {
	return s.acc + pairwiseSum(s.block[:s.n])
}

// MeanStream computes [Mean] of values given one at a time, bit for bit,
// holding one numpy buffer block of them (64 KiB) instead of all: a grader
// that makes one value per row need not keep them. The zero value is an
// empty mean; Add the values in order, then ask for Mean.
type MeanStream struct {
	sum blockSum
	n   int
}

// Add appends v.
func (m *MeanStream) Add(v float64) {
	m.sum.add(v)
	m.n++
}

// Len is the number of values added.
func (m *MeanStream) Len() int { return m.n }

// Mean is [Mean] of the values added: NaN when there are none.
func (m *MeanStream) Mean() float64 {
	if m.n == 0 {
		return math.NaN()
	}
	return m.sum.result() / float64(m.n)
}

// reduceBuffer is numpy's default ufunc buffer size (np.getbufsize()).
const reduceBuffer = 8192

// pairwiseBlock is numpy's PW_BLOCKSIZE.
const pairwiseBlock = 128

func pairwiseSum(a []float64) float64 {
	n := len(a)
	switch {
	case n < 8:
		res := 0.0
		for _, v := range a {
			res += v
		}
		return res
	case n <= pairwiseBlock:
		var r [8]float64
		copy(r[:], a[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			b := a[i : i+8 : i+8]
			r[0] += b[0]
			r[1] += b[1]
			r[2] += b[2]
			r[3] += b[3]
			r[4] += b[4]
			r[5] += b[5]
			r[6] += b[6]
			r[7] += b[7]
		}
		res := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			res += a[i]
		}
		return res
	default:
		n2 := n / 2
		n2 -= n2 % 8
		return pairwiseSum(a[:n2]) + pairwiseSum(a[n2:])
	}
}

// Mean returns np.mean(a) (also np.average(a) without weights) for a
// contiguous float64 array: [Sum] divided by the length. An empty slice gives
// NaN, as numpy does (with a RuntimeWarning).
//
// Result type: numpy float64.
func Mean(a []float64) float64 {
	if len(a) == 0 {
		return math.NaN()
	}
	return Sum(a) / float64(len(a))
}

// errInconsistentLength is sklearn's check_consistent_length message.
func errInconsistentLength(lengths ...int) error {
	s := "["
	for i, n := range lengths {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(n)
	}
	return fmt.Errorf("Found input variables with inconsistent numbers of samples: %s]", s)
}

// checkConsistentLength mirrors sklearn.utils.validation.check_consistent_length
// for the given lengths: all must be equal. The message lists them in
// argument order, as sklearn's does.
func checkConsistentLength(lengths ...int) error {
	for _, n := range lengths[1:] {
		if n != lengths[0] {
			return errInconsistentLength(lengths...)
		}
	}
	return nil
}

// checkFinite mirrors sklearn's _assert_all_finite for float64 input. name is
// the input_name sklearn passes ("" for none, giving "Input contains NaN.").
func checkFinite(a []float64, name string) error {
	finite := true
	for _, v := range a {
		if v-v != 0 { // NaN or ±inf
			finite = false
			break
		}
	}
	if finite {
		return nil
	}
	hasInf := false
	for _, v := range a {
		if v != v {
			return errNaN(name)
		}
		if math.IsInf(v, 0) {
			hasInf = true
		}
	}
	if hasInf {
		return errInf(name)
	}
	return nil
}

func checkFiniteColumns(cols [][]float64, name string) error {
	hasInf := false
	for _, c := range cols {
		if err := checkFinite(c, name); err != nil {
			if err.Error() == errNaN(name).Error() {
				return err
			}
			hasInf = true
		}
	}
	if hasInf {
		return errInf(name)
	}
	return nil
}

func padName(name string) string {
	if name == "" {
		return ""
	}
	return name + " "
}

func errNaN(name string) error {
	return fmt.Errorf("Input %scontains NaN.", padName(name))
}

func errInf(name string) error {
	return fmt.Errorf("Input %scontains infinity or a value too large for dtype('float64').", padName(name))
}
