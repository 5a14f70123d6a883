//go:build !unix

package archive

// freeSpace is unknown on this platform.
func freeSpace(string) (uint64, bool) { return 0, false }
