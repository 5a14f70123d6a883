//go:build !linux

package comptest

// PeakRSS is not measured on this platform.
func PeakRSS() int64 { return 0 }

// ResetPeakRSS does nothing on this platform.
func ResetPeakRSS() {}
