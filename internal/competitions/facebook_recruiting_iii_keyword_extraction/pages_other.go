//go:build !unix

package facebook_recruiting_iii_keyword_extraction

// dropPages does nothing where the file is not memory-mapped.
func dropPages(data []byte) {}
