//go:build linux

package output

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the names a and b atomically: renameat2(2) with
// RENAME_EXCHANGE. A kernel or file system without it (ENOSYS, EINVAL)
// gives errNoExchange, and Write falls back to two renames. A variable, so
// that tests can take the fallback.
var exchange = func(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return errNoExchange
	}
	return err
}
