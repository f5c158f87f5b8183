//go:build unix

package benchpair

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) this process has used so far,
// every thread and the collector's included: what an in-process
// measurement that runs goroutines in parallel, or shares the machine with
// other work, reads in place of wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
