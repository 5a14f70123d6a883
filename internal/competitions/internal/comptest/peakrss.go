package comptest

import "github.com/mlebench/mlebench/internal/peakrss"

// PeakRSS returns the process's peak resident set size in bytes since it
// started or since the last ResetPeakRSS (peakrss.Bytes), for benchmarks of
// preparers that must stream; 0 when unknown.
func PeakRSS() int64 { return peakrss.Bytes() }

// ResetPeakRSS restarts PeakRSS's count (peakrss.Reset).
func ResetPeakRSS() { peakrss.Reset() }
