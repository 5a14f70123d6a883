//go:build unix

package table

import (
	"fmt"
	"os"
	"syscall"
)

// MapFile maps path read-only into memory. An empty file gives
// an empty slice.
func MapFile(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if size == 0 {
		return []byte{}, func() error { return nil }, nil
	}
	if int64(int(size)) != size {
		return nil, nil, fmt.Errorf("%s: file too large to map", path)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %s: %w", path, err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}

// DropPages tells the kernel the process no longer needs b's pages of a
// read-only file mapping from [MapFile] (madvise MADV_DONTNEED): they leave
// the process's resident set (the file stays in the page cache) and a later
// access maps them again, so it never changes what the mapping reads. b
// must start on a page boundary (a mapping's start does); otherwise the
// advice is refused and nothing happens.
func DropPages(b []byte) {
	if len(b) > 0 {
		_ = syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
}
