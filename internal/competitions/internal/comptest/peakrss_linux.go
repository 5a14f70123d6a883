//go:build linux

package comptest

import "syscall"

// PeakRSS returns the process's peak resident set size in bytes so far
// (Linux reports ru_maxrss in KiB), for benchmarks of preparers that must
// stream; 0 when unknown.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}
