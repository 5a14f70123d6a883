// Package hugeheap asks the kernel to back the Go heap with transparent huge
// pages (2 MiB) instead of 4 KiB pages.
//
// On machines whose kernel runs transparent huge pages in "madvise" mode
// (Debian's default, and this project's benchmark machine), an anonymous
// mapping gets huge pages only when the process asks for them with
// madvise(MADV_HUGEPAGE). The Go runtime does not ask for its heap, so a
// process that reads a 100 MB CSV takes ~25,000 page faults to fill its
// heap. Inside a virtual machine each fault is expensive (≈ 20 µs on the
// Firecracker VM the benchmarks run on: more than half the CPU time of a
// whole-process grading); with huge pages the same heap costs ~50 faults.
//
// [Advise] maps part of the heap's future address space up front, marks
// the heap's mappings MADV_HUGEPAGE, and returns the reserve to the
// runtime unused (no memory is touched: the reserve costs address space,
// not RAM). Allocations then land in the advised range while the heap stays
// below the reserve; beyond it the heap grows in ordinary 4 KiB pages. It
// changes no result, only where the memory comes from; peak RSS can grow by
// up to one huge page per partly used 2 MiB of heap.
//
// Advise is a no-op on systems other than Linux, when the kernel has
// transparent huge pages disabled ("never"), and when the environment
// variable MLEBENCH_HUGEPAGES is "0" or "off".
//
// By default (MLEBENCH_HUGEPAGES unset or "auto") it is also a no-op inside
// a virtual machine whose kernel reports free memory to the hypervisor
// (virtio-balloon free page reporting, [FreePagesReported]). Such a kernel
// hands free 2 MiB blocks back to the host a few seconds after they are
// freed, and those are the blocks huge pages are made of: a huge page then
// faults its 2 MiB back in from the host, 4 KiB at a time, which costs more
// than the 4 KiB guest faults it saves, while small pages mostly come from
// free blocks too small to be reported. Measured on such a VM (benchmark
// README, "The huge-page heap after a pause"), a grading that follows a
// pause or another process took about twice the system time with the advice
// as without it; only back-to-back runs, which reuse blocks freed a moment
// before, gained. MLEBENCH_HUGEPAGES "1" or "on" advises regardless.
package hugeheap

import (
	"os"
	"sync"
)

var once sync.Once

// Advise marks the Go heap and the next reserve bytes of its address space
// for transparent huge pages, once per process (later calls do nothing),
// and reports how many mappings it advised. Errors (no /proc, a kernel
// without madvise support) leave the heap as it was; callers may ignore
// them.
func Advise(reserve int) (advised int, err error) {
	mode := os.Getenv("MLEBENCH_HUGEPAGES")
	switch mode {
	case "0", "off":
		return 0, nil
	}
	// The sysfs check, like the advice, is made once per process.
	once.Do(func() {
		if mode != "1" && mode != "on" && FreePagesReported() {
			return
		}
		advised, err = advise(reserve)
	})
	return advised, err
}

// FreePagesReported reports whether this kernel hands free memory back to a
// hypervisor: a virtio balloon device (virtio device id 5) bound to its
// driver with the free page reporting feature (VIRTIO_BALLOON_F_REPORTING,
// feature bit 5) negotiated. It is false on bare metal, outside Linux and
// when /sys cannot be read.
func FreePagesReported() bool { return freePagesReported(sysRoot) }

// sysRoot is where sysfs is mounted (a fake tree in tests).
var sysRoot = "/sys"
