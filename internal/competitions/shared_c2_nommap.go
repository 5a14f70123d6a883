//go:build !unix

package competitions

import "os"

// c2MapFile reads path into memory (helper C2; no mmap on this platform).
func c2MapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
