package hugeheap

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestTouchFaultsChild runs in a child process (see TestAdviseCutsPageFaults): it
// calls Advise unless told not to, fills 64 MiB of fresh heap and prints
// the minor page faults that took.
func TestTouchFaultsChild(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "" {
		t.Skip("child process of TestAdviseCutsPageFaults")
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	gcs := ms.NumGC
	if _, err := Advise(256 << 20); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&ms)
	os.Stdout.WriteString("gcs=" + strconv.FormatUint(uint64(ms.NumGC-gcs), 10) + "\n")
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b := make([]byte, 64<<20)
	for i := range b {
		b[i] = byte(i)
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	os.Stdout.WriteString("faults=" + strconv.FormatInt(after.Minflt-before.Minflt, 10) + "\n")
}

func childFaults(t *testing.T, env string) int {
	t.Helper()
	return childCount(t, env, "faults=")
}

// childCount runs TestTouchFaultsChild with env and returns the number it
// prints after key.
func childCount(t *testing.T, env, key string) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTouchFaultsChild$", "-test.v")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=1", env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	_, rest, ok := bytes.Cut(out, []byte(key))
	if !ok {
		t.Fatalf("child printed no %s count:\n%s", key, out)
	}
	n, err := strconv.Atoi(strings.Fields(string(rest))[0])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAdviseCutsPageFaults(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !bytes.Contains(mode, []byte("[madvise]")) {
		t.Skipf("transparent huge pages not in madvise mode (%q): nothing to compare", bytes.TrimSpace(mode))
	}
	off := childFaults(t, "MLEBENCH_HUGEPAGES=off")
	on := childFaults(t, "MLEBENCH_HUGEPAGES=")
	t.Logf("64 MiB of fresh heap: %d page faults in 4 KiB pages, %d advised", off, on)
	// 64 MiB is 16,384 small pages or 32 huge ones.
	if off < 8000 {
		t.Fatalf("without advice only %d faults: the measurement does not see 4 KiB pages", off)
	}
	if on > off/8 {
		t.Errorf("advised heap took %d faults, want well under %d (the unadvised count)", on, off)
	}
}

// TestAdviseCollectsOnce checks that Advise makes one garbage collection
// (FreeOSMemory's), not a second one started by its reserve's allocation.
func TestAdviseCollectsOnce(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || bytes.Contains(mode, []byte("[never]")) {
		t.Skipf("transparent huge pages off (%q): Advise does nothing", bytes.TrimSpace(mode))
	}
	if n := childCount(t, "MLEBENCH_HUGEPAGES=", "gcs="); n != 1 {
		t.Errorf("Advise made %d garbage collections, want 1", n)
	}
}

func TestAdviseOptOut(t *testing.T) {
	t.Setenv("MLEBENCH_HUGEPAGES", "off")
	if n, err := Advise(1 << 20); n != 0 || err != nil {
		t.Fatalf("Advise with MLEBENCH_HUGEPAGES=off = %d, %v; want 0, nil", n, err)
	}
}

func TestHeapMappingsNotFound(t *testing.T) {
	if _, err := heapMappings(1, 2, 1<<30); err == nil {
		t.Fatal("addresses outside every mapping: want an error")
	}
}
