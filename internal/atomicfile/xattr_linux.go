package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// keepXattrs gives the temporary file tmp every extended attribute of the
// file it replaces (a POSIX ACL is system.posix_acl_access), or says which
// it cannot. One tmp already has with the same value (a security label
// the folder gave it) is left alone.
func keepXattrs(from, tmp, path string) error {
	names, err := listXattrs(from)
	if err != nil {
		return nil // the file system keeps none
	}
	for _, name := range names {
		val, err := getXattr(from, name)
		if err != nil {
			continue // gone, or not readable by this process: not ours to keep
		}
		if have, err := getXattr(tmp, name); err == nil && bytes.Equal(have, val) {
			continue
		}
		if err := syscall.Setxattr(tmp, name, val, 0); err != nil {
			return &RefusedError{Path: path, Err: ErrCannotKeep, Cause: err, Reason: fmt.Sprintf(
				"%s: its extended attribute %s cannot be kept (%v); nothing was written", path, name, err)}
		}
	}
	return nil
}

func listXattrs(path string) ([]string, error) {
	n, err := syscall.Listxattr(path, nil)
	if err != nil || n == 0 {
		return nil, err
	}
	buf := make([]byte, n)
	if n, err = syscall.Listxattr(path, buf); err != nil {
		return nil, err
	}
	var names []string
	for _, s := range strings.Split(string(buf[:n]), "\x00") {
		if s != "" {
			names = append(names, s)
		}
	}
	return names, nil
}

func getXattr(path, name string) ([]byte, error) {
	for {
		n, err := syscall.Getxattr(path, name, nil)
		if err != nil {
			return nil, err
		}
		buf := make([]byte, n)
		m, err := syscall.Getxattr(path, name, buf)
		if errors.Is(err, syscall.ERANGE) {
			continue // it grew in between
		}
		if err != nil {
			return nil, err
		}
		return buf[:m], nil
	}
}
