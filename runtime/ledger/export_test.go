package ledger

import (
	"os"
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
