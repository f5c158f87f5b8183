//go:build linux

package output

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

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

// freshMode is the mode of a file writeFile creates now: 0644 less the
// process's umask, read from /proc/self/status (Linux 4.7 and later; the
// umask has no getter that does not set it). 0 when it cannot be read.
func freshMode() fs.FileMode {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Umask:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32)
			if err != nil {
				return 0
			}
			return 0o644 &^ fs.FileMode(mask)
		}
	}
	return 0
}

// soleName reports whether the file fi describes has no other name.
func soleName(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink == 1
}
