package main

import (
	"path/filepath"
	"testing"
)

// TestPeakRSSRoundTrip: the process writes its own VmHWM where
// MLEBENCH_PEAK_RSS_FILE says, and the bench reads it back.
func TestPeakRSSRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "peak")
	t.Setenv(peakRSSEnv, path)
	writePeakRSS()
	kib, ok := readPeakRSS(path)
	if !ok || kib < 1024 {
		t.Fatalf("peak RSS read back = %d KiB, %v; want the test process's (over 1 MiB)", kib, ok)
	}
	if _, ok := readPeakRSS(filepath.Join(t.TempDir(), "absent")); ok {
		t.Error("a missing file read as a peak")
	}
}
