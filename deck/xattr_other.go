//go:build !linux

package deck

// keepXattrs: extended attributes are kept on Linux only.
func keepXattrs(from, tmp, path string) error { return nil }
