//go:build !linux

package peakrss

// Bytes is not measured on this platform.
func Bytes() int64 { return 0 }

// Reset does nothing on this platform.
func Reset() {}
