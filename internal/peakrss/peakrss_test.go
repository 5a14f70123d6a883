package peakrss

import (
	"runtime"
	"testing"
)

// TestBytesSeesTouchedMemory: touching 64 MiB raises the peak by about
// that much (Linux, where VmHWM exists).
func TestBytesSeesTouchedMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("measured on Linux only")
	}
	before := Bytes()
	if before <= 0 {
		t.Fatalf("Bytes() = %d", before)
	}
	b := make([]byte, 64<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	after := Bytes()
	runtime.KeepAlive(b)
	if after-before < 48<<20 {
		t.Errorf("peak went from %d to %d bytes after touching 64 MiB", before, after)
	}
}
