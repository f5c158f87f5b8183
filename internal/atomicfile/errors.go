package atomicfile

import (
	"errors"
	"fmt"
)

// Sentinels a *RefusedError wraps, for errors.Is: why a path was refused.
var (
	// ErrBadPath: the path names no file a save can write: it is empty,
	// names a folder, lies in a folder that does not exist, or is a loop
	// of symbolic links.
	ErrBadPath = errors.New("not a path to a file")
	// ErrNotRegular: the path is a FIFO, a device, a folder or a socket,
	// not a regular file.
	ErrNotRegular = errors.New("not a regular file")
	// ErrHardLinks: the file has more than one name; replacing it under
	// one would leave the others holding the old file.
	ErrHardLinks = errors.New("file has several hard links")
	// ErrReadOnly: the file is read-only and the save was not asked to
	// replace a read-only file (Options.ReplaceReadOnly).
	ErrReadOnly = errors.New("file is read-only")
	// ErrExists: the file exists and the save was asked not to replace
	// one (Options.NoReplace).
	ErrExists = errors.New("file exists")
	// ErrCannotKeep: the new file could not be given the old one's owner,
	// group, mode or extended attributes.
	ErrCannotKeep = errors.New("file's owner, mode or attributes cannot be kept")
)

// RefusedError is returned for a path the reader (Open) or the saver
// (Options.Write) will not use, before anything is written: Err is one of
// ErrBadPath, ErrNotRegular, ErrHardLinks, ErrReadOnly, ErrExists and
// ErrCannotKeep, and Reason, its message, says why in full, naming the
// path.
type RefusedError struct {
	Path   string
	Err    error
	Reason string
	Cause  error // the system's error behind it, if any
}

func (e *RefusedError) Error() string { return e.Reason }

// Unwrap returns Err and Cause.
func (e *RefusedError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// WriteError is returned for a save that failed on the way (creating,
// writing, syncing or renaming the temporary file): the file is as it
// was, unless Replaced, when only syncing the folder failed and the new
// file is in place but may not survive a crash.
type WriteError struct {
	Path     string
	Replaced bool
	Err      error // the system's error
}

func (e *WriteError) Error() string {
	if e.Replaced {
		return fmt.Sprintf("%s was replaced, but syncing its folder failed, so the replacement may not survive a crash: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s left as it was: %v", e.Path, e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// Prefix returns err with prefix before its message when it is an error
// this package made (a *RefusedError or a *WriteError), so that a caller
// can say whose save it was ("deck: "); any other error (the system's from
// Open, Options.Keep's) is returned as it is. errors.Is and errors.As see
// through it.
func Prefix(prefix string, err error) error {
	switch err.(type) {
	case *RefusedError, *WriteError:
		return &prefixed{prefix, err}
	}
	return err
}

type prefixed struct {
	prefix string
	err    error
}

func (e *prefixed) Error() string { return e.prefix + e.err.Error() }
func (e *prefixed) Unwrap() error { return e.err }
