package main

import (
	"bytes"
	"os"
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
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			v = bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(v), []byte("kB")))
			os.WriteFile(path, append(v, '\n'), 0o644)
			return
		}
	}
}
