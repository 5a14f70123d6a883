package hugeheap

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"unsafe"
)

// TestTouchFaultsChild runs in a child process (see TestAdviseMakesTheHeapHugePageEligible): it
// calls Advise unless told not to, fills 64 MiB of fresh heap and prints
// the minor page faults that took.
func TestTouchFaultsChild(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "" {
		t.Skip("child process of TestAdviseMakesTheHeapHugePageEligible")
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
	os.Stdout.WriteString("eligible=" + thpEligible(t, uintptr(unsafe.Pointer(&b[0]))) + "\n")
}

// thpEligible is the THPeligible field of /proc/self/smaps for the mapping
// holding addr: "1" when the kernel may back it with huge pages (under the
// madvise mode, only a mapping advised MADV_HUGEPAGE), "?" when the kernel
// does not say.
func thpEligible(t *testing.T, addr uintptr) string {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(f[0], "-"); ok && !strings.HasSuffix(f[0], ":") {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				in = uint64(addr) >= l && uint64(addr) < h
				continue
			}
		}
		if in && f[0] == "THPeligible:" && len(f) > 1 {
			return f[1]
		}
	}
	return "?"
}

func childFaults(t *testing.T, env string) int {
	t.Helper()
	return childCount(t, env, "faults=")
}

// childCount runs TestTouchFaultsChild with env and returns the number it
// prints after key.
func childCount(t *testing.T, env, key string) int {
	t.Helper()
	return count(t, childOutput(t, env), key)
}

// childOutput runs TestTouchFaultsChild with env and returns its output.
func childOutput(t *testing.T, env string) []byte {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTouchFaultsChild$", "-test.v")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=1", env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	return out
}

// count is the number out prints after key.
func count(t *testing.T, out []byte, key string) int {
	t.Helper()
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

// TestAdviseMakesTheHeapHugePageEligible: the advised heap is one the
// kernel may back with huge pages (smaps' THPeligible), the unadvised one
// is not; when the kernel has huge pages free, the advised heap's page
// faults drop to a fraction (both counts are logged).
func TestAdviseMakesTheHeapHugePageEligible(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !bytes.Contains(mode, []byte("[madvise]")) {
		t.Skipf("transparent huge pages not in madvise mode (%q): nothing to compare", bytes.TrimSpace(mode))
	}
	off, offEligible := childFaultsAndEligible(t, "MLEBENCH_HUGEPAGES=off")
	on, onEligible := childFaultsAndEligible(t, "MLEBENCH_HUGEPAGES=on")
	t.Logf("64 MiB of fresh heap: %d page faults in 4 KiB pages, %d advised (THPeligible %s, %s advised)", off, on, offEligible, onEligible)
	// The advice itself, whatever memory the kernel has free: only the
	// advised heap may get huge pages.
	if onEligible == "?" {
		t.Skip("the kernel reports no THPeligible in smaps")
	}
	if offEligible != "0" || onEligible != "1" {
		t.Fatalf("THPeligible %s without advice, %s with it; want 0 and 1", offEligible, onEligible)
	}
	// By default the advice follows FreePagesReported: none on a VM
	// that hands free memory back to its host.
	_, autoEligible := childFaultsAndEligible(t, "MLEBENCH_HUGEPAGES=")
	t.Logf("FreePagesReported() = %v; THPeligible %s by default", FreePagesReported(), autoEligible)
	if want := map[bool]string{true: "0", false: "1"}[FreePagesReported()]; autoEligible != want {
		t.Fatalf("THPeligible %s by default with FreePagesReported() = %v; want %s", autoEligible, FreePagesReported(), want)
	}
	// 64 MiB is 16,384 small pages or 32 huge ones.
	if off < 8000 {
		t.Fatalf("without advice only %d faults: the measurement does not see 4 KiB pages", off)
	}
	if on > off/8 {
		// Huge pages are not always to be had: with most memory in the
		// page cache and none of it in free 2 MiB blocks, the kernel
		// falls back to small pages (seen: 11,285 of 16,553 faults).
		t.Logf("advised heap took %d faults of %d: the kernel had few huge pages to give (free blocks by order: /proc/buddyinfo)", on, off)
	}
}

// childFaultsAndEligible is childFaults and the child's THPeligible for its
// heap.
func childFaultsAndEligible(t *testing.T, env string) (int, string) {
	t.Helper()
	out := childOutput(t, env)
	_, rest, _ := bytes.Cut(out, []byte("eligible="))
	e := "?"
	if f := strings.Fields(string(rest)); len(f) > 0 {
		e = f[0]
	}
	return count(t, out, "faults="), e
}

// TestAdviseCollectsOnce checks that Advise makes one garbage collection
// (FreeOSMemory's), not a second one started by its reserve's allocation.
func TestAdviseCollectsOnce(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || bytes.Contains(mode, []byte("[never]")) {
		t.Skipf("transparent huge pages off (%q): Advise does nothing", bytes.TrimSpace(mode))
	}
	if n := childCount(t, "MLEBENCH_HUGEPAGES=on", "gcs="); n != 1 {
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

// fakeVirtio writes a sysfs tree under dir with one virtio device per
// entry of devices: its device id, its feature bits and whether a driver
// is bound.
func fakeVirtio(t *testing.T, dir string, devices []fakeDevice) {
	t.Helper()
	for i, d := range devices {
		p := filepath.Join(dir, "bus", "virtio", "devices", "virtio"+strconv.Itoa(i))
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		write := func(name, body string) {
			if err := os.WriteFile(filepath.Join(p, name), []byte(body+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("device", d.id)
		write("features", d.features)
		if d.bound {
			if err := os.MkdirAll(filepath.Join(dir, "drivers", d.id), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, "drivers", d.id), filepath.Join(p, "driver")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type fakeDevice struct {
	id, features string
	bound        bool
}

// features64 is a 64-bit feature string with the given bits set.
func features64(bits ...int) string {
	b := []byte(strings.Repeat("0", 64))
	for _, i := range bits {
		b[i] = '1'
	}
	return string(b)
}

func TestFreePagesReported(t *testing.T) {
	for _, tc := range []struct {
		name    string
		devices []fakeDevice
		want    bool
	}{
		{"no virtio devices", nil, false},
		// The balloon of the benchmark VM: stats queue, deflate on OOM,
		// free page reporting.
		{"balloon reporting free pages", []fakeDevice{{"0x0002", features64(1, 2, 5), true}, {"0x0005", features64(1, 2, 5), true}}, true},
		{"balloon without reporting", []fakeDevice{{"0x0005", features64(1, 2), true}}, false},
		{"reporting bit on another device", []fakeDevice{{"0x0001", features64(5), true}}, false},
		{"balloon with no driver bound", []fakeDevice{{"0x0005", features64(5), false}}, false},
		{"short features file", []fakeDevice{{"0x0005", "0110", true}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fakeVirtio(t, dir, tc.devices)
			if got := freePagesReported(dir); got != tc.want {
				t.Fatalf("freePagesReported = %v, want %v", got, tc.want)
			}
		})
	}
	if freePagesReported(filepath.Join(t.TempDir(), "missing")) {
		t.Fatal("no sysfs: want false")
	}
}

// TestAdviseSkipsWhenFreePagesReported: by default, on a VM that reports
// free pages, Advise advises nothing; "on" overrides that (checked in a
// child, since the advice is once per process: TestAdviseMakesTheHeapHugePageEligible).
func TestAdviseSkipsWhenFreePagesReported(t *testing.T) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || bytes.Contains(mode, []byte("[never]")) {
		t.Skipf("transparent huge pages off (%q): Advise does nothing anyway", bytes.TrimSpace(mode))
	}
	dir := t.TempDir()
	fakeVirtio(t, dir, []fakeDevice{{"0x0005", features64(1, 2, 5), true}})
	old := sysRoot
	sysRoot = dir
	defer func() { sysRoot = old }()
	defer func() { once = sync.Once{} }()
	for _, env := range []string{"", "auto"} {
		once = sync.Once{} // each call its own first
		t.Setenv("MLEBENCH_HUGEPAGES", env)
		if n, err := Advise(1 << 20); n != 0 || err != nil {
			t.Fatalf("Advise with MLEBENCH_HUGEPAGES=%q on a reporting VM = %d, %v; want 0, nil", env, n, err)
		}
	}
}
