//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// owner is a file's owner and group.
type owner struct {
	uid, gid int
	known    bool
}

// ownerOf returns the owner of the file fi describes and its number of
// hard links.
func ownerOf(fi fs.FileInfo) (owner, uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return owner{}, 1
	}
	return owner{uid: int(st.Uid), gid: int(st.Gid), known: true}, uint64(st.Nlink)
}

// keepOwner gives the temporary file the old file's owner and group, or
// says it cannot: only root can give a file to another user, and only a
// member of a group can give it to that group.
func keepOwner(f tempFile, path string, o owner) error {
	if !o.known {
		return nil
	}
	if err := f.Chown(o.uid, o.gid); err != nil {
		why := err
		if pe, ok := err.(*fs.PathError); ok {
			why = pe.Err
		}
		return &RefusedError{Path: path, Err: ErrCannotKeep, Cause: err, Reason: fmt.Sprintf(
			"%s: its owner and group %d:%d cannot be kept: this process (uid %d) may not create a file they own (%v); nothing was written",
			path, o.uid, o.gid, os.Geteuid(), why)}
	}
	return nil
}

// openNonblock opens path for reading without waiting for a FIFO's writer
// or a device.
func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// flock takes an exclusive lock on f, waiting for it or not.
func flock(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			return err
		}
	}
}

// lockTemp takes the writer's lock on the temporary file f: an flock(2) on
// a second descriptor of it, held until the save is done (the data
// descriptor is closed before the rename). If a sweeping save removed the
// file before the lock was taken, it returns errSwept.
func lockTemp(f tempFile) (io.Closer, error) {
	lk, err := os.Open(f.Name())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errSwept
	}
	if err != nil {
		return nil, err
	}
	if err := flock(lk, true); err != nil {
		lk.Close()
		return nil, err
	}
	// Still the file this writer created, still under its name?
	mine, err1 := f.Stat()
	locked, err2 := lk.Stat()
	named, err3 := os.Lstat(f.Name())
	if err1 != nil || err2 != nil || err3 != nil || !os.SameFile(mine, locked) || !os.SameFile(mine, named) {
		lk.Close()
		return nil, errSwept
	}
	return lk, nil
}

// removeIfStale removes the temporary file name if no live writer holds
// its lock, and it is still the file whose lock was tried.
func removeIfStale(name string) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return
	}
	defer f.Close()
	if flock(f, false) != nil {
		return // a live writer's, or a lock we cannot take: leave it
	}
	opened, err1 := f.Stat()
	named, err2 := os.Lstat(name)
	if err1 == nil && err2 == nil && opened.Mode().IsRegular() && os.SameFile(opened, named) {
		os.Remove(name)
	}
}
