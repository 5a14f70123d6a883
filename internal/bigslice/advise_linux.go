package bigslice

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the x86-64 and arm64 (4 KiB base page) transparent huge
// page size.
const hugePage = 2 << 20

// advise asks for huge pages over the whole huge pages inside [p, p+n).
// Errors (an old kernel, THP disabled) are ignored: the memory is usable
// either way.
func advise(p unsafe.Pointer, n uintptr) {
	if n < Threshold {
		return
	}
	start := (uintptr(p) + hugePage - 1) &^ (hugePage - 1)
	end := (uintptr(p) + n) &^ (hugePage - 1)
	if end <= start {
		return
	}
	// The caller holds the slice, so the range stays allocated.
	unix.Syscall(unix.SYS_MADVISE, start, end-start, unix.MADV_HUGEPAGE)
}
