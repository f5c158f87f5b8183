//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package output

// canLock: this platform has no flock, so Writes are not serialized and
// nothing is swept (a sweep could remove a concurrent Write's tree).
const canLock = false

func lockRoot(string) (func(), error) { return func() {}, nil }
