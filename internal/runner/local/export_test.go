//go:build linux

package local

// SetSealCheck replaces the sealing probe for a test and returns a function
// restoring it.
func SetSealCheck(f func() error) (restore func()) {
	old := sealCheck
	sealCheck = f
	return func() { sealCheck = old }
}

// CutLifeline closes the harness's end of a sealed sandbox's lifeline, as
// the harness's death would, while leaving bwrap itself running.
func CutLifeline(sb any) bool {
	s, ok := sb.(*sandbox)
	if !ok || s.lifeline == nil {
		return false
	}
	s.lifeline.Close()
	return true
}
