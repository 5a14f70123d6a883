//go:build unix

package facebook_recruiting_iii_keyword_extraction

import "syscall"

// dropPages unmaps the resident pages of the read-only file mapping data
// from the process (they stay in the page cache and fault back in cheaply
// if read again), so that reading a multi-GB temporary file in split order
// does not grow the process's resident set to the file's size.
func dropPages(data []byte) {
	if len(data) > 0 {
		syscall.Madvise(data, syscall.MADV_DONTNEED) // advice only: an error changes nothing written
	}
}
