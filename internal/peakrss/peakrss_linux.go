//go:build linux

package peakrss

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// Bytes returns the process's peak resident set size in bytes since it
// started or since the last Reset (VmHWM of /proc/self/status; the
// never-reset ru_maxrss where /proc is unavailable); 0 when unknown.
func Bytes() int64 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range bytes.Split(b, []byte("\n")) {
			if f := bytes.Fields(l); len(f) >= 2 && string(f[0]) == "VmHWM:" {
				kb, err := strconv.ParseInt(string(f[1]), 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}

// Reset restarts Bytes' count from the current resident set size (writes
// 5 to /proc/self/clear_refs; a no-op where that is refused).
func Reset() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }
