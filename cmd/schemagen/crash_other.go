//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

// armCrash: the crash test runs on Unix only.
func armCrash() {}
