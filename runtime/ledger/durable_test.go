package ledger_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/ledger"
)

// TestGroupCommit: every row Append returns for was fsynced first, and
// writers that append at once share fsyncs: 16 writers of 100 rows each
// cost fewer fsyncs than rows.
func TestGroupCommit(t *testing.T) {
	var files, dirs atomic.Int64
	ledger.CountSyncs(t, &files, &dirs, nil)
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	if dirs.Load() != 1 {
		t.Errorf("Open of a new ledger fsynced %d folders, want its own", dirs.Load())
	}
	const writers, each = 16, 100
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				if err := l.Append(&fleet.PassedRow{SeatID: fmt.Sprintf("seat-%d", w), At: t0.Add(time.Duration(i) * time.Second)}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	n := files.Load()
	t.Logf("%d rows, %d fsyncs", writers*each, n)
	if n < 1 || n >= writers*each {
		t.Errorf("%d rows took %d fsyncs: no group commit", writers*each, n)
	}
	l.Close()
	_, rows, _ := open(t, path)
	if len(rows) != writers*each {
		t.Errorf("read back %d rows, want %d", len(rows), writers*each)
	}
	if dirs.Load() != 1 {
		t.Errorf("Open of an existing ledger fsynced its folder")
	}
}

// TestAnAppendIsDurableBeforeItReturns: a single writer fsyncs every row
// before Append returns.
func TestAnAppendIsDurableBeforeItReturns(t *testing.T) {
	var files, dirs atomic.Int64
	ledger.CountSyncs(t, &files, &dirs, nil)
	l, _, _ := open(t, filepath.Join(t.TempDir(), "seat-ledger.jsonl"))
	for i := range 5 {
		if err := l.Append(&fleet.PassedRow{SeatID: "s", At: t0}); err != nil {
			t.Fatal(err)
		}
		if got := files.Load(); got != int64(i+1) {
			t.Fatalf("after %d appends, %d fsyncs", i+1, got)
		}
	}
}

// TestAFailedFsyncFailsTheLedger: an Append whose fsync fails returns the
// error (the caller counts nothing), and so does every later one.
func TestAFailedFsyncFailsTheLedger(t *testing.T) {
	var files, dirs atomic.Int64
	eio := errors.New("input/output error")
	ledger.CountSyncs(t, &files, &dirs, eio)
	l, _, _ := open(t, filepath.Join(t.TempDir(), "seat-ledger.jsonl"))
	for range 2 {
		if err := l.Append(&fleet.PassedRow{SeatID: "s", At: t0}); !errors.Is(err, eio) {
			t.Fatalf("Append = %v, want the fsync's error", err)
		}
	}
}

// TestNoSyncIsExplicit: with Options.NoSync nothing is fsynced.
func TestNoSyncIsExplicit(t *testing.T) {
	var files, dirs atomic.Int64
	ledger.CountSyncs(t, &files, &dirs, nil)
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, err := ledger.OpenWith(path, ledger.Options{NoSync: true}, func(*ledger.Row) error { return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.Append(&fleet.PassedRow{SeatID: "s", At: t0}); err != nil {
		t.Fatal(err)
	}
	if files.Load()+dirs.Load() != 0 {
		t.Errorf("NoSync fsynced %d files and %d folders", files.Load(), dirs.Load())
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}
