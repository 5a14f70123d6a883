package main

import (
	"os"
	"strconv"

	"github.com/mlebench/mlebench/internal/peakrss"
)

// peakRSSEnv names a file to which the process writes its peak resident
// set (VmHWM of /proc/self/status, in KiB) as it exits: how `dev bench`
// measures its children, since wait4's rusage carries the parent's
// high-water mark into a child that execs from a vfork.
const peakRSSEnv = "MLEBENCH_PEAK_RSS_FILE"

// writePeakRSS writes the peak to $MLEBENCH_PEAK_RSS_FILE when it is set
// (best effort: a developer aid).
func writePeakRSS() {
	path := os.Getenv(peakRSSEnv)
	if path == "" {
		return
	}
	if b := peakrss.Bytes(); b > 0 {
		os.WriteFile(path, []byte(strconv.FormatInt(b>>10, 10)+"\n"), 0o644)
	}
}
