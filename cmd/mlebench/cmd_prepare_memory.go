package main

import (
	"os"
	"runtime/debug"
)

// prepareMemoryLimit is the Go runtime's soft memory limit while preparing.
// Issue #14 asks for a peak RSS of at most 1 GiB per real-size prepare; the
// garbage collector's default pacing (GOGC=100) lets the heap grow to about
// twice the live data before collecting, so a preparer holding 500 MB of
// columns would peak near 1 GB. Under this limit the collector runs earlier
// instead, and the peak follows the live data. The limit is soft: a preparer
// whose live data exceeds it still works, with more frequent collections
// (the runtime caps their CPU share). The rest of the 1 GiB is for the
// binary, goroutine stacks and the pages of mapped files, which the limit
// does not cover.
const prepareMemoryLimit = 850 << 20

// limitPrepareMemory sets prepareMemoryLimit unless the user set GOMEMLIMIT
// (which wins), and returns a function restoring the previous limit.
func limitPrepareMemory() (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(prepareMemoryLimit)
	return func() { debug.SetMemoryLimit(old) }
}
