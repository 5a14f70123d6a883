//go:build unix

package table

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// truncatedMapping writes body to a file, maps it, and truncates the file
// to nothing: reads of the returned mapping fault (SIGBUS). The mapping
// is released when the test ends.
func truncatedMapping(t *testing.T, body string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shrinks.csv")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	data, unmap, err := MapFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unmap() })
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	return data
}

// TestParallelFaultIsAnError: a worker of parallel that faults reading a
// mapping of a file truncated after it was mapped hands the fault to the
// caller, where GuardFaults makes it an error (in the worker's own
// goroutine the runtime would end the process).
func TestParallelFaultIsAnError(t *testing.T) {
	data := truncatedMapping(t, strings.Repeat("a,b\n", 4096))
	sum := make([]byte, 4)
	err := GuardFaults(func() {
		parallel(4, 2, func(i int) { sum[i] = data[i*4096+1] })
	})
	if err == nil {
		t.Fatal("reading a truncated mapping in parallel workers: want an error")
	}
	t.Log(err)
}

// TestReadFileTruncatedWhileMapped: the mapped ReadFile path (Keep) turns
// a fault into an error. The file is truncated before the read, after
// ReadFile's own size check could see it, by reading through a mapping
// taken first: readKept on a mapping of a since-truncated file.
func TestReadFileTruncatedWhileMapped(t *testing.T) {
	data := truncatedMapping(t, "id,text,target\n"+strings.Repeat("1,\"some words\",0.5\n", 20000))
	var rerr error
	ferr := GuardFaults(func() { _, rerr = readKept(data, true, ReadOptions{Keep: []string{"id", "target"}}) })
	if ferr == nil && rerr == nil {
		t.Fatal("reading a truncated mapping: want an error")
	}
}
