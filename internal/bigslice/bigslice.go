// Package bigslice allocates large pointer-free slices (columns of numbers,
// sort scratch space) so that the kernel backs them with transparent huge
// pages where it offers them on request (Linux with
// /sys/kernel/mm/transparent_hugepage/enabled set to "madvise" or
// "always"). A slice of millions of numbers written once from start to end
// then costs a few page faults instead of one per 4 KiB page, and random
// access into it (a radix sort's scatter) misses the TLB far less.
//
// The slices are ordinary Go heap memory, freed by the garbage collector;
// the advice only changes how the kernel backs the pages. Slices smaller
// than [Threshold] bytes are plain make calls.
package bigslice

import "unsafe"

// Threshold is the size in bytes from which the advice is given: below
// one huge page there is nothing to gain.
const Threshold = 4 << 20

// Float64s returns make([]float64, n, c) (c at least n).
func Float64s(n, c int) []float64 {
	s := make([]float64, n, max(n, c))
	advise(unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*8)
	return s
}

// Int64s returns make([]int64, n, c) (c at least n).
func Int64s(n, c int) []int64 {
	s := make([]int64, n, max(n, c))
	advise(unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*8)
	return s
}

// Uint64s returns make([]uint64, n, c) (c at least n).
func Uint64s(n, c int) []uint64 {
	s := make([]uint64, n, max(n, c))
	advise(unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*8)
	return s
}

// Ints returns make([]int, n, c) (c at least n).
func Ints(n, c int) []int {
	s := make([]int, n, max(n, c))
	advise(unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*unsafe.Sizeof(int(0)))
	return s
}
