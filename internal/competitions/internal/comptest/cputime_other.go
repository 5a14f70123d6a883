//go:build !unix

package comptest

import "time"

// CPUTime is not measured on this platform.
func CPUTime() (user, sys time.Duration) { return 0, 0 }
