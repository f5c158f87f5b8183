package ledger

import (
	"os"
	"sync/atomic"
	"testing"
)

// BreakWrites swaps l's file for the write end of a pipe whose read end is
// closed, so that every write fails in the kernel (EPIPE), as a full or
// failing disk would.
func BreakWrites(t *testing.T, l *Ledger) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Close()
	l.f, l.fd = w, int(w.Fd())
}

// AppendRow and DecodeRow expose the encoder and the decoder to the
// differential tests.
var (
	AppendRow = appendRow
	DecodeRow = decodeRow
	FastRow   = fastRow
)

// CountSyncs makes the ledger's fsyncs of files and folders count into
// files and dirs, failing with fail when it is not nil, until the test
// ends.
func CountSyncs(t *testing.T, files, dirs *atomic.Int64, fail error) {
	oldFile, oldDir := syncFile, syncDir
	t.Cleanup(func() { syncFile, syncDir = oldFile, oldDir })
	syncFile = func(f *os.File) error {
		files.Add(1)
		if fail != nil {
			return fail
		}
		return oldFile(f)
	}
	syncDir = func(p string) error {
		dirs.Add(1)
		return oldDir(p)
	}
}
