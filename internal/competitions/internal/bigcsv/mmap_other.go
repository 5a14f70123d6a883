//go:build !unix

package bigcsv

import "os"

// MapFile reads path into memory (no mmap on this platform).
func MapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
