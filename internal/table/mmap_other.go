//go:build !unix

package table

import "os"

// MapFile reads path into memory (no mmap on this platform).
func MapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}

// DropPages does nothing where the file is read into memory, not mapped.
func DropPages(b []byte) {}
