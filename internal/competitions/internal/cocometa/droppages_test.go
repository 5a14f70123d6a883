package cocometa

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// rssFileKiB is the process's resident file-backed memory (Linux), or -1.
func rssFileKiB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "RssFile:" {
			n, err := strconv.Atoi(f[1])
			if err == nil {
				return n
			}
		}
	}
	return -1
}

// TestDropPages reads a 24 MB mapped list out of order, then in order, with
// DropEvery between the reads: every record reads as it did before any
// drop, and the in-order pass does not leave the mapping resident (out of
// order, 1,024 records can map 64 MiB: the kernel's fault-around).
func TestDropPages(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"images": [`)
	const n = 100000
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"id": %d, "file_name": "images/%03d/%d.jpg", "pad": "%s"}`, i, i%1000, i, strings.Repeat("x", 180))
	}
	b.WriteString("]}")
	path := filepath.Join(t.TempDir(), "metadata.json")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Map(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	imgs, err := f.List("images", "images")
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, n)
	for i := range n {
		want[i] = string(imgs.At(i))
	}
	for j := range n {
		k := (j * 7919) % n
		DropEvery(imgs, j)
		if got := string(imgs.At(k)); got != want[k] {
			t.Fatalf("record %d after page drops: %q, want %q", k, got, want[k])
		}
	}
	imgs.DropPages()
	start := rssFileKiB()
	most := start
	for k := range n {
		DropEvery(imgs, k)
		if got := string(imgs.At(k)); got != want[k] {
			t.Fatalf("record %d after page drops: %q, want %q", k, got, want[k])
		}
		if k%dropEvery == dropEvery-2 { // just before a drop
			most = max(most, rssFileKiB())
		}
	}
	size := b.Len() >> 10
	t.Logf("mapping %d KiB; RssFile %d KiB before the in-order pass, at most %d KiB during it", size, start, most)
	if runtime.GOOS == "linux" && start >= 0 && most-start > size/4 {
		t.Errorf("RssFile grew by %d KiB reading a %d KiB mapping in order: its pages were not dropped", most-start, size)
	}
}
