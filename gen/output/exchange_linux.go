//go:build linux

package output

import (
	"errors"
	"os"

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

// syncEach is false here: the files of a new tree are written without an
// fsync each, and syncFiles makes them all durable at once.
const syncEach = false

// syncFiles makes every file written under dir durable: syncfs(2) of the
// file system dir is on, one flush of its journal and dirty pages.
func syncFiles(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}
