//go:build linux

package local

// SetSealCheck replaces the sealing probe for a test and returns a function
// restoring it.
func SetSealCheck(f func() error) (restore func()) {
	old := sealCheck
	sealCheck = f
	return func() { sealCheck = old }
}
