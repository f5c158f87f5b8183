//go:build linux && (amd64 || arm64 || loong64 || ppc64 || ppc64le || riscv64 || s390x || mips64 || mips64le)

package main

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// hugeHeap asks Linux to back the first hugeHeapBytes of the Go heap with
// transparent huge pages, for the systems that leave them to the program
// (/sys/kernel/mm/transparent_hugepage/enabled set to "madvise", the
// default of many distributions; the Go runtime asks for none): one page
// fault per 2 MB of heap touched, not one per 4 KB. Each fault costs a
// trip into the kernel and a cleared page; in a virtual machine far more
// (about 18 µs a page on the VM of docs/performance.md), and a generate at 1,000 definitions faults
// some 20,000 pages (docs/performance.md).
//
// The heap grows into address space it maps as it needs it; a mapping
// made later does not keep the advice. So the space is mapped at once by
// one allocation of that size, made before anything else (fresh from the
// system, it is never touched, so it costs no memory), advised, and freed
// by a collection of the still empty heap; the heap then takes its pages
// from it first. Where the advice is refused (THP "never", an old kernel),
// nothing changes.
func hugeHeap() {
	b := make([]byte, hugeHeapBytes)
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}

// hugeHeapBytes is how much of the heap hugeHeap advises: the peak of a
// generate of up to about 5,000 definitions. Address space only: nothing of
// it is touched until the heap uses it.
const hugeHeapBytes = 256 << 20
