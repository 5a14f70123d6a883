//go:build unix

package archive

import "syscall"

// freeSpace returns the bytes available to unprivileged users on the file
// system holding dir (or its nearest existing ancestor).
func freeSpace(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(nearestDir(dir), &st); err != nil {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
