//go:build !linux

package atomicfile

// keepXattrs: extended attributes are kept on Linux only.
func keepXattrs(from, tmp, path string) error { return nil }
