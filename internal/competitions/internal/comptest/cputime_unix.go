//go:build unix

package comptest

import (
	"syscall"
	"time"
)

// CPUTime returns the process's user and system CPU time so far.
func CPUTime() (user, sys time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}
