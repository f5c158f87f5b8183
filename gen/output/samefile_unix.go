//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output

import (
	"bytes"
	"errors"
	"io/fs"

	"golang.org/x/sys/unix"
)

// sameFile reports whether the regular file p holds exactly data, reading
// it a block at a time into buf (grown as needed, and returned for reuse);
// err is set when p is not a regular file that can be read.
//
// A no-change generate compares every file it makes, some 1,800 at 1,000
// definitions, so this is sameFileOS in four system calls a file: open
// (not following a symlink, not blocking on a FIFO), fstat, read, close.
// os.Lstat and os.Open took nine (the path looked up twice, and the file
// offered to the poller, which refuses a regular file). Where the open
// fails for another reason than a missing file (a symlink, no permission),
// sameFileOS judges it, as it always did.
func sameFile(p string, data, buf []byte) (bool, []byte, error) {
	fd, err := open(p)
	if errors.Is(err, unix.ENOENT) {
		return false, buf, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	if err != nil {
		return sameFileOS(p, data, buf)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return false, buf, &fs.PathError{Op: "fstat", Path: p, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return false, buf, fs.ErrNotExist
	}
	if st.Size != int64(len(data)) {
		return false, buf, nil
	}
	buf = compareBuf(buf, len(data))
	for off := 0; off < len(data); {
		n, err := unix.Read(fd, buf[:min(len(buf), len(data)-off)])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 || !bytes.Equal(buf[:n], data[off:off+n]) {
			return false, buf, nil // shorter than it was, or different
		}
		off += n
	}
	return true, buf, nil
}

// open opens p to read, not following a symlink and not waiting on a
// FIFO's writer (O_NONBLOCK, which a regular file ignores).
func open(p string) (int, error) {
	for {
		fd, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0)
		if !errors.Is(err, unix.EINTR) {
			return fd, err
		}
	}
}
