package hugeheap

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall"
	"unsafe"
)

// madvHugepage is MADV_HUGEPAGE (linux/mman-common.h).
const madvHugepage = 14

func advise(reserve int) (int, error) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err == nil && bytes.Contains(mode, []byte("[never]")) {
		return 0, nil
	}
	// The reserve's allocation would start a collection of its own (it
	// is far past the heap goal), on top of the one FreeOSMemory makes
	// below: the collector is off until the reserve is freed.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// One small object marks the heap's current mapping; one large one
	// makes the runtime map the reserve (without touching it: fresh
	// mappings are known to be zero).
	small := new([64]byte)
	big := make([]byte, max(reserve, 1))
	lo := uintptr(unsafe.Pointer(small))
	hi := uintptr(unsafe.Pointer(unsafe.SliceData(big))) + uintptr(len(big)) - 1
	vmas, err := heapMappings(lo, hi, uintptr(len(big))+1<<30)
	runtime.KeepAlive(small)
	runtime.KeepAlive(big)
	big = nil
	if err != nil {
		return 0, err
	}
	n := 0
	for _, v := range vmas {
		if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, v[0], v[1]-v[0], madvHugepage); e != 0 {
			return n, fmt.Errorf("hugeheap: madvise %#x-%#x: %w", v[0], v[1], e)
		}
		n++
	}
	// Free the reserve and give its pages back to the kernel, so that it
	// counts against no memory limit; the mapping, and its advice, stay.
	debug.FreeOSMemory()
	return n, nil
}

// heapMappings returns the private anonymous read-write mappings of this
// process that hold lo and hi, and those between them when the whole span
// is at most limit bytes.
func heapMappings(lo, hi, limit uintptr) ([][2]uintptr, error) {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return nil, fmt.Errorf("hugeheap: %w", err)
	}
	defer f.Close()
	type vma struct{ start, end uintptr }
	var all []vma
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "start-end perms offset dev inode [path]"
		fields := bytes.Fields(sc.Bytes())
		if len(fields) != 5 || string(fields[1]) != "rw-p" || string(fields[4]) != "0" {
			continue
		}
		a, b, ok := bytes.Cut(fields[0], []byte("-"))
		if !ok {
			continue
		}
		start, err1 := strconv.ParseUint(string(a), 16, 64)
		end, err2 := strconv.ParseUint(string(b), 16, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		all = append(all, vma{uintptr(start), uintptr(end)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hugeheap: reading /proc/self/maps: %w", err)
	}
	var vlo, vhi vma
	for _, v := range all {
		if lo >= v.start && lo < v.end {
			vlo = v
		}
		if hi >= v.start && hi < v.end {
			vhi = v
		}
	}
	if vlo.end == 0 || vhi.end == 0 {
		return nil, fmt.Errorf("hugeheap: heap mapping of %#x..%#x not found in /proc/self/maps", lo, hi)
	}
	if vlo == vhi {
		return [][2]uintptr{{vlo.start, vlo.end}}, nil
	}
	// The runtime maps the heap in pieces; whatever lies between the two
	// (other heap pieces) is advised too, unless the two are far apart
	// (the heap then is not one range, and only they are advised).
	from, to := min(vlo.start, vhi.start), max(vlo.end, vhi.end)
	if to-from > limit {
		return [][2]uintptr{{vlo.start, vlo.end}, {vhi.start, vhi.end}}, nil
	}
	var out [][2]uintptr
	for _, v := range all {
		if v.start >= from && v.end <= to {
			out = append(out, [2]uintptr{v.start, v.end})
		}
	}
	return out, nil
}

// virtioBalloonDevice is the balloon's virtio device id (as sysfs prints
// it) and balloonReportingBit its VIRTIO_BALLOON_F_REPORTING feature bit.
const (
	virtioBalloonDevice = "0x0005"
	balloonReportingBit = 5
)

// freePagesReported is FreePagesReported over the sysfs tree at sys. Each
// virtio device's "features" file lists the negotiated feature bits as
// '0'/'1' characters, bit 0 first; "driver" links to the bound driver.
func freePagesReported(sys string) bool {
	devices, _ := filepath.Glob(filepath.Join(sys, "bus", "virtio", "devices", "*"))
	for _, d := range devices {
		id, err := os.ReadFile(filepath.Join(d, "device"))
		if err != nil || string(bytes.TrimSpace(id)) != virtioBalloonDevice {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "driver")); err != nil {
			continue // no driver bound: nothing is reported
		}
		features, err := os.ReadFile(filepath.Join(d, "features"))
		if err == nil && len(features) > balloonReportingBit && features[balloonReportingBit] == '1' {
			return true
		}
	}
	return false
}
