//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package output

// sameFile reports whether the regular file p holds exactly data, reading
// it a block at a time into buf (grown as needed, and returned for reuse);
// err is set when p is not a regular file that can be read.
func sameFile(p string, data, buf []byte) (bool, []byte, error) { return sameFileOS(p, data, buf) }
