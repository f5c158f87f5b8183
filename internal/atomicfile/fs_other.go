//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import (
	"io"
	"io/fs"
	"os"
)

// owner is a file's owner and group, which this platform does not keep.
type owner struct{}

// ownerOf: files here have no owner WriteFile can keep, and the number of
// hard links is not known.
func ownerOf(fs.FileInfo) (owner, uint64) { return owner{}, 1 }

func keepOwner(tempFile, string, owner) error { return nil }

func openNonblock(path string) (*os.File, error) { return os.Open(path) }

type noLock struct{}

func (noLock) Close() error { return nil }

// lockTemp: this platform has no flock, so no temporary file is locked and
// none is swept (removeIfStale never removes one).
func lockTemp(tempFile) (io.Closer, error) { return noLock{}, nil }

func removeIfStale(string) {}
