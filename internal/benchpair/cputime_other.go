//go:build !unix

package benchpair

import "time"

// start is when the process started measuring, for CPUTime.
var start = time.Now()

// CPUTime is, where the process's CPU time cannot be read, the wall time
// since the package was initialized.
func CPUTime() time.Duration { return time.Since(start) }
