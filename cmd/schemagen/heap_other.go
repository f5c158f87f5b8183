//go:build !(linux && (amd64 || arm64 || loong64 || ppc64 || ppc64le || riscv64 || s390x || mips64 || mips64le))

package main

// hugeHeap does nothing here: transparent huge pages are Linux's, and a
// 32-bit address space has no room to spare.
func hugeHeap() {}
