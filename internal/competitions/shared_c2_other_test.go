//go:build !unix

package competitions

import "time"

// c2CPUTime is not measured on this platform.
func c2CPUTime() (user, sys time.Duration) { return 0, 0 }
