package bigslice

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags returns the VmFlags line of the mapping of /proc/self/smaps that
// holds address a.
func vmFlags(t *testing.T, a uintptr) string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 && strings.Contains(line[:strings.IndexByte(line, ' ')], "-") {
			in = lo <= a && a < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return line
		}
	}
	t.Fatalf("no mapping holds %#x", a)
	return ""
}

// TestHugePageAdvice: the whole huge pages inside a large slice are marked
// MADV_HUGEPAGE ("hg" in smaps' VmFlags), small slices are not.
func TestHugePageAdvice(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("advice is Linux only")
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("transparent huge pages unavailable")
	}
	for name, s := range map[string][]float64{
		"Float64s": Float64s(0, 4<<20),
		"Uint64s":  unsafeFloats(Uint64s(3<<20, 0)),
		"Int64s":   unsafeFloats(Int64s(1, 3<<20)),
	} {
		mid := uintptr(unsafe.Pointer(unsafe.SliceData(s))) + uintptr(cap(s))*4 // the middle
		if fl := vmFlags(t, mid); !strings.Contains(fl, " hg") {
			t.Errorf("%s: the middle of a %d MiB slice is not advised: %s", name, cap(s)*8>>20, fl)
		}
		runtime.KeepAlive(s)
	}
	if got := Ints(2, 5); len(got) != 2 || cap(got) != 5 {
		t.Errorf("Ints(2, 5) = len %d cap %d", len(got), cap(got))
	}
	if got := Float64s(7, 3); len(got) != 7 || cap(got) != 7 {
		t.Errorf("Float64s(7, 3) = len %d cap %d", len(got), cap(got))
	}
}

func unsafeFloats[T int64 | uint64](s []T) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))
}
