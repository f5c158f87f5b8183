//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output

import (
	"fmt"
	"os"
	"syscall"
)

// canLock: Writes lock the module root, so a sweep is safe.
const canLock = true

// lockRoot takes an exclusive flock(2) on the folder root, waiting for
// another Write to finish, and returns what releases it. The lock goes
// with the process, so a crashed generate never leaves it held.
func lockRoot(root string) (func(), error) {
	d, err := os.Open(root)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("output: locking %s: %w", root, err)
	}
	return func() { d.Close() }, nil
}
