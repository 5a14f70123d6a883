//go:build unix

package competitions

import (
	"syscall"
	"time"
)

// c2CPUTime returns the process's user and system CPU time so far.
func c2CPUTime() (user, sys time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}
